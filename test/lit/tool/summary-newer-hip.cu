// The summary counts names whose HIP form is newer than HIP 5.2 on a line of
// their own, not as a library of the "names converted" list.
// RUN: %cu2hip --no-semantic %s -o %t.hip 2>&1 | FileCheck %s
// CHECK: names converted:
// CHECK-NOT: needs ROCm
// CHECK-SAME: {{$}}
// CHECK-NEXT: newer HIP: 1 renamed names exist in HIP 7.2's headers, not in HIP 5.2's
#include <nvToolsExt.h>
void mark() { nvtxRangePushA("step"); }
