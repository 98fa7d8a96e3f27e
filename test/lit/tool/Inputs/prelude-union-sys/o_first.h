#ifndef O_FIRST_H
#define O_FIRST_H
#define O_FIRST_SEEN 1
#endif
