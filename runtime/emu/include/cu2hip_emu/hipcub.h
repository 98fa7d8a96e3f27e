// cu2hip CPU SIMT emulator: the hipCUB subset (include <hipcub/hipcub.hpp>
// or one of the hipcub/{warp,block,device}/*.hpp headers instead).
//
// Semantics are CUB's and hipCUB's documented ones; the emulator computes
// each collective in lane (thread, item) order, which is one of the orders
// CUB allows, so integer results are exact and floating results differ from a
// GPU's only by reassociation.
//  * WarpReduce<T, N> / WarpScan<T, N>: logical warps of N lanes (a power of
//    two <= the wave size; no N = the wave size, as hipCUB's default
//    HIPCUB_DEVICE_WARP_THREADS). Logical warp k of a wave is lanes
//    [k*N, k*N+N). One wave operation (Op::Collective) per call: every lane
//    of the logical warp must reach it (valid_items: the first valid_items
//    lanes), else a clear error. Reductions give every lane the aggregate (CUB
//    defines it in lane 0 only).
//  * BlockReduce / BlockScan: every thread of the block writes its partial to
//    the TempStorage, one __syncthreads, the first thread to resume computes
//    for all (fibers of a block never preempt each other). Checked: the block
//    has the template's dimensions, every thread reached the call with the
//    same TempStorage (so one in __shared__), and no thread reuses the
//    TempStorage before every thread has read the previous result (CUB
//    requires a __syncthreads between two uses).
//  * DeviceReduce / DeviceScan: host code; the two-call temp-storage protocol
//    (a null d_temp_storage asks for the size, a smaller buffer is
//    hipErrorInvalidValue), computed synchronously on the calling thread.
// Not emulated (compile errors name them): the other hipCUB primitives
// (radix sort, select, histogram, load/store/exchange, segmented and by-key
// algorithms, fancy iterators).
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#define HIPCUB_VERSION 400200
#define HIPCUB_RUNTIME_FUNCTION
#define HIPCUB_DEVICE
#define HIPCUB_HOST_DEVICE
#define HIPCUB_STDERR

namespace hipcub {

using cu2hip_emu::Site;

// ---------------------------------------------------------------------------
// Types and operators (hipcub/util_type.hpp, hipcub/thread/thread_operators.hpp)
// ---------------------------------------------------------------------------
struct NullType {};

template <class Key, class Value>
struct KeyValuePair {
  typedef Key Key_t;
  typedef Value Value_t;
  Key key;
  Value value;
  KeyValuePair() = default;
  KeyValuePair(const Key& k, const Value& v) : key(k), value(v) {}
  bool operator==(const KeyValuePair& b) const { return key == b.key && value == b.value; }
  bool operator!=(const KeyValuePair& b) const { return !(*this == b); }
};

struct Sum {
  template <class A, class B>
  auto operator()(const A& a, const B& b) const -> decltype(a + b) { return a + b; }
};
struct Difference {
  template <class A, class B>
  auto operator()(const A& a, const B& b) const -> decltype(a - b) { return a - b; }
};
struct Division {
  template <class A, class B>
  auto operator()(const A& a, const B& b) const -> decltype(a / b) { return a / b; }
};
struct Max {
  template <class A, class B>
  std::common_type_t<A, B> operator()(const A& a, const B& b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class A, class B>
  std::common_type_t<A, B> operator()(const A& a, const B& b) const {
    return b < a ? b : a;
  }
};
struct Equality {
  template <class A, class B>
  bool operator()(const A& a, const B& b) const { return a == b; }
};
struct Inequality {
  template <class A, class B>
  bool operator()(const A& a, const B& b) const { return a != b; }
};
// On equal values the smaller key wins (CUB's rule).
struct ArgMax {
  template <class K, class V>
  KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                const KeyValuePair<K, V>& b) const {
    if (a.value < b.value || (!(b.value < a.value) && b.key < a.key)) return b;
    return a;
  }
};
struct ArgMin {
  template <class K, class V>
  KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                const KeyValuePair<K, V>& b) const {
    if (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) return b;
    return a;
  }
};

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS,
};
enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS,
};

