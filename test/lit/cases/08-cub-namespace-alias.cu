// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
#include <cub/cub.cuh>
// CHECK: {{^}}namespace cb = hipcub;
namespace cb = cub;
// CHECK: {{^}}namespace cb2 = ::hipcub;
namespace cb2 = ::cub;
void sort(const int *in, int *out, int n, void *tmp, size_t &bytes) {
  cb::DeviceReduce::Sum(tmp, bytes, in, out, n);
}
