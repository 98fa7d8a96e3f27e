#include "fiber.h"

#include <cstdint>

namespace cu2hip_emu {

#if CU2HIP_EMU_HAVE_BOOST_CONTEXT
namespace bcd = boost::context::detail;

namespace {
struct StartInfo {
  FiberEntry entry;
  void* arg;
  Fiber* from;  // context that started us: receives its saved state
};
thread_local StartInfo tl_start;

void trampoline(bcd::transfer_t t) {
  StartInfo s = tl_start;
  static_cast<Fiber*>(t.data)->fc = t.fctx;
  s.entry(s.arg);
  __builtin_trap();  // entries never return
}
}  // namespace

void fiber_make(Fiber& f, void* stack_base, size_t stack_size, FiberEntry entry,
                void* arg) {
  // fcontext wants the top of the stack.
  void* top = static_cast<char*>(stack_base) + stack_size;
  f.fc = bcd::make_fcontext(top, stack_size, trampoline);
  // Entry and argument are handed over on the first switch.
  tl_start.entry = entry;
  tl_start.arg = arg;
  (void)f;
}

// fiber_make stores the start info in a thread-local slot that the fiber reads
// when it first runs: all fibers made on one OS thread must therefore share
// the same entry and argument until they have started (the scheduler uses one
// entry per worker and finds the lane through the worker).
void fiber_switch(Fiber& from, Fiber& to) {
  bcd::transfer_t t = bcd::jump_fcontext(to.fc, &from);
  // Resumed: t.data names the context we came from; store its state.
  static_cast<Fiber*>(t.data)->fc = t.fctx;
}

#else

namespace {
struct Packed {
  FiberEntry entry;
  void* arg;
};
void uc_trampoline(unsigned hi, unsigned lo) {
  uintptr_t p = ((uintptr_t)hi << 32) | (uintptr_t)lo;
  Packed* pk = reinterpret_cast<Packed*>(p);
  pk->entry(pk->arg);
  __builtin_trap();
}
thread_local Packed tl_packed;
}  // namespace

void fiber_make(Fiber& f, void* stack_base, size_t stack_size, FiberEntry entry,
                void* arg) {
  getcontext(&f.uc);
  f.uc.uc_stack.ss_sp = stack_base;
  f.uc.uc_stack.ss_size = stack_size;
  f.uc.uc_link = nullptr;
  tl_packed.entry = entry;
  tl_packed.arg = arg;
  uintptr_t p = reinterpret_cast<uintptr_t>(&tl_packed);
  makecontext(&f.uc, (void (*)())uc_trampoline, 2, (unsigned)(p >> 32),
              (unsigned)(p & 0xffffffffu));
}

void fiber_switch(Fiber& from, Fiber& to) { swapcontext(&from.uc, &to.uc); }

#endif

}  // namespace cu2hip_emu