namespace emu {

using cu2hip_emu::block_serial;
using cu2hip_emu::fatal_in_kernel;
using cu2hip_emu::tl_lane;
using cu2hip_emu::unsupported;
using cu2hip_emu::wave_op;
using cu2hip_emu::wave_size;
using cu2hip_emu::WaveOp;

// ---------------------------------------------------------------------------
// Warp primitives: one Op::Collective per call.
// ---------------------------------------------------------------------------
enum class WarpKind { Reduce, Scan, Broadcast };

// One lane's part of a warp primitive (on the lane's stack while it waits).
template <class T, class Op>
struct WarpArgs {
  const T* in;
  T* incl = nullptr;       // inclusive result (Reduce: the aggregate)
  T* excl = nullptr;       // exclusive result
  T* aggregate = nullptr;  // optional warp aggregate
  const Op* op;
  const T* init = nullptr;  // exclusive scans with an initial value
  int valid = -1;           // Reduce(..., valid_items); -1 = the whole warp
  unsigned src = 0;         // Broadcast
  unsigned width;           // logical warp threads
  const char* what;         // e.g. "hipcub::WarpReduce::Sum"
};

inline char* message_buffer() {
  static thread_local char buf[640];
  return buf;
}

// Computes one logical warp: ops[lo, hi) are its waiting lanes.
template <class T, class Op, WarpKind K>
const char* warp_segment(WaveOp* const* ops, const unsigned* lanes, unsigned lo,
                         unsigned hi, unsigned first_thread, unsigned* bad) {
  using A = WarpArgs<T, Op>;
  const A& a0 = *static_cast<const A*>(ops[lo]->coll_args);
  const unsigned width = a0.width;
  const unsigned base = lanes[lo] / width * width;
  const unsigned seg = (first_thread + base) / width;  // logical warp of the block
  for (unsigned i = lo + 1; i < hi; ++i) {
    const A& a = *static_cast<const A*>(ops[i]->coll_args);
    if (a.valid != a0.valid || a.src != a0.src) {
      *bad = i;
      std::snprintf(message_buffer(), 640,
                    "%s: the lanes of logical warp %u pass different %s (%d and "
                    "%d); hipCUB requires one value for the logical warp",
                    a0.what, seg, a.valid != a0.valid ? "valid_items" : "source lanes",
                    a.valid != a0.valid ? a0.valid : (int)a0.src,
                    a.valid != a0.valid ? a.valid : (int)a.src);
      return message_buffer();
    }
  }
  unsigned need = width;
  if (a0.valid >= 0 && (unsigned)a0.valid < width) need = (unsigned)a0.valid;
  if (K == WarpKind::Broadcast && a0.src >= width) {
    *bad = lo;
    std::snprintf(message_buffer(), 640,
                  "%s: source lane %u is outside the logical warp of %u threads",
                  a0.what, a0.src, width);
    return message_buffer();
  }
  // Lanes are ascending, so lanes base..base+need-1 are present iff the
  // first `need` waiting lanes are exactly those.
  for (unsigned k = 0; k < need; ++k) {
    if (lo + k >= hi || lanes[lo + k] != base + k) {
      *bad = lo;
      std::snprintf(message_buffer(), 640,
                    "%s (logical warp of %u threads): lane %u of logical warp %u "
                    "(thread %u of the block) did not reach this call: it exited, "
                    "is in another branch, or lies past the block's last thread. "
                    "hipCUB requires every lane of the logical warp%s",
                    a0.what, width, k, seg, first_thread + base + k,
                    a0.valid >= 0 ? " up to valid_items" : "");
      return message_buffer();
    }
  }
  const Op& op = *a0.op;
  auto in = [&](unsigned k) -> const T& {
    return *static_cast<const A*>(ops[lo + k]->coll_args)->in;
  };
  if (K == WarpKind::Broadcast) {
    for (unsigned i = lo; i < hi; ++i)
      *static_cast<const A*>(ops[i]->coll_args)->incl = in(a0.src);
    return nullptr;
  }
  if (K == WarpKind::Reduce) {
    T acc = need ? in(0) : T();
    for (unsigned k = 1; k < need; ++k) acc = op(acc, in(k));
    for (unsigned i = lo; i < hi; ++i) *static_cast<const A*>(ops[i]->coll_args)->incl = acc;
    return nullptr;
  }
  // Scan: lane k's inclusive result is in(0) op ... op in(k); its exclusive
  // one is init op in(0) op ... op in(k-1) (lane 0: init, or left undefined).
  T acc = in(0);
  for (unsigned k = 0; k < need; ++k) {
    const A& a = *static_cast<const A*>(ops[lo + k]->coll_args);
    if (k > 0) {
      if (a.excl) *a.excl = a.init ? T(op(*a.init, acc)) : acc;
      acc = op(acc, in(k));
    } else if (a.excl && a.init) {
      *a.excl = *a.init;
    }
    if (a.incl) *a.incl = acc;
  }
  for (unsigned k = 0; k < need; ++k) {
    const A& a = *static_cast<const A*>(ops[lo + k]->coll_args);
    if (a.aggregate) *a.aggregate = acc;
  }
  return nullptr;
}

template <class T, class Op, WarpKind K>
const char* warp_collective(WaveOp* const* ops, const unsigned* lanes, unsigned n,
                            unsigned wave_size, unsigned wave, unsigned* bad) {
  using A = WarpArgs<T, Op>;
  const unsigned width = static_cast<const A*>(ops[0]->coll_args)->width;
  for (unsigned lo = 0; lo < n;) {
    unsigned hi = lo + 1;
    while (hi < n && lanes[hi] / width == lanes[lo] / width) ++hi;
    if (const char* msg = warp_segment<T, Op, K>(ops, lanes, lo, hi, wave * wave_size, bad))
      return msg;
    lo = hi;
  }
  return nullptr;
}

template <class T, class Op, WarpKind K>
void run_warp(WarpArgs<T, Op>& a, Site site) {
  WaveOp w{};
  w.op = cu2hip_emu::Op::Collective;
  w.name = a.what;
  w.site = site;
  w.coll_fn = &warp_collective<T, Op, K>;
  w.coll_args = &a;
  wave_op(w);
}

// The logical warp size: N, or the wave size for N = 0; checked against the
// wave at run time (hipCUB rejects a logical warp wider than the target's).
inline unsigned logical_width(int n, const char* what, Site site) {
  const int ws = wave_size();
  const int w = n > 0 ? n : ws;
  if (w > ws)
    fatal_in_kernel(site,
                    "%s: a logical warp of %d threads is larger than the wave "
                    "(%d lanes): invalid for this target",
                    what, w, ws);
  if (w & (w - 1))
    fatal_in_kernel(site,
                    "%s: logical warps of %d threads (not a power of two) are "
                    "not emulated",
                    what, w);
  return (unsigned)w;
}

// ---------------------------------------------------------------------------
// Block primitives: partials in the TempStorage, one barrier, computed once.
// ---------------------------------------------------------------------------
template <class T, int Threads>
struct BlockStorage {
  alignas(T) unsigned char slot_bytes[sizeof(T) * Threads];
  alignas(T) unsigned char result_bytes[sizeof(T)];
  alignas(T) unsigned char prefix_bytes[sizeof(T)];
  unsigned long long serial;  // block that last used it (block_serial())
  unsigned arrivals;          // threads that wrote their partial this round
  unsigned pending;           // threads that have not read this round's result
  int valid;                  // num_valid of this round
  bool computed;
  T* slots() { return reinterpret_cast<T*>(slot_bytes); }
  T& result() { return *reinterpret_cast<T*>(result_bytes); }
  T& prefix() { return *reinterpret_cast<T*>(prefix_bytes); }
};

template <int BX, int BY, int BZ>
inline unsigned block_rank(const char* what, Site site) {
  if ((int)blockDim.x != BX || (int)blockDim.y != BY || (int)blockDim.z != BZ)
    fatal_in_kernel(site,
                    "%s was declared for a block of (%d,%d,%d) threads but runs "
                    "in a block of (%u,%u,%u): hipCUB's block primitives need "
                    "the block's exact dimensions",
                    what, BX, BY, BZ, blockDim.x, blockDim.y, blockDim.z);
  return threadIdx.x + BX * (threadIdx.y + BY * threadIdx.z);
}

// Writes this thread's partial and waits at the barrier.
template <class T, int Threads>
void block_arrive(BlockStorage<T, Threads>& s, unsigned rank, const T& partial,
                  int valid, const char* what, Site site) {
  const unsigned long long serial = block_serial();
  if (s.serial != serial) {  // first use in this block: LDS is not zeroed
    s.serial = serial;
    s.arrivals = s.pending = 0;
    s.computed = false;
  }
  if (s.pending != 0)
    fatal_in_kernel(site,
                    "%s: the TempStorage is used again while %u threads have "
                    "not yet read the previous result: hipCUB requires "
                    "__syncthreads() between two uses of one TempStorage",
                    what, s.pending);
  if (s.computed) {
    s.computed = false;
    s.arrivals = 0;
  }
  if (s.arrivals == 0) s.valid = valid;
  else if (s.valid != valid)
    fatal_in_kernel(site,
                    "%s: threads of the block pass different num_valid (%d and "
                    "%d)",
                    what, s.valid, valid);
  new (&s.slots()[rank]) T(partial);
  ++s.arrivals;
  __syncthreads(site);
  if (!s.computed && s.arrivals != (unsigned)Threads)
    fatal_in_kernel(site,
                    "%s: %u of the block's %d threads reached this call with "
                    "this TempStorage: every thread of the block must call it, "
                    "with one TempStorage in shared memory (__shared__)",
                    what, s.arrivals, Threads);
}

template <class T, int Threads>
void block_depart(BlockStorage<T, Threads>& s) {
  --s.pending;
}

template <class T, class Op, int N>
T thread_reduce(const T (&v)[N], const Op& op) {
  T acc = v[0];
  for (int i = 1; i < N; ++i) acc = op(acc, v[i]);
  return acc;
}

}  // namespace emu

