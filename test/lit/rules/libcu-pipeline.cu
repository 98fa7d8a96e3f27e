// libcu++ block-scope pipelines: <cuda/pipeline> becomes cu2hip/cuda_barrier.h
// (with cu2hip/cuda_pipeline.h), which defines cuda::pipeline_shared_state,
// cuda::make_pipeline(group, state[, role | producer count]) and
// cuda::pipeline_role, so the code keeps its cuda:: names. A make_pipeline
// with roles gets a note (each AMD wave must hold one role); the unified
// form and the producer-count form get none.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: FileCheck --check-prefix=NODIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// CHECK: #include <cu2hip/cuda_barrier.h>
// DIAG: libcu-pipeline.cu:[[@LINE+1]]:10: note: header <cuda/pipeline> -> <cu2hip/cuda_barrier.h> covers part of it: {{.*}}block pipelines (unified or with producer/consumer roles{{.*}} [includes-partial]
#include <cuda/pipeline>
namespace cg = cooperative_groups;
// NODIAG-NOT: libcu-sync-unsupported

constexpr int kStages = 4, kTile = 16;

// One producer warp (rows 16 and 17 of a 16x18 block), 16 consumer rows.
__global__ void partitioned(float *c, const float *a, int tiles) {
  __shared__ float as[kStages][kTile][kTile];
  // CHECK: __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto cta = cg::this_thread_block();
  const auto shape1 = cuda::aligned_size_t<alignof(float)>(sizeof(float));
  const auto role = threadIdx.y < kTile ? cuda::pipeline_role::consumer : cuda::pipeline_role::producer;
  // DIAG: libcu-pipeline.cu:[[@LINE+2]]:21: note: cuda::make_pipeline with producer/consumer roles: {{.*}}a wave whose lanes hold both roles traps at make_pipeline instead of hanging [libcu-pipeline-roles]
  // CHECK: auto pipe = cuda::make_pipeline(cta, &state, role);
  auto pipe = cuda::make_pipeline(cta, &state, role);
  float sum = 0;
  for (int i = 0, fill = 0; i < tiles; ++i) {
    if (threadIdx.y >= kTile) {
      for (; fill <= i + kStages && fill < tiles; ++fill) {
        pipe.producer_acquire();
        for (int row = threadIdx.y - kTile; row < kTile; row += 2)
          cuda::memcpy_async(&as[fill % kStages][row][threadIdx.x],
                             &a[(fill * kTile + row) * kTile + threadIdx.x], shape1, pipe);
        pipe.producer_commit();
      }
    } else {
      pipe.consumer_wait();
      for (int k = 0; k < kTile; ++k)
        sum += as[i % kStages][threadIdx.y][k];
      pipe.consumer_release();
    }
  }
  if (threadIdx.y < kTile)
    c[threadIdx.y * kTile + threadIdx.x] = sum;
}

// Every thread produces and consumes; the block copies each tile together.
__global__ void unified(float *c, const float *a, int tiles) {
  __shared__ float buf[2][256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  // CHECK: auto pipe = cuda::make_pipeline(block, &state);
  auto pipe = cuda::make_pipeline(block, &state);
  float sum = 0;
  for (int i = 0; i < tiles; ++i) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[i % 2], a + i * 256, sizeof(float) * 256, pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    sum += buf[i % 2][255 - threadIdx.x];
    pipe.consumer_release();
  }
  if (pipe.quit())
    c[256] = 1;
  c[threadIdx.x] = sum;
}

// The first 64 threads produce, by count.
__global__ void counted(float *c, const float *a) {
  __shared__ float buf[64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  auto pipe = cuda::make_pipeline(cg::this_thread_block(), &state, 64);
  if (threadIdx.x < 64) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[threadIdx.x], &a[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
  } else {
    pipe.consumer_wait();
    c[threadIdx.x] = buf[threadIdx.x % 64];
    pipe.consumer_release();
  }
}

// Thread scope, as before: wait_prior over the thread's own stages.
__global__ void thread_scope(float *c, const float *a) {
  __shared__ float buf[256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  cuda::memcpy_async(&buf[threadIdx.x], &a[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  c[threadIdx.x] = buf[255 - threadIdx.x];
}
