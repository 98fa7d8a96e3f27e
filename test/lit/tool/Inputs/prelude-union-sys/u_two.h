#ifndef U_TWO_H
#define U_TWO_H
inline int u_two() { return 2; }
#endif
