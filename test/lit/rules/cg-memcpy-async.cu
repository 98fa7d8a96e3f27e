// <cooperative_groups/memcpy_async.h> (not in ROCm 7.2) becomes
// cu2hip/cg_memcpy_async.h: cg::memcpy_async, cg::wait and cg::wait_prior
// stay as written; libcu++'s pipeline_consumer_wait_prior comes from
// cu2hip/cuda_barrier.h. The port compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// DIAG-NOT: memcpy_async.h{{.*}}[includes-unsupported]
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// CHECK: #include <cu2hip/cg_memcpy_async.h>
#include <cooperative_groups/memcpy_async.h>
// CHECK-NEXT: #include <cu2hip/cuda_barrier.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void stage(const double *in, double *out) {
  __shared__ double buf[128];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int base = (threadIdx.x / 32) * 32;
  // CHECK: cg::memcpy_async(tile, buf + base, in + base, cuda::aligned_size_t<8>(32 * sizeof(double)));
  cg::memcpy_async(tile, buf + base, in + base, cuda::aligned_size_t<8>(32 * sizeof(double)));
  // CHECK-NEXT: cg::wait(block);
  cg::wait(block);
  cg::memcpy_async(block, buf, (size_t)64, in, (size_t)128);
  // CHECK: cg::wait_prior<1>(block);
  cg::wait_prior<1>(block);
  double mine;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&mine, in + threadIdx.x, sizeof(double), pipe);
  pipe.producer_commit();
  // CHECK: cuda::pipeline_consumer_wait_prior<0>(pipe);
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  out[threadIdx.x] = buf[127 - threadIdx.x] + mine;
}
