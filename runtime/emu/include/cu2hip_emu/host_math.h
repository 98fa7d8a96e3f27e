// cu2hip CPU SIMT emulator: what HIP's headers put in the global namespace
// beside the runtime: the C math classification functions (isfinite, isnan,
// isinf, signbit, as ::std's), <ctime>'s clock(), and __trap().
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

/// __trap(): a GPU trap; the emulator aborts the process like a failed
/// kernel.
[[noreturn]] inline void __trap() {
  std::fprintf(stderr, "cu2hip-emu: __trap() called in a kernel\n");
  std::abort();
}
