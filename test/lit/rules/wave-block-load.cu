// cub::BlockLoad/BlockStore with warp-transpose algorithms: rocPRIM
// static_asserts a block size that is a multiple of the wavefront (64 on
// gfx9), so they become the block-wide transpose, which gives the same
// blocked arrangement for any block size; a literal multiple of 64 is kept.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cub/cub.cuh>
__global__ void k(const float *in, float *out) {
  // CHECK: {{^}}  typedef hipcub::BlockLoad<float, 96, 4, hipcub::BLOCK_LOAD_TRANSPOSE> BL;
  // DIAG: wave-block-load.cu:[[@LINE+1]]:45: note: BLOCK_LOAD_WARP_TRANSPOSE -> BLOCK_LOAD_TRANSPOSE: rocPRIM's warp transpose needs a block size that is a multiple of the wavefront{{.*}}[wave-block-load]
  typedef cub::BlockLoad<float, 96, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> BL;
  // CHECK: {{^}}  typedef hipcub::BlockStore<float, 96, 4, hipcub::BLOCK_STORE_TRANSPOSE> BS;
  // DIAG: wave-block-load.cu:[[@LINE+1]]:46: note: BLOCK_STORE_WARP_TRANSPOSE -> BLOCK_STORE_TRANSPOSE{{.*}}[wave-block-load]
  typedef cub::BlockStore<float, 96, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> BS;
  // A direct load is fine.
  // DIAG-NOT: wave-block-load.cu:[[@LINE+1]]
  typedef cub::BlockLoad<float, 96, 4, cub::BLOCK_LOAD_DIRECT> BD;
  __shared__ typename BL::TempStorage tl;
  __shared__ typename BS::TempStorage ts;
  float v[4];
  BL(tl).Load(in, v);
  BS(ts).Store(out, v);
}

// One warp per block (the case rocPRIM rejects on gfx9), through a template
// parameter and with the timesliced variant.
template <int BLOCK>
__global__ void warp_block(const int *in, int *out) {
  // CHECK: using Load = hipcub::BlockLoad<int, BLOCK, 2, hipcub::BLOCK_LOAD_TRANSPOSE>;
  using Load = cub::BlockLoad<int, BLOCK, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>;
  // CHECK: using Store = hipcub::BlockStore<int, BLOCK, 2, hipcub::BLOCK_STORE_TRANSPOSE>;
  using Store = cub::BlockStore<int, BLOCK, 2, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union { typename Load::TempStorage l; typename Store::TempStorage s; } tmp;
  int v[2];
  Load(tmp.l).Load(in + blockIdx.x * BLOCK * 2, v);
  __syncthreads();
  Store(tmp.s).Store(out + blockIdx.x * BLOCK * 2, v);
}
template __global__ void warp_block<32>(const int *, int *);

// 128 threads: a multiple of 64, the warp transpose stays.
// CHECK: hipcub::BlockLoad<float, 128, 4, hipcub::BLOCK_LOAD_WARP_TRANSPOSE>
// DIAG-NOT: wave-block-load.cu:[[@LINE+1]]
using Wide = cub::BlockLoad<float, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
