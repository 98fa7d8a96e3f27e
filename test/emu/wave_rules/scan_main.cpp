// Harness for scan.cu (see check.h): rows 3, 4.
#include "check.h"

#include <algorithm>

__global__ void warp_scans(const int* x, int* run_max, int* run_sum, int* totals, int n);

int main(int argc, char** argv) {
  wave_rules::Check c("scan", argc, argv);
  const int n = 512, warps = n / 32;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i) x[i] = (i * 7919 + 13) % 1000;
  std::vector<int> run_max(n), run_sum(n), totals(warps);
  for (int w = 0; w < warps; ++w) {
    int m = 0, s = 0;
    for (int l = 0; l < 32; ++l) {
      int v = x[w * 32 + l];
      m = l == 0 ? v : std::max(m, v);
      s += v;
      run_max[w * 32 + l] = m;
      run_sum[w * 32 + l] = s;
    }
    totals[w] = s;
  }
  int* dx = wave_rules::to_device(x);
  int* dm = wave_rules::to_device(std::vector<int>(n, 0));
  int* ds = wave_rules::to_device(std::vector<int>(n, 0));
  int* dt = wave_rules::to_device(std::vector<int>(warps, 0));
  hipLaunchKernelGGL(warp_scans, dim3(n / 256), dim3(256), 0, 0, dx, dm, ds, dt, n);
  wave_rules::launched();
  c.output("shfl_up max scan (no guard)",
           wave_rules::count_bad(wave_rules::to_host(dm, n), run_max), n, true,
           "  [row 3: lane 32 reads lane 31]");
  c.output("shfl_up sum scan (lane>=d)",
           wave_rules::count_bad(wave_rules::to_host(ds, n), run_sum), n, false,
           "  [row 3: the tid&31 guard drops the crossing reads]");
  c.output("total from lane 31",
           wave_rules::count_bad(wave_rules::to_host(dt, warps), totals), warps, true,
           "  [row 4: lanes 32..63 read lane 31 of the lower warp]");
  return c.finish();
}
