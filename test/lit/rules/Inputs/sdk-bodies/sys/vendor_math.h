// A system header (found through -isystem) of device helpers. cu2hip lets
// Clang skip the bodies of functions in system headers; --vectorize must
// still see that thread_offset reads the thread index.
#pragma once
__device__ inline float scale2(float v) { return 2.0f * v; }
__device__ inline float thread_offset(float v) { return v + (float)threadIdx.x; }
__device__ inline float block_sum_lane(float v) { return __shfl_xor_sync(0xffffffffu, v, 1); }
