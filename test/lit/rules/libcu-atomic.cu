// libcu++ scoped atomics: <cuda/atomic> becomes cu2hip/cuda_atomic.h (ROCm
// 7.2 has no libcu++), with a note saying what it cannot express; the code
// keeps its cuda:: names, which the header defines over __hip_atomic_*
// builtins with the matching memory scope (test/emu/cuda_atomic_test.hip.cpp
// runs them at wave 64 and 32).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// CHECK: #include <cu2hip/cuda_atomic.h>
// CHECK-NOT: #include <cuda/atomic>
// DIAG: libcu-atomic.cu:[[@LINE+1]]:10: note: header <cuda/atomic> -> <cu2hip/cuda_atomic.h> covers part of it: libcu++ is not in ROCm 7.2{{.*}}cuda::std:: names, atomic_ref<T*> arithmetic, larger types, atomic_thread_fence and atomic_flag are not expressible [includes-partial]
#include <cuda/atomic>
#include <cuda_runtime.h>

__global__ void count(unsigned *flag, float *acc, unsigned long long *bits, int *best) {
  // CHECK: cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(*flag);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(*flag);
  f.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<float, cuda::thread_scope_system>(*acc).fetch_add(0.5f);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> b(*bits);
  b.fetch_or(1ull << (threadIdx.x % 64), cuda::memory_order_release);
  b ^= 3ull;
  cuda::atomic_ref<int, cuda::thread_scope_device> m(*best);
  m.fetch_max(threadIdx.x);
  m.fetch_min(-1, cuda::memory_order_acq_rel);
  int e = m.load(cuda::memory_order_acquire);
  while (!m.compare_exchange_weak(e, e + 1, cuda::memory_order_acq_rel, cuda::memory_order_relaxed)) {
  }
  m.compare_exchange_strong(e, 7);
  m.store(m.exchange(3) - 1, cuda::memory_order_release);
  __shared__ cuda::atomic<int, cuda::thread_scope_block> n;
  if (threadIdx.x == 0) n.store(0);
  __syncthreads();
  ++n;
  n.fetch_sub(1);
  cuda::atomic_ref<int, cuda::thread_scope_thread> own(e);
  own += 2;
}
