// Shared by the wave-rule harnesses (test/emu/wave_rules/*_main.cpp): each
// harness launches one ported kernel on the emulator, compares every output
// with a CPU-computed expectation, and checks the verdict per output:
//   --form=logical32  (cu2hip's default port) every output right at wave 32
//                     and wave 64;
//   --form=native     (cu2hip --wave=native) the same;
//   --form=keep       (cu2hip --wave=keep: renamed, masks only widened) right
//                     at wave 32; at wave 64 wrong exactly where the
//                     catalogue (docs/wave64.md A.2) says so, with
//                     ROCm's release semantics (CU2HIP_EMU_MASK_CHECK=0; with
//                     the debug mask check the keep form traps instead, which
//                     run_keep.sh checks).
// Exit status: 0 when every verdict is as expected, 1 otherwise, 2 usage.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace wave_rules {

struct Check {
  const char* kernel;
  bool keep = false;
  int wave = 0;
  bool ok = true;

  Check(const char* k, int argc, char** argv) : kernel(k) {
    int form = -1;
    for (int i = 1; i < argc; ++i) {
      if (!std::strcmp(argv[i], "--form=logical32")) form = 0;
      else if (!std::strcmp(argv[i], "--form=keep")) form = 1;
      else if (!std::strcmp(argv[i], "--form=native")) form = 2;
      else { form = -2; break; }
    }
    if (form < 0) {
      std::fprintf(stderr, "usage: %s --form=logical32|keep|native\n", argv[0]);
      std::exit(2);
    }
    keep = form == 1;
    hipDeviceProp_t p;
    hipGetDeviceProperties(&p, 0);
    wave = p.warpSize;
    std::printf("%s, %s form, wave %d\n", kernel,
                keep ? "keep" : form == 2 ? "native" : "logical32", wave);
  }

  // One output: `bad` of `total` values differ from the CPU expectation.
  // `keep_wrong_at_64`: the catalogue says the keep form gets it wrong on a
  // wave64 GPU (`why` names the row).
  void output(const char* name, int bad, int total, bool keep_wrong_at_64, const char* why) {
    bool expect_right = !(keep && wave == 64 && keep_wrong_at_64);
    bool right = bad == 0;
    bool as_expected = right == expect_right;
    ok = ok && as_expected;
    std::printf("  %-28s %-5s (%d of %d wrong)  expected %-5s  %s%s\n", name,
                right ? "RIGHT" : "WRONG", bad, total, expect_right ? "RIGHT" : "WRONG",
                as_expected ? "ok" : "MISMATCH", keep ? why : "");
  }

  int finish() const {
    std::printf("%s: %s\n", kernel, ok ? "as expected" : "NOT as expected");
    return ok ? 0 : 1;
  }
};

template <class T>
T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  hipMalloc((void**)&d, h.size() * sizeof(T));
  hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice);
  return d;
}

template <class T>
std::vector<T> to_host(const T* d, size_t n) {
  std::vector<T> h(n);
  hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
  return h;
}

template <class T>
int count_bad(const std::vector<T>& got, const std::vector<T>& want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i) bad += !(got[i] == want[i]);
  return bad;
}

inline void launched() {
  hipError_t e = hipGetLastError();
  if (e != hipSuccess) {
    std::fprintf(stderr, "launch failed: %s\n", hipGetErrorString(e));
    std::exit(3);
  }
}

}  // namespace wave_rules