// ---------------------------------------------------------------------------
// WarpReduce
// ---------------------------------------------------------------------------
template <class T, int LOGICAL_WARP_THREADS = 0, int ARCH = 0>
class WarpReduce {
 public:
  struct TempStorage {
    unsigned char unused;
  };

  explicit WarpReduce(TempStorage&, Site site = Site())
      : width_(emu::logical_width(LOGICAL_WARP_THREADS, "hipcub::WarpReduce", site)) {}

  T Sum(T input, Site site = Site()) {
    return run(input, hipcub::Sum(), -1, "hipcub::WarpReduce::Sum", site);
  }
  T Sum(T input, int valid_items, Site site = Site()) {
    return run(input, hipcub::Sum(), valid_items < 0 ? 0 : valid_items,
               "hipcub::WarpReduce::Sum", site);
  }
  template <class ReduceOp>
  T Reduce(T input, ReduceOp op, Site site = Site()) {
    return run(input, op, -1, "hipcub::WarpReduce::Reduce", site);
  }
  template <class ReduceOp>
  T Reduce(T input, ReduceOp op, int valid_items, Site site = Site()) {
    return run(input, op, valid_items < 0 ? 0 : valid_items,
               "hipcub::WarpReduce::Reduce", site);
  }

 private:
  template <class Op>
  T run(const T& input, const Op& op, int valid, const char* what, Site site) {
    T out{};
    emu::WarpArgs<T, Op> a;
    a.in = &input;
    a.incl = &out;
    a.op = &op;
    a.valid = valid;
    a.width = width_;
    a.what = what;
    emu::run_warp<T, Op, emu::WarpKind::Reduce>(a, site);
    return out;
  }
  unsigned width_;
};

