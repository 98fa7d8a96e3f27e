// cu2hip/cuda_atomic.h: libcu++'s cuda::atomic_ref and cuda::atomic at each
// scope (as __hip_atomic_* builtins, which the emulator provides), at wave
// 64 and 32, against the values CUDA's semantics give (computed on the
// host): every read-modify-write of every thread lands exactly once.
#include <hip/hip_runtime.h>
#include <cu2hip/cuda_atomic.h>

#include <cstdio>
#include <vector>

constexpr int kBlock = 96, kBlocks = 3; // 96: not a multiple of 64

struct Totals {
  unsigned count;          // device scope fetch_add(1)
  unsigned long long sum;  // system scope, 64-bit fetch_add(id)
  int minId, maxId;        // device scope fetch_min/fetch_max
  unsigned orBits, xorBits;
  float half;              // float fetch_add(0.5f)
  int casSum;              // compare_exchange_weak loop
  int subbed;              // fetch_sub from kBlock * kBlocks
  int exchanged;           // sum of exchange results
  int last;                // the value the exchanges leave
};

__global__ void scoped(Totals *t, int *perBlock) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> blockCount;
  __shared__ int blockMax;
  int tid = threadIdx.x, id = blockIdx.x * kBlock + tid;
  if (tid == 0) {
    blockCount.store(0, cuda::memory_order_relaxed);
    blockMax = -1;
  }
  __syncthreads();
  blockCount++;
  cuda::atomic_ref<int, cuda::thread_scope_block>(blockMax).fetch_max(tid);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> count(t->count);
  count.fetch_add(1u, cuda::memory_order_relaxed);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_system>(t->sum).fetch_add(id);
  cuda::atomic_ref<int, cuda::thread_scope_device> mn(t->minId), mx(t->maxId);
  mn.fetch_min(id);
  mx.fetch_max(id);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device>(t->orBits).fetch_or(1u << (id % 32));
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(t->xorBits);
  x ^= 1u << (id % 7);
  cuda::atomic_ref<float, cuda::thread_scope_device>(t->half).fetch_add(0.5f);
  cuda::atomic_ref<int, cuda::thread_scope_device> cas(t->casSum);
  int old = cas.load(cuda::memory_order_relaxed);
  while (!cas.compare_exchange_weak(old, old + id, cuda::memory_order_acq_rel)) {
  }
  cuda::atomic_ref<int, cuda::thread_scope_device>(t->subbed) -= 1;
  int got = cuda::atomic_ref<int, cuda::thread_scope_device>(t->last).exchange(id);
  cuda::atomic_ref<int, cuda::thread_scope_device>(t->exchanged).fetch_add(got);
  __syncthreads();
  if (tid == 0)
    perBlock[blockIdx.x] = blockCount.load() * 1000 + blockMax;
}

int main() {
  const int n = kBlock * kBlocks;
  Totals h{};
  h.minId = 1 << 30;
  h.maxId = -1;
  h.subbed = n;
  h.last = -1;
  Totals *dt;
  int *dp;
  hipMalloc((void **)&dt, sizeof(Totals));
  hipMalloc((void **)&dp, kBlocks * sizeof(int));
  hipMemcpy(dt, &h, sizeof(Totals), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(scoped, dim3(kBlocks), dim3(kBlock), 0, 0, dt, dp);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  Totals r;
  std::vector<int> pb(kBlocks);
  hipMemcpy(&r, dt, sizeof(Totals), hipMemcpyDeviceToHost);
  hipMemcpy(pb.data(), dp, kBlocks * sizeof(int), hipMemcpyDeviceToHost);
  unsigned wantXor = 0;
  for (int i = 0; i < n; ++i) wantXor ^= 1u << (i % 7);
  long long ids = (long long)n * (n - 1) / 2;
  int bad = 0;
  auto expect = [&](const char *what, long long got, long long want) {
    if (got != want && ++bad)
      std::printf("MISMATCH %s: %lld, want %lld\n", what, got, want);
  };
  expect("count", r.count, n);
  expect("sum", (long long)r.sum, ids);
  expect("min", r.minId, 0);
  expect("max", r.maxId, n - 1);
  expect("or", r.orBits, 0xffffffffu);
  expect("xor", r.xorBits, wantXor);
  expect("half*2", (long long)(r.half * 2), n);
  expect("cas", r.casSum, ids);
  expect("sub", r.subbed, 0);
  // The exchanges form a chain: every id but the last one is returned once,
  // and -1 (the start) once.
  expect("exchange", (long long)r.exchanged + r.last, ids - 1);
  for (int b = 0; b < kBlocks; ++b) expect("block", pb[b], kBlock * 1000 + kBlock - 1);
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("cuda::atomic_ref/atomic: wave %d: %d mismatches\n", wave, bad);
  hipFree(dt);
  hipFree(dp);
  return bad ? 1 : 0;
}
