// cu2hip CPU SIMT emulator: hipLaunchKernelGGL as a call. The kernel
// expression is called as written, in a lambda, with the launch's arguments,
// so overload resolution and template argument deduction happen as they do
// for HIP's `kernel<<<...>>>(args)`: a host function of the same name as the
// kernel (llm.c's `gelu_forward1` launcher beside the `gelu_forward1`
// kernel), HIP_KERNEL_NAME(k<T, N>), and function-pointer variables all work.
// The arguments are copied once per GPU thread (kernel parameters are
// per-thread copies). Integer arguments can initialise pointer parameters
// when they are 0 (a literal NULL or 0 passed for an unused pointer).
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "cu2hip_emu/core.h"

namespace cu2hip_emu {

/// An integer launch argument: converts to its own type, and to any pointer
/// type when it is 0 (else a clear error).
template <class I> struct IntArg {
  I v;
  operator I() const { return v; }
  template <class T> operator T*() const {
    if (v != 0)
      fatal_in_kernel(Site(), "hipLaunchKernelGGL: non-zero integer %lld passed for a pointer parameter",
                      (long long)v);
    return nullptr;
  }
};

template <class A>
using LaunchArg = std::conditional_t<std::is_integral<A>::value && !std::is_same<A, bool>::value,
                                     IntArg<A>, A>;

/// Runs `call(args...)` (a lambda calling the kernel) on every GPU thread of
/// the grid, each with its own copy of the arguments.
template <class Call, class... A>
void launch_call(const char* name, Call call, dim3 grid, dim3 block, size_t smem,
                 hipStream_t stream, A&&... a) {
  using Tuple = std::tuple<LaunchArg<std::decay_t<A>>...>;
  Tuple args{LaunchArg<std::decay_t<A>>{std::forward<A>(a)}...};
  KernelThunk k{[](void* fn, void* targs) {
                  Tuple copy = *static_cast<Tuple*>(targs); // per-thread parameters
                  std::apply(*static_cast<Call*>(fn), copy);
                },
                static_cast<void*>(&call), &args};
  launch(name, k, grid, block, smem, stream);
}

} // namespace cu2hip_emu
