#ifndef O_SECOND_H
#define O_SECOND_H
// What this header declares depends on whether <o_first.h> came before it.
#ifdef O_FIRST_SEEN
inline int o_order() { return 1; }
#else
inline int o_order() { return 2; }
#endif
#endif
