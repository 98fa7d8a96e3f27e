// libcu++ barriers and pipelines that cu2hip/cuda_barrier.h cannot express
// get a warning naming the construct: device and system scopes (the shim has
// block scope only; such a port stops at compile time), timed pipeline waits
// and barrier::arrive_and_drop. Block scope and thread scope get none.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: FileCheck --check-prefix=NODIAG %s < %t.err
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// CHECK: #include <cu2hip/cuda_barrier.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

// DIAG: libcu-sync-unsupported.cu:[[@LINE+2]]:18: warning: cuda::barrier<cuda::thread_scope_device>: only block scope is expressible on AMD {{.*}} [libcu-sync-unsupported]
// CHECK: __device__ cuda::barrier<cuda::thread_scope_device> grid_bar;
__device__ cuda::barrier<cuda::thread_scope_device> grid_bar;

// The scope is decided by the template argument's value, however it is
// spelled: a constexpr variable, an alias template.
constexpr auto dev_scope = cuda::thread_scope_device;
constexpr auto blk_scope = cuda::thread_scope_block;
template <cuda::thread_scope S> using bar_t = cuda::barrier<S>;
// DIAG: libcu-sync-unsupported.cu:[[@LINE+1]]:18: warning: cuda::barrier<cuda::thread_scope_device>: only block scope is expressible
__device__ cuda::barrier<dev_scope> grid_bar2;
// DIAG: libcu-sync-unsupported.cu:[[@LINE+1]]:12: warning: cuda::barrier<cuda::thread_scope_system>: only block scope is expressible
__device__ bar_t<cuda::thread_scope_system> sys_bar;
// NODIAG-NOT: :[[@LINE+1]]:{{.*}}libcu-sync-unsupported
__device__ bar_t<blk_scope> *blk_bar;

__global__ void k(float *out, const float *in) {
  // NODIAG-NOT: :[[@LINE+1]]:{{.*}}libcu-sync-unsupported
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  // DIAG: libcu-sync-unsupported.cu:[[@LINE+1]]:20: warning: cuda::pipeline_shared_state<cuda::thread_scope_system>: only block scope is expressible
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_system, 2> sys_state;
  // NODIAG-NOT: :[[@LINE+1]]:{{.*}}libcu-sync-unsupported
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  auto pipe = cuda::make_pipeline(block, &state);
  // DIAG: libcu-sync-unsupported.cu:[[@LINE+1]]:12: warning: cuda::pipeline::consumer_wait_for: a timed wait is not expressible on AMD
  if (pipe.consumer_wait_for(cuda::std::chrono::microseconds(10)))
    out[threadIdx.x] = in[threadIdx.x];
  // DIAG: libcu-sync-unsupported.cu:[[@LINE+1]]:7: warning: cuda::barrier::arrive_and_drop: a barrier whose expected count changes is not expressible
  bar.arrive_and_drop();
  // DIAG: libcu-sync-unsupported.cu:[[@LINE+2]]:9: warning: cuda::pipeline<cuda::thread_scope_device>: only block scope (and thread scope) is expressible
  // NODIAG-NOT: libcu-pipeline-roles
  cuda::pipeline<cuda::thread_scope_device> *p = nullptr;
  (void)p;
}
