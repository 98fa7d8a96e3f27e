// Every helper of <cu2hip/wave.h>, called the way ported code calls them
// (converged, and on both sides of a divergent branch, and in a loop with a
// lane-dependent trip count), checked against CUDA's warp-32 semantics
// computed on the host. Runs on the emulator at wave 32 and 64 (ctest
// emu_wave_helpers_test.*); the same file is the compile check of wave.h for
// AMD and HIP-on-NVIDIA (docs/emulator.md):
//   scripts/hipcc-check.sh --rocm all -I runtime/include test/emu/wave_helpers_test.hip
//   runtime/hip-nvidia/make-headers.sh /tmp/hipnv && nvcc -std=c++17
//     -D__HIP_PLATFORM_NVIDIA__ -I /tmp/hipnv -I runtime/include -x cu -arch=sm_90
//     -c test/emu/wave_helpers_test.hip
#include <hip/hip_runtime.h>
#include <cu2hip/wave.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

static_assert(cu2hip::logical_warp_size == 32, "CUDA's warp size");

constexpr int kOut = 36;  // values written per thread
constexpr int kBlock = 96;  // 3 warps: at wave 64 the second wave is half full
constexpr int kBlocks = 3;

__global__ void wave_helpers(const int* x, unsigned* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = x[i];
  unsigned* o = out + i * kOut;
  // Lane ids and masks (no wave operation).
  o[0] = cu2hip::lane_id32();
  o[1] = cu2hip::lanemask_eq32();
  o[2] = cu2hip::lanemask_lt32();
  o[3] = cu2hip::lanemask_le32();
  o[4] = cu2hip::lanemask_gt32();
  o[5] = cu2hip::lanemask_ge32();
  o[6] = cu2hip::lane_half_shift();
  cu2hip::lane_mask_t m64 = cu2hip::mask64(0xabcd1234u);
  o[7] = cu2hip::own_half(m64) == 0xabcd1234u;
  // Converged: all 32 lanes of every warp.
  o[8] = cu2hip::activemask32();
  o[9] = cu2hip::ballot32(v > 0);
  o[10] = cu2hip::all32(v >= -15);
  o[11] = cu2hip::any32(v > 45);
  o[12] = cu2hip::reduce_add_sync32(0xffffffffu, (unsigned)v);
  o[13] = (unsigned)cu2hip::reduce_add_sync32(0xffffffffu, v);
  o[14] = cu2hip::reduce_min_sync32(0xffffffffu, (unsigned)v);
  o[15] = (unsigned)cu2hip::reduce_min_sync32(0xffffffffu, v);
  o[16] = cu2hip::reduce_max_sync32(0xffffffffu, (unsigned)v);
  o[17] = (unsigned)cu2hip::reduce_max_sync32(0xffffffffu, v);
  o[18] = cu2hip::reduce_and_sync32(0xffffffffu, (unsigned)v | 0x100u);
  o[19] = cu2hip::reduce_or_sync32(0xffffffffu, (unsigned)v & 0xffu);
  o[20] = cu2hip::reduce_xor_sync32(0xffffffffu, (unsigned)v);
  cu2hip::syncwarp();
  cu2hip::syncwarp(0xffffffffu);
  // Divergent: the odd and the even values of a warp take different
  // branches, and each branch calls the same helpers.
  if (v & 1) {
    unsigned a = cu2hip::activemask32();
    o[21] = a;
    o[22] = cu2hip::ballot_sync32(a, v > 0);
    o[23] = cu2hip::all_sync32(a, v > 0);
    o[24] = cu2hip::any_sync32(a, v > 40);
    o[25] = cu2hip::uni_sync32(a, v > 0);
    o[26] = cu2hip::match_any_sync32(a, v % 5);
    int p = -1;
    o[27] = cu2hip::match_all_sync32(a, v > 0 ? 1 : 0, &p);
    o[28] = (unsigned)p;
    cu2hip::syncwarp(a);
    o[29] = cu2hip::ballot32(1);
  } else {
    unsigned a = cu2hip::activemask32();
    o[21] = a;
    o[22] = cu2hip::ballot_sync32(a, v > 10);
    o[23] = cu2hip::all_sync32(a, v > -10);
    o[24] = cu2hip::any_sync32(a, v < -15);
    o[25] = cu2hip::uni_sync32(a, v > 10);
    o[26] = cu2hip::match_any_sync32(a, v % 3);
    int p = -1;
    o[27] = cu2hip::match_all_sync32(a, v > -10 ? 7 : 8, &p);
    o[28] = (unsigned)p;
    cu2hip::syncwarp(a);
    o[29] = cu2hip::ballot32(1);
  }
  // Reconverged.
  o[30] = cu2hip::activemask32();
  // A loop whose trip count depends on the lane: lanes leave it early.
  unsigned count = 0;
  for (unsigned k = 0; k < (cu2hip::lane_id32() & 3u); ++k)
    count += __popc(cu2hip::activemask32());
  o[31] = count;
  o[32] = cu2hip::any_sync32(0xffffffffu, count > 20);
  o[33] = (unsigned)cu2hip::device_wave_size();
  // Partial masks: only the lanes named in the mask call (CUDA's rule).
  const unsigned lane = cu2hip::lane_id32();
  o[34] = lane < 16 ? cu2hip::all_sync32(0x0000ffffu, v > -20) : 2u;
  o[35] = (0x0f0f0f0fu >> lane) & 1u ? cu2hip::ballot_sync32(0x0f0f0f0fu, v > 0) : 0u;
}

