// Harness for reduce_broadcast.cu (see check.h): rows 1, 2, 4.
#include "check.h"

#include <algorithm>
#include <cmath>

__global__ void warp_reduce_broadcast(const float* x, float* sums, float* maxes,
                                      float* centred, int n);

int main(int argc, char** argv) {
  wave_rules::Check c("reduce_broadcast", argc, argv);
  const int n = 512, warps = n / 32;
  std::vector<float> x(n);
  // Small integers: every sum and centred value is exact in float.
  for (int i = 0; i < n; ++i) x[i] = (float)((i * 37 + (i >> 5) * 101) % 61 - 30);
  std::vector<float> sums(warps), maxes(n), centred(n);
  for (int w = 0; w < warps; ++w) {
    float s = 0, m = -INFINITY;
    for (int l = 0; l < 32; ++l) s += x[w * 32 + l], m = std::max(m, x[w * 32 + l]);
    sums[w] = s;
    for (int l = 0; l < 32; ++l) {
      maxes[w * 32 + l] = m;
      centred[w * 32 + l] = x[w * 32 + l] - s / 32.0f;
    }
  }
  float* dx = wave_rules::to_device(x);
  float* ds = wave_rules::to_device(std::vector<float>(warps, 0.0f));
  float* dm = wave_rules::to_device(std::vector<float>(n, 0.0f));
  float* dc = wave_rules::to_device(std::vector<float>(n, 0.0f));
  hipLaunchKernelGGL(warp_reduce_broadcast, dim3(n / 128), dim3(128), 0, 0, dx, ds, dm, dc, n);
  wave_rules::launched();
  c.output("shfl_down tree sum (lane 0)",
           wave_rules::count_bad(wave_rules::to_host(ds, warps), sums), warps, false,
           "  [row 2: lane 0 / lane 32 still hold their half's sum]");
  c.output("shfl_xor butterfly max",
           wave_rules::count_bad(wave_rules::to_host(dm, n), maxes), n, false,
           "  [row 1: xor offsets < 32 stay in each half]");
  c.output("centred by lane-0 broadcast",
           wave_rules::count_bad(wave_rules::to_host(dc, n), centred), n, true,
           "  [row 4: lanes 32..63 read lane 0 of the lower warp]");
  return c.finish();
}
