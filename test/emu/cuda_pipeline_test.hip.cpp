// cu2hip/cuda_pipeline.h: libcu++ block-scope pipelines over a __shared__
// cuda::pipeline_shared_state, at wave 64 and 32, against a reference
// computed on the host:
//  * partitioned: the last 64 threads of the block produce (one wave at 64,
//    two at 32), the other 256 consume; the producers run ahead of the
//    consumers by up to Stages + 1 stages (producer_acquire must wait for
//    the consumers' release of the stage's previous use), over more tiles
//    than stages so every stage's phase turns several times; roles by
//    pipeline_role and by a producer count;
//  * unified: every thread produces and consumes (block-cooperative
//    memcpy_async into the pipeline), two stages in flight;
//  * quit(): exactly one thread per block drops the last reference;
//  * --mixed-roles: a wave holding both roles stops at make_pipeline.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/cuda_barrier.h>

#include <cstdio>
#include <string>
#include <vector>

namespace cg = cooperative_groups;
constexpr int kConsumers = 256, kProducers = 64, kTile = 256, kTiles = 11, kBlocks = 3;
constexpr int kStages = 3;

// out[b * 256 + t] = sum over tiles k of (k + 1) * in[b][k][(t * 7 + k) % 256],
// read by consumer t from the stage the producers filled.
template <bool ByRole>
__global__ void partitioned(const int *in, int *out, int *lastRef) {
  __shared__ int buf[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  int t = threadIdx.x;
  bool producer = t >= kConsumers;
  const int *src = in + blockIdx.x * kTiles * kTile;
  auto pipe = ByRole ? cuda::make_pipeline(block, &state,
                                           producer ? cuda::pipeline_role::producer
                                                    : cuda::pipeline_role::consumer)
                     : cuda::make_pipeline(block, &state, std::size_t(kProducers));
  int acc = 0, fill = 0;
  for (int k = 0; k < kTiles; ++k) {
    if (producer) {
      for (; fill <= k + kStages && fill < kTiles; ++fill) {
        pipe.producer_acquire();
        for (int e = t - kConsumers; e < kTile; e += kProducers)
          cuda::memcpy_async(&buf[fill % kStages][e], &src[fill * kTile + e],
                             cuda::aligned_size_t<alignof(int)>(sizeof(int)), pipe);
        pipe.producer_commit();
      }
    } else {
      pipe.consumer_wait();
      acc += (k + 1) * buf[k % kStages][(t * 7 + k) % kTile];
      pipe.consumer_release();
    }
  }
  if (!producer)
    out[blockIdx.x * kConsumers + t] = acc;
  if (pipe.quit())
    atomicAdd(lastRef, 1);
}

// Every thread: acquire, the block copies tile k, commit; then (one stage
// behind) wait, read tile k - 1 reversed, release.
__global__ void unified(const int *in, int *out) {
  constexpr int n = kConsumers;
  __shared__ int buf[2][n];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  int t = threadIdx.x, acc = 0;
  const int *src = in + blockIdx.x * kTiles * n;
  auto pipe = cuda::make_pipeline(block, &state);
  for (int k = 0; k <= kTiles; ++k) {
    if (k < kTiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[k % 2], src + k * n, sizeof(int) * n, pipe);
      pipe.producer_commit();
    }
    if (k > 0) {
      pipe.consumer_wait();
      acc = acc * 3 + buf[(k - 1) % 2][n - 1 - t];
      pipe.consumer_release();
    }
  }
  out[blockIdx.x * n + t] = acc;
}

// Producers on odd threads: every wave holds both roles, which an AMD wave
// cannot run (no independent thread scheduling): make_pipeline traps.
__global__ void mixed_roles(int *out) {
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  auto role = threadIdx.x % 2 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(cg::this_thread_block(), &state, role);
  out[threadIdx.x] = 1;
}

static int check(const char *what, const std::vector<int> &got, const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && ++bad <= 5)
      std::printf("MISMATCH %s [%zu]: %d, want %d\n", what, i, got[i], want[i]);
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("cuda::pipeline %s: wave %d: %zu of %zu values as CUDA\n", what, wave,
              want.size() - bad, want.size());
  return bad;
}

int main(int argc, char **argv) {
  if (argc > 1 && std::string(argv[1]) == "--mixed-roles") {
    int *d;
    hipMalloc((void **)&d, 4 * 128);
    hipLaunchKernelGGL(mixed_roles, dim3(1), dim3(128), 0, 0, d);
    hipDeviceSynchronize();
    std::printf("make_pipeline returned with mixed roles\n");
    return 1;
  }
  const int nIn = kBlocks * kTiles * kTile, nOut = kBlocks * kConsumers;
  std::vector<int> in(nIn), out(nOut), part(nOut), uni(nOut);
  for (int i = 0; i < nIn; ++i) in[i] = (i * 37 + 11) % 1009 - 500;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kConsumers; ++t) {
      int p = 0, u = 0;
      for (int k = 0; k < kTiles; ++k) {
        p += (k + 1) * in[(b * kTiles + k) * kTile + (t * 7 + k) % kTile];
        u = u * 3 + in[(b * kTiles + k) * kTile + kConsumers - 1 - t];
      }
      part[b * kConsumers + t] = p;
      uni[b * kConsumers + t] = u;
    }
  int *din, *dout, *dlast, bad = 0;
  hipMalloc((void **)&din, nIn * 4);
  hipMalloc((void **)&dout, nOut * 4);
  hipMalloc((void **)&dlast, 4);
  hipMemcpy(din, in.data(), nIn * 4, hipMemcpyHostToDevice);
  for (int byRole = 0; byRole < 2; ++byRole) {
    int last = 0;
    hipMemset(dout, 0, nOut * 4);
    hipMemcpy(dlast, &last, 4, hipMemcpyHostToDevice);
    if (byRole)
      hipLaunchKernelGGL(partitioned<true>, dim3(kBlocks), dim3(kConsumers + kProducers), 0, 0,
                         din, dout, dlast);
    else
      hipLaunchKernelGGL(partitioned<false>, dim3(kBlocks), dim3(kConsumers + kProducers), 0, 0,
                         din, dout, dlast);
    if (hipDeviceSynchronize() != hipSuccess)
      return 1;
    hipMemcpy(out.data(), dout, nOut * 4, hipMemcpyDeviceToHost);
    hipMemcpy(&last, dlast, 4, hipMemcpyDeviceToHost);
    bad += check(byRole ? "partitioned by role" : "partitioned by count", out, part);
    if (last != kBlocks && ++bad)
      std::printf("MISMATCH quit(): %d blocks saw a last reference, want %d\n", last, kBlocks);
  }
  hipLaunchKernelGGL(unified, dim3(kBlocks), dim3(kConsumers), 0, 0, din, dout);
  if (hipDeviceSynchronize() != hipSuccess)
    return 1;
  hipMemcpy(out.data(), dout, nOut * 4, hipMemcpyDeviceToHost);
  bad += check("unified", out, uni);
  hipFree(din);
  hipFree(dout);
  hipFree(dlast);
  return bad ? 1 : 0;
}
