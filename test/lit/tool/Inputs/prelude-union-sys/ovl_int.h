#ifndef OVL_INT_H
#define OVL_INT_H
// A better overload for int arguments: a unit that does not include this
// header must not see it.
inline int pick(int) { return 2; }
#endif
