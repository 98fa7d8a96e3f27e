// Harness for case 10 (softmax numerator, one row per 32-thread warp): runs
// exp_minus_rowmax from a separately compiled HIP translation unit on the
// emulator and compares with a CPU reference.
//   usage: case10 --expect-at-64=wrong|right
// At wave 32 the result must always be right; at wave 64 it must match the
// expectation (wrong for a plain rename, right for a wave-safe port).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void exp_minus_rowmax(const float* x, float* y, int rows, int ncols);

int main(int argc, char** argv) {
  bool expect64_right = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--expect-at-64=right")) expect64_right = true;
    else if (!std::strcmp(argv[i], "--expect-at-64=wrong")) expect64_right = false;
    else { std::fprintf(stderr, "usage: %s --expect-at-64=wrong|right\n", argv[0]); return 2; }
  }
  const int rows = 16, ncols = 100;  // 4 blocks of 128 threads: full waves
  std::vector<float> x(rows * ncols), y(rows * ncols, 0.0f);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < ncols; ++c)
      x[r * ncols + c] = std::sin(0.37f * c + 1.3f * r) * (1.0f + r);  // row maxima differ
  float *dx, *dy;
  hipMalloc((void**)&dx, x.size() * sizeof(float));
  hipMalloc((void**)&dy, y.size() * sizeof(float));
  hipMemcpy(dx, x.data(), x.size() * sizeof(float), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(exp_minus_rowmax, dim3((rows + 3) / 4), dim3(128), 0, 0, dx, dy, rows, ncols);
  if (hipGetLastError() != hipSuccess) return 3;
  hipMemcpy(y.data(), dy, y.size() * sizeof(float), hipMemcpyDeviceToHost);
  int bad_rows = 0;
  for (int r = 0; r < rows; ++r) {
    float m = -INFINITY;
    for (int c = 0; c < ncols; ++c) m = std::fmax(m, x[r * ncols + c]);
    bool ok = true;
    for (int c = 0; c < ncols; ++c) {
      float e = std::exp(x[r * ncols + c] - m);
      if (std::fabs(y[r * ncols + c] - e) > 1e-5f * std::fmax(1.0f, e)) ok = false;
    }
    bad_rows += !ok;
  }
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  bool right = bad_rows == 0;
  bool expect_right = p.warpSize == 32 || expect64_right;
  std::printf("case10 at wave%d: %s (%d of %d rows wrong); expected %s\n", p.warpSize,
              right ? "RIGHT" : "WRONG", bad_rows, rows, expect_right ? "RIGHT" : "WRONG");
  return right == expect_right ? 0 : 1;
}
