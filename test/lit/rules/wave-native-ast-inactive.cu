// --wave=native decides from Clang's parse: a warp reduction in a branch
// no configuration compiles has no AST, so it stays logical32 (the default
// port's text) and one note per file says why; with a --config that selects
// the branch the branch is parsed and the note goes.
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o /dev/null --no-summary --wave=native --config=-DUSE_OLD 2>%t2.err
// RUN: FileCheck --allow-empty --check-prefix=CONFIG %s < %t2.err
#include <cuda_runtime.h>
#ifdef USE_OLD
// CHECK: {{^}}  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(cu2hip::mask64(0xffffffff), v, o, 32);
__device__ float warpSumOld(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
#endif
// DIAG: wave-native-ast-inactive.cu:13:40: note: this warp shuffle is in a branch no configuration compiles (#if): --wave=native decides from Clang's parse, which does not see it, so it stays logical32 (32-lane warps) [wave-native]
// DIAG-NOT: [wave-native]
// CONFIG-NOT: branch no configuration compiles
