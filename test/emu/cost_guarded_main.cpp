// Harness for cu2hip's port of test/cost/reductions_guarded.cu on the
// emulator: the warp-per-row layer norm whose warps past the last row
// return before the warp reductions. The port passes the plain shuffle
// (rule wave-shfl-full: the guard ends whole warps); the emulator checks
// that proof at every call (every lane of the warp present) and the values
// against the CPU. 13 rows with 8 warps per block: the second block's last
// three warps exit; 70 columns: lanes hold 2 or 3 values.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

void launch_layernorm(float *out, float *mean, float *rstd, const float *in, const float *w,
                      const float *b, int rows, int cols);

template <typename T> static T *device(const std::vector<T> &h) {
  T *d = nullptr;
  if (hipMalloc((void **)&d, h.size() * sizeof(T)) != hipSuccess ||
      hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice) != hipSuccess)
    std::exit(3);
  return d;
}

template <typename T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  if (hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost) != hipSuccess)
    std::exit(3);
  return h;
}

int main() {
  const int rows = 13, cols = 70;
  std::vector<float> x(rows * cols), w(cols), b(cols);
  for (int i = 0; i < rows * cols; ++i) x[i] = float((i * 37) % 23) / 7.0f - 1.5f;
  for (int c = 0; c < cols; ++c) w[c] = 1.0f + 0.01f * c, b[c] = 0.1f * (c % 5);
  float *dx = device(x), *dw = device(w), *db = device(b);
  float *dout = device(std::vector<float>(rows * cols, 0.f));
  float *dmean = device(std::vector<float>(rows, 0.f)), *drstd = device(std::vector<float>(rows, 0.f));
  launch_layernorm(dout, dmean, drstd, dx, dw, db, rows, cols);
  if (hipDeviceSynchronize() != hipSuccess)
    return 3;
  std::vector<float> out = host(dout, rows * cols), mean = host(dmean, rows), rstd = host(drstd, rows);
  int bad = 0;
  auto near = [](float a, float e) { return std::fabs(a - e) <= 1e-4f * (1.0f + std::fabs(e)); };
  for (int r = 0; r < rows; ++r) {
    double s = 0, v = 0;
    for (int c = 0; c < cols; ++c) s += x[r * cols + c];
    float m = float(s / cols);
    for (int c = 0; c < cols; ++c) v += double(x[r * cols + c] - m) * (x[r * cols + c] - m);
    float rs = 1.0f / std::sqrt(float(v / cols) + 1e-5f);
    bad += !near(mean[r], m) + !near(rstd[r], rs);
    for (int c = 0; c < cols; ++c)
      bad += !near(out[r * cols + c], (x[r * cols + c] - m) * rs * w[c] + b[c]);
  }
  std::printf("guarded layer norm: %d of %d values wrong\n", bad, rows * (cols + 2));
  return bad == 0 ? 0 : 1;
}
