#pragma once
inline void syncb() { cudaDeviceSynchronize(); }
