#ifndef M_EXTRA_H
#define M_EXTRA_H
#define M_EXTRA_FEATURE 1
#endif
