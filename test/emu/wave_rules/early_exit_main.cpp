// Harness for early_exit.cu (see check.h): lanes that exited before a warp
// operation, at wave 32 and 64, with the emulator's mask check on (ROCm's
// debug semantics): every output as CUDA defines it, and no trap.
#include "check.h"

#include <algorithm>

__global__ void partial_warp(const float* x, float* bcast, float* next, int n);
__global__ void warp_per_row(const float* a, float* sums, int rows, int cols);
__global__ void exit_in_loop(int* trace, int steps);
__global__ void ballot_before_exit(const int* key, int* out, int n);

using wave_rules::count_bad;
using wave_rules::to_device;
using wave_rules::to_host;

static void partial(wave_rules::Check& c) {
  const int n = 200, blocks = 4, threads = 64;  // last warps partial, some empty
  std::vector<float> x(blocks * threads), bcast(n, -1), next(n, -1);
  for (int i = 0; i < n; ++i) x[i] = float(i % 17 + 1);
  for (int i = 0; i < n; ++i) {
    bcast[i] = x[i & ~31];
    if ((i & 31) < 31 && i + 1 < n) next[i] = x[i + 1];
  }
  float* dx = to_device(x);
  float* db = to_device(std::vector<float>(n, -1));
  float* dn = to_device(std::vector<float>(n, -1));
  hipLaunchKernelGGL(partial_warp, dim3(blocks), dim3(threads), 0, 0, dx, db, dn, n);
  wave_rules::launched();
  c.output("partial warp: broadcast", count_bad(to_host(db, n), bcast), n, false, "");
  c.output("partial warp: shfl_down 1", count_bad(to_host(dn, n), next), n, false, "");
}

static void per_row(wave_rules::Check& c) {
  const int rows = 5, cols = 45, threads = 64, blocks = 4;  // 8 warps, 3 exit
  std::vector<float> a(rows * cols), sums(rows, 0);
  for (int i = 0; i < rows * cols; ++i) a[i] = float(i % 13 - 6);
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k) sums[r] += a[r * cols + k];
  float* da = to_device(a);
  float* ds = to_device(std::vector<float>(rows, 0));
  hipLaunchKernelGGL(warp_per_row, dim3(blocks), dim3(threads), 0, 0, da, ds, rows, cols);
  wave_rules::launched();
  c.output("warp per row: xor sum", count_bad(to_host(ds, rows), sums), rows, false, "");
}

static void in_loop(wave_rules::Check& c) {
  const int steps = 8, threads = 64, total = threads * 2;
  std::vector<int> want(total * steps, -1);
  for (int t = 0; t < total; ++t) {
    int lane = t & 31, acc = 0;
    for (int s = 0; s < steps; ++s) {
      if (lane == 31 - s) break;
      acc += s;                       // lane 0's `lane + s`
      want[t * steps + s] = acc * 100 + (31 - s);  // lanes 31-s..31 exited
    }
  }
  int* dt = to_device(std::vector<int>(total * steps, -1));
  hipLaunchKernelGGL(exit_in_loop, dim3(2), dim3(threads), 0, 0, dt, steps);
  wave_rules::launched();
  c.output("exit in loop: bcast+ballot", count_bad(to_host(dt, total * steps), want),
           total * steps, false, "");
}

static void before_exit(wave_rules::Check& c) {
  const int n = 83, threads = 64, blocks = 2;  // warps of 32, 32, 19 lanes, 0
  std::vector<int> key(blocks * threads, 0), want(n * 6);
  for (int i = 0; i < n; ++i) key[i] = (i * 7) % 6;
  for (int i = 0; i < n; ++i) {
    int w0 = i & ~31, w1 = std::min(n, w0 + 32);
    int cnt = w1 - w0, sum = 0, all_small = 1, any_five = 0, same = 0;
    for (int j = w0; j < w1; ++j) {
      sum += key[j];
      all_small &= key[j] < 6;
      any_five |= key[j] == 5;
      same += key[j] == key[i];
    }
    int* o = &want[i * 6];
    o[0] = cnt, o[1] = sum, o[2] = all_small * 2 + any_five, o[3] = same, o[4] = key[w0],
    o[5] = cnt;
  }
  int* dk = to_device(key);
  int* d_out = to_device(std::vector<int>(n * 6, -1));
  hipLaunchKernelGGL(ballot_before_exit, dim3(blocks), dim3(threads), 0, 0, dk, d_out, n);
  wave_rules::launched();
  c.output("ballot before exit", count_bad(to_host(d_out, n * 6), want), n * 6, false, "");
}

int main(int argc, char** argv) {
  wave_rules::Check c("early_exit", argc, argv);
  partial(c);
  per_row(c);
  in_loop(c);
  before_exit(c);
  return c.finish();
}
