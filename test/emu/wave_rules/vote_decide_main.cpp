// Harness for vote_decide.cu (see check.h): row 14.
#include "check.h"

#include <algorithm>

__global__ void warp_vote_classify(const int* x, int* kinds, int* out, int n);

int main(int argc, char** argv) {
  wave_rules::Check c("vote_decide", argc, argv);
  const int n = 1024, warps = n / 32;
  // Warp w: all values positive (w % 3 == 0), some (1), none (2); so the two
  // warps of every wave64 always disagree.
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i) {
    int w = i / 32, r = (i * 31 + 7) % 50 + 1;
    x[i] = w % 3 == 0 ? r : (w % 3 == 1 ? (i % 5 == 0 ? r : -r) : -r);
  }
  std::vector<int> kinds(warps), out(n);
  for (int w = 0; w < warps; ++w) {
    bool all = true, any = false;
    for (int l = 0; l < 32; ++l) all = all && x[w * 32 + l] > 0, any = any || x[w * 32 + l] > 0;
    kinds[w] = all ? 2 : (any ? 1 : 0);
    for (int l = 0; l < 32; ++l) {
      int v = x[w * 32 + l];
      out[w * 32 + l] = kinds[w] == 2 ? v : (kinds[w] == 1 ? std::max(v, 0) : -1);
    }
  }
  int* dx = wave_rules::to_device(x);
  int* dk = wave_rules::to_device(std::vector<int>(warps, -9));
  int* dout = wave_rules::to_device(std::vector<int>(n, -9));
  hipLaunchKernelGGL(warp_vote_classify, dim3(n / 128), dim3(128), 0, 0, dx, dk, dout, n);
  wave_rules::launched();
  const char* why = "  [row 14: a 64-bit vote spans two warps]";
  c.output("per-warp kind (all/any)", wave_rules::count_bad(wave_rules::to_host(dk, warps), kinds),
           warps, true, why);
  c.output("values by kind", wave_rules::count_bad(wave_rules::to_host(dout, n), out), n, true,
           why);
  return c.finish();
}
