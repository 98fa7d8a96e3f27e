// Harness for ballot_compact.cu (see check.h): row 9.
#include "check.h"

__global__ void warp_compact_positive(const float* x, int* counts, int* first,
                                      int* compact, int n);

int main(int argc, char** argv) {
  wave_rules::Check c("ballot_compact", argc, argv);
  const int n = 1024, warps = n / 32;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = ((i * 7919) % 13 < (i / 32) % 13) ? 1.0f : -1.0f;
  std::vector<int> counts(warps), first(warps), compact(n, -1);
  for (int w = 0; w < warps; ++w) {
    int k = 0;
    first[w] = -1;
    for (int l = 0; l < 32; ++l)
      if (x[w * 32 + l] > 0.0f) {
        if (k == 0) first[w] = l;
        compact[w * 32 + k++] = w * 32 + l;
      }
    counts[w] = k;
  }
  float* dx = wave_rules::to_device(x);
  int* dn = wave_rules::to_device(std::vector<int>(warps, 0));
  int* df = wave_rules::to_device(std::vector<int>(warps, 0));
  int* dc = wave_rules::to_device(std::vector<int>(n, -1));
  hipLaunchKernelGGL(warp_compact_positive, dim3(n / 256), dim3(256), 0, 0, dx, dn, df, dc, n);
  wave_rules::launched();
  const char* why = "  [row 9: 64-bit ballot truncated to the lower warp's bits]";
  c.output("__popc(ballot) count", wave_rules::count_bad(wave_rules::to_host(dn, warps), counts),
           warps, true, why);
  c.output("__ffs(ballot)-1 first lane",
           wave_rules::count_bad(wave_rules::to_host(df, warps), first), warps, true, why);
  c.output("compaction by rank", wave_rules::count_bad(wave_rules::to_host(dc, n), compact), n,
           true, why);
  return c.finish();
}