// ---------------------------------------------------------------------------
// WarpScan
// ---------------------------------------------------------------------------
template <class T, int LOGICAL_WARP_THREADS = 0, int ARCH = 0>
class WarpScan {
 public:
  struct TempStorage {
    unsigned char unused;
  };

  explicit WarpScan(TempStorage&, Site site = Site())
      : width_(emu::logical_width(LOGICAL_WARP_THREADS, "hipcub::WarpScan", site)) {}

  void InclusiveSum(T input, T& inclusive_output, Site site = Site()) {
    scan(input, &inclusive_output, nullptr, nullptr, hipcub::Sum(), nullptr,
         "hipcub::WarpScan::InclusiveSum", site);
  }
  void InclusiveSum(T input, T& inclusive_output, T& warp_aggregate, Site site = Site()) {
    scan(input, &inclusive_output, nullptr, &warp_aggregate, hipcub::Sum(), nullptr,
         "hipcub::WarpScan::InclusiveSum", site);
  }
  void ExclusiveSum(T input, T& exclusive_output, Site site = Site()) {
    const T zero = T(0);
    scan(input, nullptr, &exclusive_output, nullptr, hipcub::Sum(), &zero,
         "hipcub::WarpScan::ExclusiveSum", site);
  }
  void ExclusiveSum(T input, T& exclusive_output, T& warp_aggregate, Site site = Site()) {
    const T zero = T(0);
    scan(input, nullptr, &exclusive_output, &warp_aggregate, hipcub::Sum(), &zero,
         "hipcub::WarpScan::ExclusiveSum", site);
  }
  template <class ScanOp>
  void InclusiveScan(T input, T& inclusive_output, ScanOp op, Site site = Site()) {
    scan(input, &inclusive_output, nullptr, nullptr, op, nullptr,
         "hipcub::WarpScan::InclusiveScan", site);
  }
  template <class ScanOp>
  void InclusiveScan(T input, T& inclusive_output, ScanOp op, T& warp_aggregate,
                     Site site = Site()) {
    scan(input, &inclusive_output, nullptr, &warp_aggregate, op, nullptr,
         "hipcub::WarpScan::InclusiveScan", site);
  }
  // Lane 0's exclusive_output is undefined (left unchanged), as in CUB.
  template <class ScanOp>
  void ExclusiveScan(T input, T& exclusive_output, ScanOp op, Site site = Site()) {
    scan(input, nullptr, &exclusive_output, nullptr, op, nullptr,
         "hipcub::WarpScan::ExclusiveScan", site);
  }
  template <class ScanOp>
  void ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp op,
                     Site site = Site()) {
    scan(input, nullptr, &exclusive_output, nullptr, op, &initial_value,
         "hipcub::WarpScan::ExclusiveScan", site);
  }
  template <class ScanOp>
  void ExclusiveScan(T input, T& exclusive_output, ScanOp op, T& warp_aggregate,
                     Site site = Site()) {
    scan(input, nullptr, &exclusive_output, &warp_aggregate, op, nullptr,
         "hipcub::WarpScan::ExclusiveScan", site);
  }
  template <class ScanOp>
  void ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp op,
                     T& warp_aggregate, Site site = Site()) {
    scan(input, nullptr, &exclusive_output, &warp_aggregate, op, &initial_value,
         "hipcub::WarpScan::ExclusiveScan", site);
  }
  template <class ScanOp>
  void Scan(T input, T& inclusive_output, T& exclusive_output, ScanOp op,
            Site site = Site()) {
    scan(input, &inclusive_output, &exclusive_output, nullptr, op, nullptr,
         "hipcub::WarpScan::Scan", site);
  }
  template <class ScanOp>
  void Scan(T input, T& inclusive_output, T& exclusive_output, T initial_value,
            ScanOp op, Site site = Site()) {
    scan(input, &inclusive_output, &exclusive_output, nullptr, op, &initial_value,
         "hipcub::WarpScan::Scan", site);
  }
  T Broadcast(T input, unsigned int src_lane, Site site = Site()) {
    T out{};
    emu::WarpArgs<T, hipcub::Sum> a;
    const hipcub::Sum op;
    a.in = &input;
    a.incl = &out;
    a.op = &op;
    a.src = src_lane;
    a.width = width_;
    a.what = "hipcub::WarpScan::Broadcast";
    emu::run_warp<T, hipcub::Sum, emu::WarpKind::Broadcast>(a, site);
    return out;
  }

 private:
  template <class Op>
  void scan(const T& input, T* incl, T* excl, T* aggregate, const Op& op,
            const T* init, const char* what, Site site) {
    emu::WarpArgs<T, Op> a;
    a.in = &input;
    a.incl = incl;
    a.excl = excl;
    a.aggregate = aggregate;
    a.op = &op;
    a.init = init;
    a.width = width_;
    a.what = what;
    emu::run_warp<T, Op, emu::WarpKind::Scan>(a, site);
  }
  unsigned width_;
};

