// cu2hip/atomic_scope.h: CUDA's block-scope atomics and the system-scope
// atomicInc/atomicDec, at wave 64 and 32, against CUDA's semantics computed
// on the host (CUDA C++ Programming Guide, "Atomic Functions"): final
// values of every operation per block, and the multiset of values
// atomicInc/atomicDec returned (each a wrap-around sequence).
#include <hip/hip_runtime.h>
#include <cu2hip/atomic_scope.h>

#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int kBlocks = 3, kThreads = 200, kSlots = 12;

__global__ void scoped(unsigned *slots, unsigned *olds) {
  unsigned tid = threadIdx.x, *s = slots + blockIdx.x * kSlots;
  unsigned *o = olds + (blockIdx.x * kThreads + tid) * 3;
  cu2hip::atomicAdd_block(&s[0], tid);
  cu2hip::atomicSub_block(&s[1], 2u);
  cu2hip::atomicMax_block(&s[2], tid * 7u % 101u);
  cu2hip::atomicMin_block(&s[3], tid * 7u % 101u + 5u);
  o[0] = cu2hip::atomicInc_block(&s[4], 17u);
  o[1] = cu2hip::atomicDec_block(&s[5], 137u);
  cu2hip::atomicAnd_block(&s[6], ~(1u << (tid % 32)) | 1u);
  cu2hip::atomicOr_block(&s[7], 1u << (tid % 29));
  cu2hip::atomicXor_block(&s[8], tid);
  cu2hip::atomicExch_block(&s[9], 42u);
  cu2hip::atomicCAS_block(&s[10], 0u, tid + 1u); // one thread wins
  o[2] = cu2hip::atomicInc_system(&slots[kBlocks * kSlots], 9u);
  cu2hip::atomicDec_system(&slots[kBlocks * kSlots + 1], 50u);
}

int main() {
  const int nslots = kBlocks * kSlots + 2, nolds = kBlocks * kThreads * 3;
  std::vector<unsigned> init(nslots, 0);
  for (int b = 0; b < kBlocks; ++b) {
    init[b * kSlots + 1] = 1000u;
    init[b * kSlots + 3] = 1000u;
    init[b * kSlots + 6] = 0xffffffffu;
  }
  unsigned *ds, *dolds;
  hipMalloc((void **)&ds, nslots * 4);
  hipMalloc((void **)&dolds, nolds * 4);
  hipMemcpy(ds, init.data(), nslots * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(scoped, dim3(kBlocks), dim3(kThreads), 0, 0, ds, dolds);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  std::vector<unsigned> s(nslots), olds(nolds);
  hipMemcpy(s.data(), ds, nslots * 4, hipMemcpyDeviceToHost);
  hipMemcpy(olds.data(), dolds, nolds * 4, hipMemcpyDeviceToHost);
  long bad = 0, checked = 0;
  auto expect = [&](const char *what, int b, unsigned got, unsigned want) {
    ++checked;
    if (got != want && ++bad <= 10)
      std::printf("MISMATCH %s block %d: %u, want %u\n", what, b, got, want);
  };
  // The values atomicInc(p, lim) / atomicDec(p, lim) return from 0, in order.
  auto incs = [](unsigned n, unsigned lim) {
    std::vector<unsigned> v;
    for (unsigned x = 0, i = 0; i < n; ++i) { v.push_back(x); x = x >= lim ? 0 : x + 1; }
    return v;
  };
  auto decs = [](unsigned n, unsigned lim) {
    std::vector<unsigned> v;
    for (unsigned x = 0, i = 0; i < n; ++i) { v.push_back(x); x = (x == 0 || x > lim) ? lim : x - 1; }
    return v;
  };
  for (int b = 0; b < kBlocks; ++b) {
    const unsigned *g = &s[b * kSlots];
    unsigned sum = 0, mx = 0, mn = 1000u, orv = 0, xr = 0, andv = 0xffffffffu;
    for (unsigned t = 0; t < (unsigned)kThreads; ++t) {
      sum += t, mx = std::max(mx, t * 7u % 101u), mn = std::min(mn, t * 7u % 101u + 5u);
      orv |= 1u << (t % 29), xr ^= t, andv &= ~(1u << (t % 32)) | 1u;
    }
    std::vector<unsigned> inc = incs(kThreads, 17u), dec = decs(kThreads, 137u);
    expect("add", b, g[0], sum);
    expect("sub", b, g[1], 1000u - 2u * kThreads);
    expect("max", b, g[2], mx);
    expect("min", b, g[3], mn);
    expect("inc", b, g[4], incs(kThreads + 1, 17u).back());
    expect("dec", b, g[5], decs(kThreads + 1, 137u).back());
    expect("and", b, g[6], andv);
    expect("or", b, g[7], orv);
    expect("xor", b, g[8], xr);
    expect("exch", b, g[9], 42u);
    expect("cas", b, g[10] >= 1u && g[10] <= (unsigned)kThreads, 1u);
    std::vector<unsigned> gi, gd;
    for (int t = 0; t < kThreads; ++t) {
      gi.push_back(olds[(b * kThreads + t) * 3]);
      gd.push_back(olds[(b * kThreads + t) * 3 + 1]);
    }
    std::sort(gi.begin(), gi.end()), std::sort(inc.begin(), inc.end());
    std::sort(gd.begin(), gd.end()), std::sort(dec.begin(), dec.end());
    expect("inc returns", b, gi == inc, 1u);
    expect("dec returns", b, gd == dec, 1u);
  }
  const unsigned all = kBlocks * kThreads;
  expect("inc_system", -1, s[kBlocks * kSlots], incs(all + 1, 9u).back());
  expect("dec_system", -1, s[kBlocks * kSlots + 1], decs(all + 1, 50u).back());
  std::vector<unsigned> gs, ws = incs(all, 9u);
  for (unsigned i = 0; i < all; ++i) gs.push_back(olds[i * 3 + 2]);
  std::sort(gs.begin(), gs.end()), std::sort(ws.begin(), ws.end());
  expect("inc_system returns", -1, gs == ws, 1u);
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("atomic_scope: wave %d: %ld of %ld checks as CUDA\n", wave, checked - bad, checked);
  return bad ? 1 : 0;
}