// CUDA's answer for thread t of the launch (warp = 32 consecutive threads).
static std::vector<unsigned> expected(const std::vector<int>& x, int t, int wave) {
  std::vector<unsigned> e(kOut);
  const int w0 = t & ~31, l = t & 31;
  auto ballot = [&](auto pred, auto member) {
    unsigned b = 0;
    for (int j = 0; j < 32; ++j)
      if (member(x[w0 + j]) && pred(x[w0 + j])) b |= 1u << j;
    return b;
  };
  auto all_lanes = [](int) { return true; };
  auto fold = [&](unsigned init, auto op) {
    unsigned r = init;
    for (int j = 0; j < 32; ++j) r = op(r, x[w0 + j]);
    return r;
  };
  const int v = x[t];
  e[0] = l;
  e[1] = 1u << l;
  e[2] = (1u << l) - 1;
  e[3] = e[2] | e[1];
  e[4] = ~e[3];
  e[5] = ~e[2];
  e[6] = wave == 64 ? ((t % kBlock) & 32) : 0;
  e[7] = 1;
  e[8] = 0xffffffffu;
  e[9] = ballot([](int y) { return y > 0; }, all_lanes);
  e[10] = ballot([](int y) { return y >= -15; }, all_lanes) == 0xffffffffu;
  e[11] = ballot([](int y) { return y > 45; }, all_lanes) != 0;
  e[12] = fold(0u, [](unsigned r, int y) { return r + (unsigned)y; });
  e[13] = e[12];
  e[14] = fold(0xffffffffu, [](unsigned r, int y) { return std::min(r, (unsigned)y); });
  e[15] = fold(0x7fffffffu, [](unsigned r, int y) { return (unsigned)std::min((int)r, y); });
  e[16] = fold(0u, [](unsigned r, int y) { return std::max(r, (unsigned)y); });
  e[17] = fold(0x80000000u, [](unsigned r, int y) { return (unsigned)std::max((int)r, y); });
  e[18] = fold(0xffffffffu, [](unsigned r, int y) { return r & ((unsigned)y | 0x100u); });
  e[19] = fold(0u, [](unsigned r, int y) { return r | ((unsigned)y & 0xffu); });
  e[20] = fold(0u, [](unsigned r, int y) { return r ^ (unsigned)y; });
  const bool odd = v & 1;
  auto in_branch = [odd](int y) { return (bool)(y & 1) == odd; };
  const unsigned a = ballot([](int) { return true; }, in_branch);
  e[21] = a;
  auto vote = [&](auto pred) { return ballot(pred, in_branch); };
  auto match_any = [&](auto key) {
    unsigned r = 0;
    for (int j = 0; j < 32; ++j)
      if (in_branch(x[w0 + j]) && key(x[w0 + j]) == key(v)) r |= 1u << j;
    return r;
  };
  if (odd) {
    e[22] = vote([](int y) { return y > 0; });
    e[23] = e[22] == a;
    e[24] = vote([](int y) { return y > 40; }) != 0;
    e[25] = e[22] == 0 || e[22] == a;
    e[26] = match_any([](int y) { return y % 5; });
    bool same = e[22] == 0 || e[22] == a;
    e[27] = same ? a : 0;
    e[28] = same;
  } else {
    e[22] = vote([](int y) { return y > 10; });
    e[23] = vote([](int y) { return y > -10; }) == a;
    e[24] = vote([](int y) { return y < -15; }) != 0;
    e[25] = e[22] == 0 || e[22] == a;
    e[26] = match_any([](int y) { return y % 3; });
    unsigned b = vote([](int y) { return y > -10; });
    bool same = b == 0 || b == a;
    e[27] = same ? a : 0;
    e[28] = same;
  }
  e[29] = a;
  e[30] = 0xffffffffu;
  unsigned count = 0;  // iteration k: the lanes with (lane & 3) > k, 8 per value
  for (int k = 0; k < (l & 3); ++k) count += 8u * (3u - k);
  e[31] = count;
  bool any20 = false;
  for (int j = 0; j < 32; ++j) {
    unsigned c = 0;
    for (int k = 0; k < (j & 3); ++k) c += 8u * (3u - k);
    any20 = any20 || c > 20;
  }
  e[32] = any20;
  e[33] = (unsigned)wave;
  e[34] = l < 16 ? (ballot([](int y) { return y > -20; }, all_lanes) & 0xffffu) == 0xffffu : 2u;
  e[35] = (0x0f0f0f0fu >> l) & 1u ? e[9] & 0x0f0f0f0fu : 0u;
  return e;
}