// ---------------------------------------------------------------------------
// BlockReduce
// ---------------------------------------------------------------------------
template <class T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
  static constexpr int kThreads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(kThreads > 0 && kThreads <= 1024,
                "hipcub::BlockReduce: the block must have 1..1024 threads");

 public:
  using TempStorage = emu::BlockStorage<T, kThreads>;

  explicit BlockReduce(Site = Site()) : s_(private_storage()) {}
  explicit BlockReduce(TempStorage& temp_storage, Site = Site()) : s_(temp_storage) {}

  T Sum(T input, Site site = Site()) {
    return run(input, hipcub::Sum(), kThreads, "hipcub::BlockReduce::Sum", site);
  }
  T Sum(T input, int num_valid, Site site = Site()) {
    return run(input, hipcub::Sum(), num_valid, "hipcub::BlockReduce::Sum", site);
  }
  template <int ITEMS>
  T Sum(T (&inputs)[ITEMS], Site site = Site()) {
    return run(emu::thread_reduce(inputs, hipcub::Sum()), hipcub::Sum(), kThreads,
               "hipcub::BlockReduce::Sum", site);
  }
  template <class ReduceOp>
  T Reduce(T input, ReduceOp op, Site site = Site()) {
    return run(input, op, kThreads, "hipcub::BlockReduce::Reduce", site);
  }
  template <class ReduceOp>
  T Reduce(T input, ReduceOp op, int num_valid, Site site = Site()) {
    return run(input, op, num_valid, "hipcub::BlockReduce::Reduce", site);
  }
  template <int ITEMS, class ReduceOp>
  T Reduce(T (&inputs)[ITEMS], ReduceOp op, Site site = Site()) {
    return run(emu::thread_reduce(inputs, op), op, kThreads,
               "hipcub::BlockReduce::Reduce", site);
  }

 private:
  static TempStorage& private_storage() {
    static thread_local TempStorage s;  // __shared__: one per block in flight
    return s;
  }
  // Every thread gets the aggregate of the first num_valid threads' inputs
  // (CUB defines it in thread 0 only; num_valid <= 0 gives T()).
  template <class Op>
  T run(const T& input, const Op& op, int num_valid, const char* what, Site site) {
    const unsigned rank =
        emu::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(what, site);
    emu::block_arrive(s_, rank, input, num_valid, what, site);
    if (!s_.computed) {
      const int n = num_valid < kThreads ? num_valid : kThreads;
      T acc = n > 0 ? s_.slots()[0] : T();
      for (int i = 1; i < n; ++i) acc = op(acc, s_.slots()[i]);
      new (&s_.result()) T(acc);
      s_.computed = true;
      s_.pending = s_.arrivals;
    }
    T r = s_.result();
    emu::block_depart(s_);
    return r;
  }
  TempStorage& s_;
};

