//===- cu2hip/cuda_pipeline.h - libcu++ block-scope pipelines over LDS -----===//
//
// Part of cu2hip/cuda_barrier.h (which includes it; ported code includes
// that header for <cuda/pipeline>). CUDA's semantics (libcu++ <cuda/pipeline>,
// CUDA 13): a cuda::pipeline_shared_state<thread_scope_block, N> holds, per
// stage, a "produced" and a "consumed" barrier and a reference count;
//   make_pipeline(group, &state)            every thread of the group is
//                                           producer and consumer: both
//                                           barriers expect group.size();
//   make_pipeline(group, &state, nprod)     produced expects nprod,
//                                           consumed group.size() - nprod;
//   make_pipeline(group, &state, role)      the producers are counted (a
//                                           group-wide count), likewise;
//   producer_acquire()  waits until the consumers released the head stage
//                       (the consumed barrier's phase of parity p is over);
//   producer_commit()   arrives at the head stage's produced barrier, head++;
//   consumer_wait()     waits until the producers committed the tail stage;
//   consumer_release()  arrives at the tail stage's consumed barrier, tail++;
//   quit() / ~pipeline  drops the thread's reference; true for one thread,
//                       the last.
// Each barrier here is one 32-bit LDS word (bit 31: the phase parity, bits
// 0..30: arrivals in the current phase) changed by workgroup-scope atomics:
// an arrival is a compare-and-swap with acquire-release order that, for the
// last expected arrival, clears the count and flips the phase in the same
// operation; a wait polls the word with acquire order until the phase of
// the awaited parity is over. memcpy_async into a pipeline copies at once
// (AMD has no asynchronous global-to-LDS copy in HIP), so a stage's data is
// written before its producer commits, and the release/acquire pair makes
// it visible to every consumer after consumer_wait(): CUDA's guarantee.
//
// Forward progress: a CUDA warp's lanes are scheduled independently, an AMD
// wave's are not, so a wave whose lanes take both roles could wait in one
// branch for lanes parked in the other. make_pipeline(group, &state, role)
// therefore stops the kernel (__builtin_trap) when one wave holds both
// roles, instead of hanging: give each role whole waves (64 threads on
// gfx9, 32 on gfx10+; CUDA code that gives a role whole warps of a
// 32-thread-aligned block meets this at wave 32, and at wave 64 when roles
// change at multiples of 64). The rule libcu-pipeline says so at each such
// call. Scopes other than the block (pipeline_shared_state of
// thread_scope_device/system) are refused at compile time (static_assert),
// as are consumer_wait_for/consumer_wait_until (no definition here).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CUDA_PIPELINE_H
#define CU2HIP_CUDA_PIPELINE_H

#include <cu2hip/cuda_barrier.h>
#include <cstdint>
#if defined(__CU2HIP_EMU__)
#include <cstdio>
#endif

