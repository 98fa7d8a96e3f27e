// cu2hip CPU SIMT emulator: hipLaunchKernelGGL as a call. The kernel
// expression is called as written, in a lambda, with the launch's arguments,
// so overload resolution and template argument deduction happen as they do
// for HIP's `kernel<<<...>>>(args)`: a host function of the same name as the
// kernel (llm.c's `gelu_forward1` launcher beside the `gelu_forward1`
// kernel), HIP_KERNEL_NAME(k<T, N>), and function-pointer variables all work.
// The arguments are copied once per GPU thread (kernel parameters are
// per-thread copies). Integer arguments may initialise pointer parameters
// if they are 0 (a literal NULL or 0 passed for an unused pointer: once
// stored, it is no longer a null pointer constant); see call_kernel.
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

/// Wraps integer arguments (with Only = long: those of NULL's type, `long`
/// under GCC and Clang on LP64) in IntArg, passes others through.
template <class Only, class A> decltype(auto) null_capable(A& a) {
  constexpr bool wrap = std::is_void<Only>::value
                            ? std::is_integral<A>::value && !std::is_same<A, bool>::value
                            : std::is_same<A, Only>::value;
  if constexpr (wrap)
    return IntArg<A>{a};
  else
    return (a);
}

/// Calls f, a lambda calling the kernel, as HIP's `kernel<<<...>>>(args)`
/// would resolve it although the arguments are stored copies: first with
/// `long` arguments able to become null pointers (so a kernel taking a
/// pointer beats a host function of its name taking a number, as with a
/// literal NULL), else as they are (templates deduce the argument's own
/// type), else with every integer able to become a null pointer (a literal
/// 0 for a pointer).
template <class F, class... A> void call_kernel(F&& f, A&... a) {
  if constexpr (std::is_invocable<F, decltype(null_capable<long>(a))...>::value)
    f(null_capable<long>(a)...);
  else if constexpr (std::is_invocable<F, A&...>::value)
    f(a...);
  else
    f(null_capable<void>(a)...);
}

/// Runs `call(args...)` (a lambda calling the kernel) on every GPU thread of
/// the grid, each with its own copy of the arguments.
template <class Call, class... A>
void launch_call(const char* name, Call call, dim3 grid, dim3 block, size_t smem,
                 hipStream_t stream, A&&... a) {
  using Tuple = std::tuple<std::decay_t<A>...>;
  Tuple args(std::forward<A>(a)...);
  KernelThunk k{[](void* fn, void* targs) {
                  Tuple copy = *static_cast<Tuple*>(targs); // per-thread parameters
                  std::apply(*static_cast<Call*>(fn), copy);
                },
                static_cast<void*>(&call), &args};
  // Pointer arguments, checked against the launching device's memory when
  // several devices are emulated (as launch_ggl does).
  const void* ptrs[sizeof...(A) + 1] = {};
  std::apply(
      [&ptrs](const auto&... v) {
        unsigned i = 0;
        ((ptrs[i++] = arg_pointer(v)), ...);
      },
      args);
  k.ptrs = ptrs;
  k.nptrs = sizeof...(A);
  launch(name, k, grid, block, smem, stream);
}

} // namespace cu2hip_emu
