// NVRTC maps to hipRTC: <nvrtc.h> -> <hip/hiprtc.h>, nvrtc* -> hiprtc*,
// NVRTC_* -> HIPRTC_*. hipRTC compiles to an AMDGPU code object: the CUBIN
// getters become hiprtcGetCode(Size); the PTX getters too, with a note (no
// PTX text on AMD); the supported-architecture list has no counterpart.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o /dev/null --no-summary 2>&1 | FileCheck %s --check-prefix=DIAG
// COMPILE-CHECK: rocm72
// CHECK: #include <hip/hiprtc.h>
#include <nvrtc.h>
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

// CHECK: hiprtcResult check(hiprtcResult r) {
nvrtcResult check(nvrtcResult r) {
  // CHECK: if (r != HIPRTC_SUCCESS)
  if (r != NVRTC_SUCCESS)
    // CHECK: hiprtcGetErrorString(r)
    fprintf(stderr, "%s\n", nvrtcGetErrorString(r));
  return r;
}

char *compile(const char *src, size_t *size) {
  // CHECK: hiprtcProgram prog;
  nvrtcProgram prog;
  // CHECK: check(hiprtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL));
  check(nvrtcCreateProgram(&prog, src, "k.cu", 0, NULL, NULL));
  const char *opts[] = {"-default-device"};
  // CHECK: hiprtcResult res = hiprtcCompileProgram(prog, 1, opts);
  nvrtcResult res = nvrtcCompileProgram(prog, 1, opts);
  size_t logSize;
  // CHECK: check(hiprtcGetProgramLogSize(prog, &logSize));
  check(nvrtcGetProgramLogSize(prog, &logSize));
  char *log = (char *)malloc(logSize + 1);
  // CHECK: check(hiprtcGetProgramLog(prog, log));
  check(nvrtcGetProgramLog(prog, log));
  free(log);
  // CHECK: if (res == HIPRTC_ERROR_COMPILATION)
  if (res == NVRTC_ERROR_COMPILATION)
    return nullptr;
  // CHECK: check(hiprtcGetCodeSize(prog, size));
  check(nvrtcGetCUBINSize(prog, size));
  char *code = new char[*size];
  // CHECK: check(hiprtcGetCode(prog, code));
  check(nvrtcGetCUBIN(prog, code));
  // DIAG: [[@LINE+2]]:9: note: 'nvrtcGetPTXSize' -> 'hiprtcGetCodeSize' differs in behaviour: size of the AMDGPU code object
  // CHECK: check(hiprtcGetCodeSize(prog, size));
  check(nvrtcGetPTXSize(prog, size));
  // DIAG: [[@LINE+2]]:9: note: 'nvrtcGetPTX' -> 'hiprtcGetCode' differs in behaviour: hipRTC has no PTX
  // CHECK: check(hiprtcGetCode(prog, code));
  check(nvrtcGetPTX(prog, code));
  // CHECK: check(hiprtcDestroyProgram(&prog));
  check(nvrtcDestroyProgram(&prog));
  return code;
}
