// A system header of the units below (found through -isystem).
#pragma once
inline int base_sys_twice(int x) { return 2 * x; }
