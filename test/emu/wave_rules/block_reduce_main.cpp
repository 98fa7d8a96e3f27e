// Harness for block_reduce.cu (see check.h): the --wave=native idioms (one of
// them a template block reduction for float and int). Every
// output must be right at wave 32 and wave 64 in both the logical32 and the
// native port; at wave 64 the native port must take the full-wavefront path
// for 1-D blocks that are a multiple of 64 threads and fall back to 32-lane
// warps for other block shapes (checked through cu2hip::native_wave_width).
#include "check.h"

#include <cu2hip/wave.h>

#include <algorithm>
#include <climits>

__global__ void block_sum(const float* in, float* out, int n);
__global__ void block_max(const int* x, int* out, int n);
__global__ void atomic_total(const float* x, float* total, int n);
__global__ void warp_sums(const float* x, float* y);
__global__ void block_sum2(const float* x, float* out, int n);
__global__ void sum_and_max(const float* x, float* out, int n);
__global__ void template_sums(const float* xf, const int* xi, float* outf, int* outi, int n);

__global__ void probe_width(int* w) {
  if (threadIdx.x == 0 && threadIdx.y == 0) *w = cu2hip::native_wave_width();
}

int main(int argc, char** argv) {
  wave_rules::Check c("block_reduce", argc, argv);
  const int n = 3000;
  // Small integers: every sum is exact in float whatever the order.
  std::vector<float> xf(n);
  std::vector<int> xi(n);
  for (int i = 0; i < n; ++i) {
    xf[i] = (float)((i * 37 + (i >> 5) * 101) % 61 - 30);
    xi[i] = (int)((i * 2654435761u) % 100003u) - 50000;
  }
  float* dxf = wave_rules::to_device(xf);
  int* dxi = wave_rules::to_device(xi);
  for (int block : {32, 64, 96, 256, 1024}) {
    int grid = (n + block - 1) / block;
    std::vector<float> want_sum(grid, 0.0f);
    std::vector<int> want_max(grid, -2147483647);
    for (int i = 0; i < n; ++i) {
      want_sum[i / block] += xf[i];
      want_max[i / block] = std::max(want_max[i / block], xi[i]);
    }
    float* ds = wave_rules::to_device(std::vector<float>(grid, -1.0f));
    int* dm = wave_rules::to_device(std::vector<int>(grid, 0));
    float* dt = wave_rules::to_device(std::vector<float>(1, 0.0f));
    hipLaunchKernelGGL(block_sum, dim3(grid), dim3(block), 0, 0, dxf, ds, n);
    wave_rules::launched();
    hipLaunchKernelGGL(block_max, dim3(grid), dim3(block), 0, 0, dxi, dm, n);
    wave_rules::launched();
    hipLaunchKernelGGL(atomic_total, dim3(grid), dim3(block), 0, 0, dxf, dt, n);
    wave_rules::launched();
    float* dsm = wave_rules::to_device(std::vector<float>(2 * grid, -1.0f));
    hipLaunchKernelGGL(sum_and_max, dim3(grid), dim3(block), 0, 0, dxf, dsm, n);
    wave_rules::launched();
    std::vector<float> want_sm(2 * grid);
    for (int b = 0; b < grid; ++b) {
      float mx = -1e30f;
      for (int i = b * block; i < std::min(n, (b + 1) * block); ++i) mx = std::max(mx, xf[i]);
      if ((b + 1) * block > n) mx = std::max(mx, 0.0f); // padding lanes read 0
      want_sm[2 * b] = want_sum[b], want_sm[2 * b + 1] = mx;
    }
    float* ds2 = wave_rules::to_device(std::vector<float>(grid, -1.0f));
    hipLaunchKernelGGL(block_sum2, dim3(grid), dim3(block), 0, 0, dxf, ds2, n);
    wave_rules::launched();
    // The template block reduction for float and int (one launch).
    std::vector<int> want_isum(grid, 0);
    for (int i = 0; i < n; ++i) want_isum[i / block] += xi[i];
    float* dtf = wave_rules::to_device(std::vector<float>(grid, -1.0f));
    int* dti = wave_rules::to_device(std::vector<int>(grid, -1));
    hipLaunchKernelGGL(template_sums, dim3(grid), dim3(block), 0, 0, dxf, dxi, dtf, dti, n);
    wave_rules::launched();
    float total = 0;
    for (float v : xf) total += v;
    char name[64];
    std::snprintf(name, sizeof name, "block sum, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(ds, grid), want_sum), grid, false, "");
    std::snprintf(name, sizeof name, "sum and max, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(dsm, 2 * grid), want_sm), 2 * grid,
             false, "");
    std::snprintf(name, sizeof name, "unrolled sum, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(ds2, grid), want_sum), grid, false, "");
    std::snprintf(name, sizeof name, "block max, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(dm, grid), want_max), grid, false, "");
    std::snprintf(name, sizeof name, "atomic total, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(dt, 1), std::vector<float>{total}), 1,
             false, "");
    std::snprintf(name, sizeof name, "template float sum, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(dtf, grid), want_sum), grid, false, "");
    std::snprintf(name, sizeof name, "template int sum, block %d", block);
    c.output(name, wave_rules::count_bad(wave_rules::to_host(dti, grid), want_isum), grid, false,
             "");
    hipFree(ds), hipFree(dsm), hipFree(ds2), hipFree(dm), hipFree(dt), hipFree(dtf), hipFree(dti);
  }
  // Per-warp sums (logical32 in both ports): 32 values per entry.
  {
    const int m = 2048;
    std::vector<float> want(m / 32, 0.0f);
    for (int i = 0; i < m; ++i) want[i / 32] += xf[i];
    float* dy = wave_rules::to_device(std::vector<float>(m / 32, 0.0f));
    hipLaunchKernelGGL(warp_sums, dim3(m / 256), dim3(256), 0, 0, dxf, dy);
    wave_rules::launched();
    c.output("per-warp sums (logical32)", wave_rules::count_bad(wave_rules::to_host(dy, m / 32), want),
             m / 32, false, "");
  }
  // The width the native port uses for each block shape.
  {
    int* dw = wave_rules::to_device(std::vector<int>(1, 0));
    struct Shape { dim3 b; int want; const char* name; };
    const Shape shapes[] = {{dim3(256), c.wave, "native width, block 256"},
                            {dim3(64), c.wave, "native width, block 64"},
                            {dim3(96), c.wave == 64 ? 32 : c.wave, "native width, block 96"},
                            {dim3(64, 2), 32, "native width, block 64x2"}};
    for (const Shape& s : shapes) {
      hipLaunchKernelGGL(probe_width, dim3(1), s.b, 0, 0, dw);
      wave_rules::launched();
      c.output(s.name, wave_rules::count_bad(wave_rules::to_host(dw, 1), std::vector<int>{s.want}),
               1, false, "");
    }
  }
  return c.finish();
}
