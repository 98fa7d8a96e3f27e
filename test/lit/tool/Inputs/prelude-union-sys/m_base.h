#ifndef M_BASE_H
#define M_BASE_H
inline int m_base() { return 0; }
#endif