// Device code: none of it in a host C++ unit (see cu2hip/wave.h).
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)
namespace cuda {

/// The role a thread takes in a partitioned block pipeline.
enum class pipeline_role { producer, consumer };

namespace cu2hip_detail {
constexpr unsigned PhaseBit = 0x80000000u;

/// One phase barrier of a pipeline stage, in LDS: Word = phase parity (bit
/// 31) | arrivals of the current phase; Expected arrivals end a phase.
struct stage_barrier {
  unsigned Word;
  unsigned Expected;
};

/// Lets the other waves (the emulator's other threads) run while polling.
__device__ inline void backoff() {
#if defined(__CU2HIP_EMU__)
  (void)__activemask(); // a wave operation: the emulator switches threads
#else
  __builtin_amdgcn_s_sleep(1);
#endif
}

/// One arrival; the last expected one clears the count and flips the phase.
__device__ inline void arrive(stage_barrier &B) {
  unsigned Old = __hip_atomic_load(&B.Word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  unsigned New;
  do {
    unsigned Count = (Old & ~PhaseBit) + 1;
    New = Count == B.Expected ? (Old & PhaseBit) ^ PhaseBit : (Old & PhaseBit) | Count;
  } while (!__hip_atomic_compare_exchange_strong(&B.Word, &Old, New, __ATOMIC_ACQ_REL,
                                                 __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP));
}

/// Waits until the phase of parity `Parity` is over (libcu++'s wait_parity).
__device__ inline void wait_parity(stage_barrier &B, bool Parity) {
  while (((__hip_atomic_load(&B.Word, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) &
           PhaseBit) != 0) == Parity)
    backoff();
}

/// A stage: its produced and consumed barriers.
struct pipeline_stage {
  stage_barrier Produced;
  stage_barrier Consumed;
};

/// Traps when the calling wave's lanes hold both roles (see the header).
__device__ inline void require_one_role_per_wave(bool Producer) {
  if (__ballot(Producer) != 0 && __ballot(!Producer) != 0) {
#if defined(__CU2HIP_EMU__)
    std::fprintf(stderr, "cu2hip: cuda::make_pipeline: one wave holds producer and consumer "
                         "lanes; AMD waves cannot run them independently\n");
#endif
    __builtin_trap();
  }
}
} // namespace cu2hip_detail

/// Shared state of a block pipeline of `Stages` stages; declare it
/// __shared__ (trivially constructible; make_pipeline initialises it).
template <thread_scope Scope, std::uint8_t Stages> class pipeline_shared_state {
  static_assert(Scope == thread_scope_block,
                "cu2hip: only block-scope pipelines (pipeline_shared_state<thread_scope_block, "
                "N> in __shared__ memory) are expressible on AMD");

public:
  pipeline_shared_state() = default;
  pipeline_shared_state(const pipeline_shared_state &) = delete;
  pipeline_shared_state &operator=(const pipeline_shared_state &) = delete;

  cu2hip_detail::pipeline_stage Stage[Stages];
  unsigned Refcount;
};

/// Block-scope pipeline: a thread's view (its head and tail stage, phases).
template <> class pipeline<thread_scope_block> {
  cu2hip_detail::pipeline_stage *State;
  unsigned *Refcount;
  std::uint8_t Head = 0, Tail = 0, Stages;
  bool ConsumedParity = true, ProducedParity = false, Active = true;

public:
  __device__ pipeline(cu2hip_detail::pipeline_stage *S, unsigned *Ref, std::uint8_t N)
      : State(S), Refcount(Ref), Stages(N) {}
  __device__ pipeline(pipeline &&O)
      : State(O.State), Refcount(O.Refcount), Head(O.Head), Tail(O.Tail), Stages(O.Stages),
        ConsumedParity(O.ConsumedParity), ProducedParity(O.ProducedParity), Active(O.Active) {
    O.Active = false;
  }
  pipeline(const pipeline &) = delete;
  pipeline &operator=(const pipeline &) = delete;
  __device__ ~pipeline() {
    if (Active)
      (void)quit();
  }

  /// Drops this thread's reference; true for the thread that drops the last.
  __device__ bool quit() {
    Active = false;
    return __hip_atomic_fetch_add(Refcount, -1u, __ATOMIC_ACQ_REL,
                                  __HIP_MEMORY_SCOPE_WORKGROUP) == 1u;
  }
  __device__ void producer_acquire() {
    cu2hip_detail::wait_parity(State[Head].Consumed, ConsumedParity);
  }
  __device__ void producer_commit() {
    cu2hip_detail::arrive(State[Head].Produced);
    if (++Head == Stages) {
      Head = 0;
      ConsumedParity = !ConsumedParity;
    }
  }
  __device__ void consumer_wait() {
    cu2hip_detail::wait_parity(State[Tail].Produced, ProducedParity);
  }
  __device__ void consumer_release() {
    cu2hip_detail::arrive(State[Tail].Consumed);
    if (++Tail == Stages) {
      Tail = 0;
      ProducedParity = !ProducedParity;
    }
  }
};

namespace cu2hip_detail {
/// Thread 0 of the group sets every stage's expected counts and the
/// reference count; then the group synchronises (as libcu++).
template <class Group, std::uint8_t N>
__device__ pipeline<thread_scope_block> start(const Group &G,
                                              pipeline_shared_state<thread_scope_block, N> *S,
                                              unsigned Producers, unsigned Consumers) {
  if (G.thread_rank() == 0) {
    for (unsigned I = 0; I < N; ++I) {
      S->Stage[I].Produced = {0u, Producers};
      S->Stage[I].Consumed = {0u, Consumers};
    }
    S->Refcount = static_cast<unsigned>(G.size());
  }
  G.sync();
  return pipeline<thread_scope_block>(S->Stage, &S->Refcount, N);
}
} // namespace cu2hip_detail

/// Unified pipeline: every thread of `G` produces and consumes.
template <class Group, thread_scope Scope, std::uint8_t N>
__device__ pipeline<Scope> make_pipeline(const Group &G, pipeline_shared_state<Scope, N> *S) {
  unsigned Size = static_cast<unsigned>(G.size());
  return cu2hip_detail::start(G, S, Size, Size);
}

/// Partitioned pipeline with `Producers` producer threads, the rest consumers.
template <class Group, thread_scope Scope, std::uint8_t N>
__device__ pipeline<Scope> make_pipeline(const Group &G, pipeline_shared_state<Scope, N> *S,
                                         std::size_t Producers) {
  unsigned Size = static_cast<unsigned>(G.size()), P = static_cast<unsigned>(Producers);
  return cu2hip_detail::start(G, S, P, Size - P);
}

/// Partitioned pipeline, each thread naming its role; the producers are
/// counted over the group. Traps when a wave holds both roles.
template <class Group, thread_scope Scope, std::uint8_t N>
__device__ pipeline<Scope> make_pipeline(const Group &G, pipeline_shared_state<Scope, N> *S,
                                         pipeline_role Role) {
  bool Producer = Role == pipeline_role::producer;
  cu2hip_detail::require_one_role_per_wave(Producer);
  if (G.thread_rank() == 0)
    S->Refcount = 0;
  G.sync();
  if (Producer)
    __hip_atomic_fetch_add(&S->Refcount, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  G.sync();
  unsigned P = __hip_atomic_load(&S->Refcount, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  G.sync(); // every thread has read the count before thread 0 reuses the word
  unsigned Size = static_cast<unsigned>(G.size());
  return cu2hip_detail::start(G, S, P, Size - P);
}

/// cuda::memcpy_async(dst, src, size, pipe) into a block pipeline: the
/// calling thread copies at once (part of the stage it commits next).
template <class Size>
__device__ void memcpy_async(void *Dst, const void *Src, Size S, pipeline<thread_scope_block> &) {
  cu2hip_detail::copy(Dst, Src, static_cast<std::size_t>(S));
}

/// cuda::memcpy_async(group, dst, src, size, pipe): the group's threads copy
/// together (bytes r, r + n, ... by the thread of rank r), for either scope.
template <class Group, class Size, thread_scope Scope>
__device__ auto memcpy_async(const Group &G, void *Dst, const void *Src, Size S, pipeline<Scope> &)
    -> decltype(G.thread_rank(), void()) {
  std::size_t N = static_cast<std::size_t>(S), Step = G.size();
  auto *D = static_cast<unsigned char *>(Dst);
  auto *Sr = static_cast<const unsigned char *>(Src);
  for (std::size_t I = G.thread_rank(); I < N; I += Step)
    D[I] = Sr[I];
}

/// cuda::pipeline_producer_commit(pipe, barrier): the thread's copies are
/// complete already, so the barrier has nothing more to wait for.
template <thread_scope Scope>
__device__ void pipeline_producer_commit(pipeline<thread_scope_thread> &, barrier<Scope> &) {}

} // namespace cuda
#endif // HIP, CUDA or the emulator

#endif // CU2HIP_CUDA_PIPELINE_H
