// A user's own pointer named warpSize: its uses are kept.
__device__ int g(const int *warpSize) { return warpSize[0] * 2; }
