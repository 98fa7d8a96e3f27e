#ifndef U_ONE_H
#define U_ONE_H
inline int u_one() { return 1; }
#endif
