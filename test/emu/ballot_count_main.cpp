// Harness for the ballot-counting kernel (see ballot_count.cu).
//   usage: ballot_count --expect-at-64=wrong|right
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

__global__ void count_positive_per_warp(const float* x, int* warp_counts, int n);

int main(int argc, char** argv) {
  bool expect64_right = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--expect-at-64=right")) expect64_right = true;
    else if (!std::strcmp(argv[i], "--expect-at-64=wrong")) expect64_right = false;
    else { std::fprintf(stderr, "usage: %s --expect-at-64=wrong|right\n", argv[0]); return 2; }
  }
  const int n = 1024;  // 4 blocks of 256: full waves
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = ((i * 7919) % 13 < (i / 32) % 13) ? 1.0f : -1.0f;
  float* dx;
  int* dc;
  hipMalloc((void**)&dx, n * sizeof(float));
  hipMalloc((void**)&dc, n / 32 * sizeof(int));
  hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(count_positive_per_warp, dim3(n / 256), dim3(256), 0, 0, dx, dc, n);
  if (hipGetLastError() != hipSuccess) return 3;
  std::vector<int> c(n / 32);
  hipMemcpy(c.data(), dc, c.size() * sizeof(int), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < n / 32; ++w) {
    int e = 0;
    for (int i = w * 32; i < w * 32 + 32; ++i) e += x[i] > 0.0f;
    bad += c[w] != e;
  }
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  bool right = bad == 0;
  bool expect_right = p.warpSize == 32 || expect64_right;
  std::printf("ballot_count at wave%d: %s (%d of %d warp counts wrong); expected %s\n",
              p.warpSize, right ? "RIGHT" : "WRONG", bad, n / 32, expect_right ? "RIGHT" : "WRONG");
  return right == expect_right ? 0 : 1;
}
