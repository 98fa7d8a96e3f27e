//===- cu2hip/cuda_barrier.h - libcu++ barriers and async copies, block scope -===//
//
// ROCm 7.2 ships no libcu++. Ported code that includes <cuda/barrier> or
// <cuda/pipeline> includes this header instead; it defines the subset whose
// meaning is exact on AMD with block-wide barriers:
//   cuda::barrier<cuda::thread_scope_block> in __shared__ memory, initialised
//     with init(&bar, n) where n is the number of threads of the block, and
//     arrived at by every thread: arrive_and_wait() and wait(arrive()) are
//     __syncthreads() (arrive() only returns a token; the wait is the
//     barrier, so everything a thread did before arrive() is visible after
//     every thread's wait, as in CUDA). A barrier whose expected count is not
//     the block's thread count cannot be expressed with __syncthreads():
//     arrive/wait then stop the kernel (__builtin_trap) rather than run
//     with a different synchronisation; arrive_and_drop likewise.
//   cuda::memcpy_async(dst, src, size, barrier) and the cooperative form
//     cuda::memcpy_async(group, dst, src, size, barrier): an ordinary copy
//     (the group's threads share it by rank), complete when the barrier's
//     wait returns (AMD has no cp.async; the copy is synchronous).
//   cuda::pipeline<cuda::thread_scope_thread> from cuda::make_pipeline():
//     producer_acquire/commit, consumer_wait/release and memcpy_async
//     into the pipeline, pipeline_consumer_wait_prior<N>; the copy is done at
//     memcpy_async, so waits return.
//   cuda::aligned_size_t<N>, cuda::thread_scope_*.
//   Block pipelines over a __shared__ cuda::pipeline_shared_state (unified,
//     or with producer/consumer roles): cu2hip/cuda_pipeline.h, included
//     at the end of this header.
// Not expressible (no definition here, so the port stops at compile time):
// barriers of thread_scope_device/system, pipelines of those scopes,
// consumer_wait_for/consumer_wait_until, cuda::std:: names (cuda::atomic and cuda::atomic_ref: cu2hip/cuda_atomic.h). The rule includes-unsupported /
// the maps say so (rewriters/maps/overrides/shims.yaml).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CUDA_BARRIER_H
#define CU2HIP_CUDA_BARRIER_H

#include <hip/hip_runtime.h>
#include <cstddef>
#include <cstring>

namespace cuda {

#ifndef CU2HIP_CUDA_THREAD_SCOPE // also in cu2hip/cuda_atomic.h
#define CU2HIP_CUDA_THREAD_SCOPE
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};
#endif

/// A size known to be a multiple of N bytes (only a hint on AMD).
template <std::size_t N> struct aligned_size_t {
  std::size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(std::size_t V) : value(V) {}
  __host__ __device__ constexpr operator std::size_t() const { return value; }
};

// Device code: none of it in a host C++ unit (see cu2hip/wave.h).
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)
namespace cu2hip_detail {
__device__ inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ inline void copy(void *Dst, const void *Src, std::size_t Size) {
  std::memcpy(Dst, Src, Size);
}
} // namespace cu2hip_detail

template <thread_scope Scope> class barrier;

/// Block-scope barrier (trivially constructible, so it can be __shared__).
template <> class barrier<thread_scope_block> {
  unsigned Expected;

public:
  struct arrival_token {};
  __device__ friend void init(barrier *B, std::ptrdiff_t Expected) {
    B->Expected = static_cast<unsigned>(Expected);
  }
  __device__ arrival_token arrive(std::ptrdiff_t Update = 1) {
    check(Update);
    return arrival_token{};
  }
  __device__ void wait(arrival_token &&) const { __syncthreads(); }
  __device__ void arrive_and_wait() { wait(arrive()); }
  __device__ void arrive_and_drop() { __builtin_trap(); }
  __host__ __device__ static constexpr std::ptrdiff_t max() { return 1 << 30; }

private:
  /// Traps unless every thread of the block arrives once per phase.
  __device__ void check(std::ptrdiff_t Update) const {
    if (Update != 1 || Expected != cu2hip_detail::block_threads())
      __builtin_trap();
  }
};

/// cuda::memcpy_async(dst, src, size, barrier): the calling thread copies.
template <class Size>
__device__ void memcpy_async(void *Dst, const void *Src, Size S, barrier<thread_scope_block> &) {
  cu2hip_detail::copy(Dst, Src, static_cast<std::size_t>(S));
}
/// cuda::memcpy_async(group, dst, src, size, barrier): the group's threads
/// copy `size` bytes together (bytes r, r + n, ... by the thread of rank r).
template <class Group, class Size>
__device__ auto memcpy_async(const Group &G, void *Dst, const void *Src, Size S,
                             barrier<thread_scope_block> &) -> decltype(G.thread_rank(), void()) {
  std::size_t N = static_cast<std::size_t>(S), Step = G.size();
  auto *D = static_cast<unsigned char *>(Dst);
  auto *Sr = static_cast<const unsigned char *>(Src);
  for (std::size_t I = G.thread_rank(); I < N; I += Step)
    D[I] = Sr[I];
}

/// Thread-scope pipeline: each thread's own copies, complete at once.
template <thread_scope Scope> class pipeline;
template <> class pipeline<thread_scope_thread> {
public:
  __device__ void producer_acquire() {}
  __device__ void producer_commit() {}
  __device__ void consumer_wait() {}
  __device__ void consumer_release() {}
  __device__ bool quit() { return true; }
};
__device__ inline pipeline<thread_scope_thread> make_pipeline() { return {}; }
/// cuda::pipeline_consumer_wait_prior<N>(pipe): the stages are complete
/// already (copies are synchronous), so nothing is left to wait for.
template <unsigned char Prior>
__device__ void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &) {}
template <class Size>
__device__ void memcpy_async(void *Dst, const void *Src, Size S,
                             pipeline<thread_scope_thread> &) {
  cu2hip_detail::copy(Dst, Src, static_cast<std::size_t>(S));
}

#endif // HIP, CUDA or the emulator
} // namespace cuda

#include <cu2hip/cuda_pipeline.h>

#endif // CU2HIP_CUDA_BARRIER_H
