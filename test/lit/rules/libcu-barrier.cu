// libcu++ block-scope barriers and async copies: <cuda/barrier> and
// <cuda/pipeline> become cu2hip/cuda_barrier.h (ROCm 7.2 has no libcu++),
// with a note saying which scopes and uses it cannot express; the code
// keeps its cuda:: names, which the header defines.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// CHECK: #include <cu2hip/cuda_barrier.h>
// DIAG: libcu-barrier.cu:[[@LINE+1]]:10: note: header <cuda/barrier> -> <cu2hip/cuda_barrier.h> covers part of it: libcu++ is not in ROCm 7.2{{.*}}other scopes, other expected counts (trap at run time) and arrive_and_drop are not expressible [includes-partial]
#include <cuda/barrier>
// DIAG: libcu-barrier.cu:[[@LINE+1]]:10: note: header <cuda/pipeline> -> <cu2hip/cuda_barrier.h> covers part of it: {{.*}}block pipelines (unified or with producer/consumer roles{{.*}}pipelines of device or system scope and timed waits are not expressible [includes-partial]
#include <cuda/pipeline>
#include <utility>
namespace cg = cooperative_groups;

__global__ void smooth(const float *in, float *out) {
  __shared__ float tile[256];
  // CHECK: __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  // CHECK: cuda::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256, bar);
  cuda::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256, bar);
  bar.arrive_and_wait();
  int t = threadIdx.x;
  float v = tile[t] + tile[(t + 1) % 256];
  auto token = bar.arrive();
  bar.wait(std::move(token));
  float mine;
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&mine, in + t, sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_release();
  out[blockIdx.x * 256 + t] = v + mine;
}
