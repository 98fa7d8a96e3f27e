// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// NVTX becomes roctx through <cu2hip/roctx.h>: roctracer's roctx.h where it
// is installed (ROCm 7.2 root: libroctx-dev), no-ops otherwise (Debian 12's
// HIP 5.2 has no roctx). Stream names have no roctx form.
// CHECK: #include <cu2hip/roctx.h>
// CHECK-NOT: nvToolsExt
// SUM: names converted: {{.*}}runtime=
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

class Range {
public:
  // CHECK: Range(const char *name) { roctxRangePushA(name); }
  Range(const char *name) { nvtxRangePush(name); }
  // CHECK: ~Range() { roctxRangePop(); }
  ~Range() { nvtxRangePop(); }
};

int annotate(cudaStream_t s) {
  // CHECK: cu2hip::roctxNameStream(s, "compute");
  nvtxNameCudaStreamA(s, "compute");
  // CHECK: roctxMarkA("start");
  nvtxMarkA("start");
  // CHECK: roctx_range_id_t id = roctxRangeStartA("phase");
  nvtxRangeId_t id = nvtxRangeStartA("phase");
  // CHECK: roctxRangeStop(id);
  nvtxRangeEnd(id);
  Range r("scope");
  return nvtxRangePushA("depth") + nvtxRangePop();
}
