// cu2hip CPU SIMT emulator: minimal fiber switching.
// Backend: Boost.Context's fcontext (fast, no syscalls) when available,
// otherwise POSIX ucontext (swapcontext saves the signal mask: slower).
#pragma once

#include <cstddef>

#if CU2HIP_EMU_HAVE_BOOST_CONTEXT
#include <boost/context/detail/fcontext.hpp>
#else
#include <ucontext.h>
#endif

namespace cu2hip_emu {

// A fiber runs `entry(arg)`; the entry function must never return (it switches
// back to the scheduler for the last time instead).
struct Fiber {
#if CU2HIP_EMU_HAVE_BOOST_CONTEXT
  boost::context::detail::fcontext_t fc = nullptr;
#else
  ucontext_t uc;
#endif
};

using FiberEntry = void (*)(void* arg);

// Prepares `f` to start `entry(arg)` on the given stack at its first resume.
void fiber_make(Fiber& f, void* stack_base, size_t stack_size, FiberEntry entry,
                void* arg);
// Saves the running context into `from` and resumes `to`.
void fiber_switch(Fiber& from, Fiber& to);

}  // namespace cu2hip_emu
