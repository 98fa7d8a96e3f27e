// cu2hip CPU SIMT emulator: hipCUB's DeviceReduce and DeviceScan (host side),
// part of the hipCUB subset of cu2hip_emu/hipcub.h (which includes this file
// last; include <hipcub/hipcub.hpp> instead). The two-call temp-storage
// protocol is kept (a null d_temp_storage asks for the size, a smaller buffer
// is hipErrorInvalidValue); the result is computed synchronously on the
// calling thread.
#pragma once

#include "cu2hip_emu/hipcub.h"

namespace hipcub {

// ---------------------------------------------------------------------------
// DeviceReduce / DeviceScan (host side)
// ---------------------------------------------------------------------------
namespace emu {

// What the size query returns: any non-zero size works, since the emulator
// computes on the host; a buffer must be at least this large.
constexpr size_t kDeviceTempBytes = 256;

template <class It>
using value_t = typename std::iterator_traits<It>::value_type;
template <class A, class B>
using non_void_t = std::conditional_t<std::is_void<A>::value, B, A>;

// The temp-storage protocol; returns true when the call should compute.
inline bool device_prologue(void* d_temp_storage, size_t& temp_storage_bytes,
                            const char* what, hipError_t* err) {
  *err = hipSuccess;
  if (tl_lane)
    unsupported("hipCUB device-wide algorithms called from a kernel");
  if (!d_temp_storage) {
    temp_storage_bytes = kDeviceTempBytes;
    return false;
  }
  if (temp_storage_bytes < kDeviceTempBytes) {
    std::fprintf(stderr,
                 "cu2hip-emu: %s: temp_storage_bytes %zu is smaller than the %zu "
                 "bytes the size query returned\n",
                 what, temp_storage_bytes, kDeviceTempBytes);
    *err = hipErrorInvalidValue;
    return false;
  }
  return true;
}

template <class InIt, class OutIt, class Op, class Init>
hipError_t reduce(void* tmp, size_t& bytes, InIt in, OutIt out, long long n, Op op,
                  Init init, const char* what) {
  hipError_t err;
  if (!device_prologue(tmp, bytes, what, &err)) return err;
  using Acc = std::decay_t<decltype(op(init, *in))>;
  Acc acc = init;
  for (long long i = 0; i < n; ++i) acc = op(acc, in[i]);
  *out = acc;
  return hipSuccess;
}

template <class InIt, class OutIt, class Op, class Init>
hipError_t scan(void* tmp, size_t& bytes, InIt in, OutIt out, long long n, Op op,
                const Init* init, const char* what) {
  hipError_t err;
  if (!device_prologue(tmp, bytes, what, &err)) return err;
  if (n <= 0) return hipSuccess;
  using In = value_t<InIt>;
  using Acc = std::decay_t<decltype(op(std::declval<std::conditional_t<
                                           std::is_same<Init, NullType>::value, In, Init>>(),
                                       *in))>;
  if constexpr (std::is_same<Init, NullType>::value) {  // inclusive
    Acc acc = in[0];
    out[0] = acc;
    for (long long i = 1; i < n; ++i) {
      acc = op(acc, in[i]);
      out[i] = acc;
    }
    return hipSuccess;
  } else {
    Acc acc = *init;
    for (long long i = 0; i < n; ++i) {
      Acc x = in[i];  // read before the write: in and out may be one buffer
      out[i] = acc;
      acc = op(acc, x);
    }
    return hipSuccess;
  }
}

}  // namespace emu

struct DeviceReduce {
  template <class InIt, class OutIt, class NumItemsT, class ReduceOp, class T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                           OutIt d_out, NumItemsT num_items, ReduceOp op, T init,
                           hipStream_t = 0, bool = false) {
    return emu::reduce(d_temp_storage, temp_storage_bytes, d_in, d_out,
                       (long long)num_items, op, init, "hipcub::DeviceReduce::Reduce");
  }
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                        OutIt d_out, NumItemsT num_items, hipStream_t = 0, bool = false) {
    using Init = emu::non_void_t<emu::value_t<OutIt>, emu::value_t<InIt>>;
    return emu::reduce(d_temp_storage, temp_storage_bytes, d_in, d_out,
                       (long long)num_items, hipcub::Sum(), Init(0),
                       "hipcub::DeviceReduce::Sum");
  }
  // Empty input: std::numeric_limits<T>::max() (CUB's rule).
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                        OutIt d_out, NumItemsT num_items, hipStream_t = 0, bool = false) {
    using In = emu::value_t<InIt>;
    return emu::reduce(d_temp_storage, temp_storage_bytes, d_in, d_out,
                       (long long)num_items, hipcub::Min(),
                       std::numeric_limits<In>::max(), "hipcub::DeviceReduce::Min");
  }
  // Empty input: std::numeric_limits<T>::lowest() (CUB's rule).
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                        OutIt d_out, NumItemsT num_items, hipStream_t = 0, bool = false) {
    using In = emu::value_t<InIt>;
    return emu::reduce(d_temp_storage, temp_storage_bytes, d_in, d_out,
                       (long long)num_items, hipcub::Max(),
                       std::numeric_limits<In>::lowest(), "hipcub::DeviceReduce::Max");
  }
  // Output: KeyValuePair<int, T> {index, value}; first index of the minimum;
  // empty input: {1, max()} (CUB's rule).
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                           OutIt d_out, NumItemsT num_items, hipStream_t = 0,
                           bool = false) {
    return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
               true, "hipcub::DeviceReduce::ArgMin");
  }
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes, InIt d_in,
                           OutIt d_out, NumItemsT num_items, hipStream_t = 0,
                           bool = false) {
    return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
               false, "hipcub::DeviceReduce::ArgMax");
  }

 private:
  template <class InIt, class OutIt>
  static hipError_t arg(void* tmp, size_t& bytes, InIt in, OutIt out, long long n,
                        bool min, const char* what) {
    hipError_t err;
    if (!emu::device_prologue(tmp, bytes, what, &err)) return err;
    using In = emu::value_t<InIt>;
    using Pair = KeyValuePair<int, In>;
    if (n <= 0) {
      *out = Pair(1, min ? std::numeric_limits<In>::max() : std::numeric_limits<In>::lowest());
      return hipSuccess;
    }
    Pair best(0, in[0]);
    for (long long i = 1; i < n; ++i) {
      Pair c((int)i, in[i]);
      best = min ? hipcub::ArgMin()(best, c) : hipcub::ArgMax()(best, c);
    }
    *out = best;
    return hipSuccess;
  }
};

