// Harness for leader_atomic.cu (see check.h): row 10.
#include "check.h"

#include <algorithm>

__global__ void split_by_sign(const int* x, int* pos, int* neg, int* counters, int n);

int main(int argc, char** argv) {
  wave_rules::Check c("leader_atomic", argc, argv);
  const int n = 1000;  // blocks of 128: the last block has 104 threads
  const int cap = 4 * n;  // a wrong port may reserve more than n slots
  std::vector<int> x(n), want_pos, want_neg;
  for (int i = 0; i < n; ++i) {
    bool positive = ((i * 2654435761u) >> 7) & 1;
    x[i] = positive ? i + 1 : -(i + 1);
    (positive ? want_pos : want_neg).push_back(x[i]);
  }
  int* dx = wave_rules::to_device(x);
  int* dp = wave_rules::to_device(std::vector<int>(cap, 0));
  int* dn = wave_rules::to_device(std::vector<int>(cap, 0));
  int* dcnt = wave_rules::to_device(std::vector<int>(2, 0));
  hipLaunchKernelGGL(split_by_sign, dim3((n + 127) / 128), dim3(128), 0, 0, dx, dp, dn, dcnt, n);
  wave_rules::launched();
  std::vector<int> cnt = wave_rules::to_host(dcnt, 2);
  std::vector<int> want_cnt = {(int)want_pos.size(), (int)want_neg.size()};
  const char* why = "  [row 10: 64-bit __activemask truncated; leader from the lower warp]";
  c.output("atomicAdd counters", wave_rules::count_bad(cnt, want_cnt), 2, true, why);
  // Order between warps depends on scheduling: compare as sorted lists; the
  // slots past the expected count must stay untouched.
  auto list_bad = [&](int* d, std::vector<int> want) {
    std::vector<int> got = wave_rules::to_host(d, cap);
    std::vector<int> head(got.begin(), got.begin() + want.size());
    std::sort(head.begin(), head.end());
    std::sort(want.begin(), want.end());
    int bad = wave_rules::count_bad(head, want);
    for (size_t i = want.size(); i < got.size(); ++i) bad += got[i] != 0;
    return bad;
  };
  c.output("positive list", list_bad(dp, want_pos), (int)want_pos.size(), true, why);
  c.output("negative list", list_bad(dn, want_neg), (int)want_neg.size(), true, why);
  return c.finish();
}
