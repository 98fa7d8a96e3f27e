// The user's own header named like the CUDA runtime's.
#pragma once
inline int userHelper() { return 1; }