struct DeviceScan {
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 InIt d_in, OutIt d_out, NumItemsT num_items,
                                 hipStream_t = 0, bool = false) {
    return emu::scan(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
                     hipcub::Sum(), (const NullType*)nullptr,
                     "hipcub::DeviceScan::InclusiveSum");
  }
  // out[0] = 0.
  template <class InIt, class OutIt, class NumItemsT>
  static hipError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 InIt d_in, OutIt d_out, NumItemsT num_items,
                                 hipStream_t = 0, bool = false) {
    using In = emu::value_t<InIt>;
    const In zero = In(0);
    return emu::scan(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
                     hipcub::Sum(), &zero, "hipcub::DeviceScan::ExclusiveSum");
  }
  template <class InIt, class OutIt, class ScanOp, class NumItemsT>
  static hipError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InIt d_in, OutIt d_out, ScanOp op, NumItemsT num_items,
                                  hipStream_t = 0, bool = false) {
    return emu::scan(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
                     op, (const NullType*)nullptr, "hipcub::DeviceScan::InclusiveScan");
  }
  template <class InIt, class OutIt, class ScanOp, class InitT, class NumItemsT>
  static hipError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InIt d_in, OutIt d_out, ScanOp op, InitT init,
                                  NumItemsT num_items, hipStream_t = 0, bool = false) {
    return emu::scan(d_temp_storage, temp_storage_bytes, d_in, d_out, (long long)num_items,
                     op, &init, "hipcub::DeviceScan::ExclusiveScan");
  }
};

}  // namespace hipcub
