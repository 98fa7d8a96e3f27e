// cu2hip::shfl_*_sync_full (rule wave-shfl-full), the helpers a port passes
// where the parse proved the warp converged. Runs on the emulator at wave 32
// and 64 (ctest emu_wave_full_shfl_test.*):
//   right      butterfly sum, shuffle-down tree, shuffle-up scan (width 16)
//              and lane-0 broadcast in blocks of 96 threads (at wave 64 the
//              second wave holds one logical warp), and the broadcast in a
//              block of 48 (a partial last warp: its 16 lanes exist, the
//              proof check must accept it); checked against CUDA's answers.
//   exited     a call after `if (threadIdx.x >= 40) return;`: a wrong proof,
//              which the emulator's check must stop (ctest expects its
//              message).
// The same file compile-checks the helpers for AMD and HIP-on-NVIDIA:
//   scripts/hipcc-check.sh --rocm 7.2 -I runtime/include test/emu/wave_full_shfl_test.hip
#include <hip/hip_runtime.h>
#include <cu2hip/wave.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

constexpr int kOut = 4;

__global__ void full_shuffles(const int *x, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  int s = v;
  for (int o = 16; o > 0; o >>= 1)
    s += cu2hip::shfl_xor_sync_full(0xffffffffu, s, o, 32);
  int d = v;
  for (int o = 16; o > 0; o >>= 1)
    d += cu2hip::shfl_down_sync_full(0xffffffffu, d, o, 32);
  int u = v;
  for (int o = 1; o < 16; o <<= 1) {
    int t = cu2hip::shfl_up_sync_full(0xffffffffu, u, o, 16);
    if ((threadIdx.x & 15) >= (unsigned)o) u += t;
  }
  out[i * kOut + 0] = s;
  out[i * kOut + 1] = d;
  out[i * kOut + 2] = u;
  out[i * kOut + 3] = cu2hip::shfl_sync_full(0xffffffffu, v, 0, 32);
}

__global__ void broadcast_partial(const int *x, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cu2hip::shfl_sync_full(0xffffffffu, x[i], 0, 32);
}

__global__ void after_exit(const int *x, int *out) {
  if (threadIdx.x >= 40) return;
  out[threadIdx.x] = cu2hip::shfl_xor_sync_full(0xffffffffu, x[threadIdx.x], 1, 32);
}

static void ok(hipError_t e, const char *what) {
  if (e != hipSuccess) {
    std::printf("%s: %s\n", what, hipGetErrorString(e));
    std::exit(3);
  }
}

template <typename T> static T *device(const std::vector<T> &h) {
  T *d = nullptr;
  ok(hipMalloc((void **)&d, h.size() * sizeof(T)), "hipMalloc");
  ok(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice), "hipMemcpy");
  return d;
}

template <typename T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  ok(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost), "hipMemcpy");
  return h;
}

/// CUDA's answers for thread t of full_shuffles (32-lane warps).
static std::vector<int> expected(const std::vector<int> &x, int t) {
  const int w = t & ~31, l = t & 31, g = t & ~15;
  int s = 0;
  for (int k = 0; k < 32; ++k) s += x[w + k];
  // Down tree: lane l sums lanes l, l+1, ... of the reduction tree; a source
  // past lane 31 is the lane's own value (width 32).
  std::vector<int> d(x.begin() + w, x.begin() + w + 32);
  for (int o = 16; o > 0; o >>= 1) {
    std::vector<int> n = d;
    for (int k = 0; k < 32; ++k) n[k] = d[k] + (k + o < 32 ? d[k + o] : d[k]);
    d = n;
  }
  int u = 0;
  for (int k = g; k <= t; ++k) u += x[k];
  return {s, d[l], u, x[w]};
}

static int run_right() {
  int bad = 0;
  const int blocks = 3, block = 96, n = blocks * block;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i) x[i] = (int)((i * 2654435761u) >> 9) % 97 - 40;
  int *dx = device(x), *dout = device(std::vector<int>((size_t)n * kOut, -1));
  hipLaunchKernelGGL(full_shuffles, dim3(blocks), dim3(block), 0, 0, dx, dout);
  ok(hipGetLastError(), "launch");
  std::vector<int> out = host(dout, (size_t)n * kOut);
  for (int t = 0; t < n; ++t) {
    std::vector<int> e = expected(x, t);
    for (int k = 0; k < kOut; ++k)
      if (out[(size_t)t * kOut + k] != e[k] && bad++ < 20)
        std::printf("thread %d value %d: got %d, want %d\n", t, k, out[(size_t)t * kOut + k], e[k]);
  }
  const int pb = 48, pn = 2 * pb;
  int *pout = device(std::vector<int>(pn, -1));
  hipLaunchKernelGGL(broadcast_partial, dim3(2), dim3(pb), 0, 0, dx, pout);
  ok(hipGetLastError(), "launch");
  std::vector<int> p = host(pout, pn);
  for (int t = 0; t < pn; ++t) {
    int b = t / pb * pb, lin = t - b;
    if (p[t] != x[b + (lin & ~31)] && bad++ < 20)
      std::printf("partial block, thread %d: got %d, want %d\n", t, p[t], x[b + (lin & ~31)]);
  }
  std::printf("full-warp shuffles at wave %d: %d values wrong\n", cu2hip::host_wave_size(), bad);
  return bad == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "exited")) {
    std::vector<int> x(64, 1);
    int *dx = device(x), *dout = device(std::vector<int>(64, 0));
    hipLaunchKernelGGL(after_exit, dim3(1), dim3(64), 0, 0, dx, dout);
    ok(hipDeviceSynchronize(), "sync");
    std::printf("after_exit ran: the proof check did not stop it\n");
    return 1;
  }
  return run_right();
}