// ---------------------------------------------------------------------------
// BlockScan
// ---------------------------------------------------------------------------
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
  static constexpr int kThreads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(kThreads > 0 && kThreads <= 1024,
                "hipcub::BlockScan: the block must have 1..1024 threads");
  template <class F>
  using IsCallback = std::enable_if_t<!std::is_same<std::decay_t<F>, T>::value, int>;

 public:
  using TempStorage = emu::BlockStorage<T, kThreads>;

  explicit BlockScan(Site = Site()) : s_(private_storage()) {}
  explicit BlockScan(TempStorage& temp_storage, Site = Site()) : s_(temp_storage) {}

  // ---- one item per thread ----
  void InclusiveSum(T input, T& output, Site site = Site()) {
    items1(input, output, hipcub::Sum(), nullptr, nullptr, nullptr, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  void InclusiveSum(T input, T& output, T& block_aggregate, Site site = Site()) {
    items1(input, output, hipcub::Sum(), nullptr, &block_aggregate, nullptr, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  template <class Callback, IsCallback<Callback> = 0>
  void InclusiveSum(T input, T& output, Callback& prefix_op, Site site = Site()) {
    items1(input, output, hipcub::Sum(), nullptr, nullptr, &prefix_op, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  void ExclusiveSum(T input, T& output, Site site = Site()) {
    const T zero = T(0);
    items1(input, output, hipcub::Sum(), &zero, nullptr, nullptr, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  void ExclusiveSum(T input, T& output, T& block_aggregate, Site site = Site()) {
    const T zero = T(0);
    items1(input, output, hipcub::Sum(), &zero, &block_aggregate, nullptr, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  template <class Callback, IsCallback<Callback> = 0>
  void ExclusiveSum(T input, T& output, Callback& prefix_op, Site site = Site()) {
    const T zero = T(0);
    items1(input, output, hipcub::Sum(), &zero, nullptr, &prefix_op, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  template <class ScanOp>
  void InclusiveScan(T input, T& output, ScanOp op, Site site = Site()) {
    items1(input, output, op, nullptr, nullptr, nullptr, true,
           "hipcub::BlockScan::InclusiveScan", site);
  }
  template <class ScanOp>
  void InclusiveScan(T input, T& output, ScanOp op, T& block_aggregate, Site site = Site()) {
    items1(input, output, op, nullptr, &block_aggregate, nullptr, true,
           "hipcub::BlockScan::InclusiveScan", site);
  }
  template <class ScanOp, class Callback, IsCallback<Callback> = 0>
  void InclusiveScan(T input, T& output, ScanOp op, Callback& prefix_op,
                     Site site = Site()) {
    items1(input, output, op, nullptr, nullptr, &prefix_op, true,
           "hipcub::BlockScan::InclusiveScan", site);
  }
  template <class ScanOp>
  void ExclusiveScan(T input, T& output, T initial_value, ScanOp op, Site site = Site()) {
    items1(input, output, op, &initial_value, nullptr, nullptr, false,
           "hipcub::BlockScan::ExclusiveScan", site);
  }
  template <class ScanOp>
  void ExclusiveScan(T input, T& output, T initial_value, ScanOp op, T& block_aggregate,
                     Site site = Site()) {
    items1(input, output, op, &initial_value, &block_aggregate, nullptr, false,
           "hipcub::BlockScan::ExclusiveScan", site);
  }
  template <class ScanOp, class Callback, IsCallback<Callback> = 0>
  void ExclusiveScan(T input, T& output, ScanOp op, Callback& prefix_op,
                     Site site = Site()) {
    items1(input, output, op, nullptr, nullptr, &prefix_op, false,
           "hipcub::BlockScan::ExclusiveScan", site);
  }

  // ---- ITEMS items per thread (blocked arrangement) ----
  template <int ITEMS>
  void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], Site site = Site()) {
    itemsN(input, output, hipcub::Sum(), nullptr, nullptr, nullptr, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  template <int ITEMS>
  void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T& block_aggregate,
                    Site site = Site()) {
    itemsN(input, output, hipcub::Sum(), nullptr, &block_aggregate, nullptr, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  template <int ITEMS, class Callback, IsCallback<Callback> = 0>
  void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], Callback& prefix_op,
                    Site site = Site()) {
    itemsN(input, output, hipcub::Sum(), nullptr, nullptr, &prefix_op, true,
           "hipcub::BlockScan::InclusiveSum", site);
  }
  template <int ITEMS>
  void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], Site site = Site()) {
    const T zero = T(0);
    itemsN(input, output, hipcub::Sum(), &zero, nullptr, nullptr, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  template <int ITEMS>
  void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T& block_aggregate,
                    Site site = Site()) {
    const T zero = T(0);
    itemsN(input, output, hipcub::Sum(), &zero, &block_aggregate, nullptr, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  template <int ITEMS, class Callback, IsCallback<Callback> = 0>
  void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], Callback& prefix_op,
                    Site site = Site()) {
    const T zero = T(0);
    itemsN(input, output, hipcub::Sum(), &zero, nullptr, &prefix_op, false,
           "hipcub::BlockScan::ExclusiveSum", site);
  }
  template <int ITEMS, class ScanOp>
  void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp op, Site site = Site()) {
    itemsN(input, output, op, nullptr, nullptr, nullptr, true,
           "hipcub::BlockScan::InclusiveScan", site);
  }
  template <int ITEMS, class ScanOp>
  void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp op, T& block_aggregate,
                     Site site = Site()) {
    itemsN(input, output, op, nullptr, &block_aggregate, nullptr, true,
           "hipcub::BlockScan::InclusiveScan", site);
  }
  template <int ITEMS, class ScanOp>
  void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp op,
                     Site site = Site()) {
    itemsN(input, output, op, &initial_value, nullptr, nullptr, false,
           "hipcub::BlockScan::ExclusiveScan", site);
  }
  template <int ITEMS, class ScanOp>
  void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp op,
                     T& block_aggregate, Site site = Site()) {
    itemsN(input, output, op, &initial_value, &block_aggregate, nullptr, false,
           "hipcub::BlockScan::ExclusiveScan", site);
  }

 private:
  static TempStorage& private_storage() {
    static thread_local TempStorage s;  // __shared__: one per block in flight
    return s;
  }

  struct NoCallback {
    T operator()(const T& v) const { return v; }
  };

  // Block-wide scan of one partial per thread. On return *prefix is the
  // exclusive prefix of this thread's partial (has_prefix false: thread 0
  // without an initial value or callback, prefix undefined) and *aggregate
  // the reduction of all partials (without the initial value or callback).
  template <class Op, class Callback>
  void scan_partials(const T& partial, const Op& op, const T* init, Callback* cb,
                     T* prefix, bool* has_prefix, T* aggregate, const char* what,
                     Site site) {
    const unsigned rank =
        emu::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(what, site);
    emu::block_arrive(s_, rank, partial, kThreads, what, site);
    T* v = s_.slots();
    if (!s_.computed) {  // in place: v[i] = v[0] op ... op v[i]
      for (int i = 1; i < kThreads; ++i) v[i] = op(v[i - 1], v[i]);
      new (&s_.result()) T(v[kThreads - 1]);
      s_.computed = true;
      s_.pending = s_.arrivals;
    }
    *aggregate = s_.result();
    // CUB: the callback is called by the first warp with the tile's
    // aggregate; what thread 0's call returns prefixes the whole block.
    const T* base = init;
    if (cb) {
      if ((int)rank < cu2hip_emu::wave_size()) {
        T p = (*cb)(*aggregate);
        if (rank == 0) new (&s_.prefix()) T(p);
      }
      __syncthreads(site);
      base = &s_.prefix();
    }
    *has_prefix = rank > 0 || base;
    if (rank == 0) {
      if (base) *prefix = *base;
    } else {
      *prefix = base ? T(op(*base, v[rank - 1])) : v[rank - 1];
    }
    emu::block_depart(s_);
  }

  template <class Op, class Callback>
  void items1(const T& input, T& output, const Op& op, const T* init, T* block_aggregate,
              Callback* cb, bool inclusive, const char* what, Site site) {
    T prefix{}, agg{};
    bool has = false;
    scan_partials(input, op, init, cb, &prefix, &has, &agg, what, site);
    if (inclusive) output = has ? T(op(prefix, input)) : input;
    else if (has) output = prefix;  // else undefined, as in CUB
    if (block_aggregate) *block_aggregate = agg;
  }
  template <class Op>
  void items1(const T& input, T& output, const Op& op, const T* init, T* block_aggregate,
              std::nullptr_t, bool inclusive, const char* what, Site site) {
    items1(input, output, op, init, block_aggregate, (NoCallback*)nullptr, inclusive,
           what, site);
  }

  template <int ITEMS, class Op, class Callback>
  void itemsN(T (&input)[ITEMS], T (&output)[ITEMS], const Op& op, const T* init,
              T* block_aggregate, Callback* cb, bool inclusive, const char* what,
              Site site) {
    T prefix{}, agg{};
    bool has = false;
    scan_partials(emu::thread_reduce(input, op), op, init, cb, &prefix, &has, &agg, what,
                  site);
    T in[ITEMS];  // input and output may be one array
    for (int i = 0; i < ITEMS; ++i) in[i] = input[i];
    T acc = prefix;
    for (int i = 0; i < ITEMS; ++i) {
      if (inclusive) {
        acc = (has || i > 0) ? T(op(acc, in[i])) : in[i];
        output[i] = acc;
      } else {
        if (has || i > 0) output[i] = acc;
        acc = (has || i > 0) ? T(op(acc, in[i])) : in[i];
      }
    }
    if (block_aggregate) *block_aggregate = agg;
  }
  template <int ITEMS, class Op>
  void itemsN(T (&input)[ITEMS], T (&output)[ITEMS], const Op& op, const T* init,
              T* block_aggregate, std::nullptr_t, bool inclusive, const char* what,
              Site site) {
    itemsN(input, output, op, init, block_aggregate, (NoCallback*)nullptr, inclusive,
           what, site);
  }

  TempStorage& s_;
};

}  // namespace hipcub

// DeviceReduce / DeviceScan, the host side of the subset.
#include "cu2hip_emu/hipcub_device.h"