int main() {
  const int n = kBlock * kBlocks;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i) x[i] = (int)((i * 2654435761u) >> 11) % 71 - 20;
  for (int i = 32; i < 64; ++i) x[i] = 2 * (i % 20) + 1;  // warp 1: all odd and positive
  int* dx = nullptr;
  unsigned* dout = nullptr;
  auto check = [](hipError_t e, const char* what) {
    if (e != hipSuccess) {
      std::printf("%s: %s\n", what, hipGetErrorString(e));
      std::exit(3);
    }
  };
  check(hipMalloc((void**)&dx, n * sizeof(int)), "hipMalloc");
  check(hipMalloc((void**)&dout, (size_t)n * kOut * sizeof(unsigned)), "hipMalloc");
  check(hipMemcpy(dx, x.data(), n * sizeof(int), hipMemcpyHostToDevice), "hipMemcpy");
  check(hipMemset(dout, 0xff, (size_t)n * kOut * sizeof(unsigned)), "hipMemset");
  hipLaunchKernelGGL(wave_helpers, dim3(kBlocks), dim3(kBlock), 0, 0, dx, dout);
  check(hipGetLastError(), "launch");
  std::vector<unsigned> out((size_t)n * kOut);
  check(hipMemcpy(out.data(), dout, out.size() * sizeof(unsigned), hipMemcpyDeviceToHost),
        "hipMemcpy");
  const int wave = cu2hip::host_wave_size();
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    std::vector<unsigned> e = expected(x, t, wave);
    for (int k = 0; k < kOut; ++k)
      if (out[(size_t)t * kOut + k] != e[k] && bad++ < 20)
        std::printf("thread %d value %d: got 0x%08x, want 0x%08x\n", t, k,
                    out[(size_t)t * kOut + k], e[k]);
  }
  std::printf("wave_helpers at wave %d: %d of %d values wrong\n", wave, bad, n * kOut);
  return bad == 0 ? 0 : 1;
}
