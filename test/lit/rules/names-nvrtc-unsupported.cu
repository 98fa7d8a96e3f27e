// NVRTC functions hipRTC lacks keep their names, with a warning that says
// why (hipRTC compiles for the current device's gfx target; no list of
// compute capabilities, no PCH, no OptiX IR).
// RUN: %cu2hip %s -o - --no-summary 2>&1 | FileCheck %s
#include <nvrtc.h>

int archs(nvrtcProgram p, char *ir) {
  int n = 0;
  // CHECK: [[@LINE+1]]:3: warning: 'nvrtcGetNumSupportedArchs' has no HIP equivalent: hipRTC has no list of compute capabilities
  nvrtcGetNumSupportedArchs(&n);
  // CHECK: [[@LINE+1]]:3: warning: 'nvrtcGetOptiXIR' has no HIP equivalent: OptiX IR has no AMD counterpart
  nvrtcGetOptiXIR(p, ir);
  // CHECK: [[@LINE+1]]:3: warning: 'nvrtcSetPCHHeapSize' has no HIP equivalent
  nvrtcSetPCHHeapSize(1 << 20);
  // CHECK: nvrtcGetNumSupportedArchs(&n);
  return n;
}
