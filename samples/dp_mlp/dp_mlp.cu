// dp_mlp.cu — data-parallel training of an MLP (16 -> 64 tanh -> 8, softmax cross-entropy,
// Adam) across N GPUs driven by one process, with NCCL.
//
// One communicator per GPU from ncclCommInitAll; one stream and one pair of timing events per
// GPU. Rank 0's initial weights are broadcast to every replica (ncclBroadcast, in place; the
// other ranks start from different values). Each step every rank takes its contiguous share
// of the global batch, computes the gradient of its local mean loss, and the gradients are
// averaged in place with ncclAllReduce(ncclAvg); the loss sum and the correct count go through
// an out-of-place ncclAllReduce(ncclSum). All calls for the N ranks are issued by one thread
// inside ncclGroupStart/ncclGroupEnd. Each replica then applies the same Adam step. At the end
// every replica's weights and Adam moments are copied back and must be bitwise identical
// (else the program exits 1).
//
// Determinism: no float atomics; every sum over rows runs in a fixed order on one thread;
// warp reductions (softmax, one warp per row with __shfl_xor_sync; argmax with __ballot_sync)
// and the loss's block reduction (shared[32]) have a fixed tree. For 2 ranks the all-reduce is
// exact to bits whatever order NCCL adds in (x*0.5 + y*0.5 is commutative); for more ranks it
// is reproducible run to run on one machine.
//
// Flags: --gpus N (default 2; must divide the global batch), --allreduce-bench BYTES (after
// training, time ncclAllReduce of BYTES per rank and report algbw/busbw as nccl-tests does),
// and the common --small, --steps N, --seed S, --trace FILE, --quiet.
// The CPU reference dp_mlp_ref.cpp implements the same math for the same N.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>

#include "../common/args.h"
#include "../common/philox.h"
#include "dp_task.h"
#include <cu2hip/trace.h>

using namespace dp;

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__,            \
                   cudaGetErrorName(err_), cudaGetErrorString(err_));                    \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

#define NCCL_CHECK(call)                                                                 \
  do {                                                                                   \
    ncclResult_t r_ = (call);                                                            \
    if (r_ != ncclSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: NCCL error %d: %s\n", __FILE__, __LINE__, (int)r_,   \
                   ncclGetErrorString(r_));                                              \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

__device__ __forceinline__ float warpMax(float v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
  return v;
}

__device__ __forceinline__ float warpSum(float v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, mask);
  return v;
}

// h[b][j] = tanh(sum_k x[b][k] W1[k][j] + b1[j]), one thread per (b, j).
__global__ void hiddenForward(const float *__restrict__ x, const float *__restrict__ p, int rows,
                              float *__restrict__ h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * HID)
    return;
  int b = i / HID, j = i % HID;
  const float *w1 = p + OFF_W1;
  float a = 0.0f;
  for (int k = 0; k < IN; ++k)
    a += x[b * IN + k] * w1[k * HID + j];
  h[i] = tanhf(a + p[OFF_B1 + j]);
}

// One warp per row: z = h W2 + b2 (lane c < OUT holds z[c]); rowLoss = logsumexp(z) - z[y];
// correct = argmax(z) == y (lowest lane holding the maximum); dz = (softmax(z) - onehot(y)) *
// gradScale when dz is given.
__global__ void softmaxCrossEntropy(const float *__restrict__ h, const float *__restrict__ p,
                                    const int *__restrict__ y, int rows, float gradScale,
                                    float *__restrict__ rowLoss, int *__restrict__ correct,
                                    float *__restrict__ dz) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int lane = threadIdx.x & 31;
  if (row >= rows)
    return;
  float z = -INFINITY;
  if (lane < OUT) {
    float a = 0.0f;
    for (int j = 0; j < HID; ++j)
      a += h[row * HID + j] * p[OFF_W2 + j * OUT + lane];
    z = a + p[OFF_B2 + lane];
  }
  float m = warpMax(z);
  float e = lane < OUT ? expf(z - m) : 0.0f;
  float s = warpSum(e);
  int label = y[row];
  float zy = __shfl_sync(0xffffffff, z, label);
  unsigned ballot = __ballot_sync(0xffffffff, z == m);
  int pred = __ffs(ballot) - 1;
  if (lane == 0) {
    rowLoss[row] = m + logf(s) - zy;
    correct[row] = pred == label ? 1 : 0;
  }
  if (lane < OUT && dz)
    dz[row * OUT + lane] = (e / s - (lane == label ? 1.0f : 0.0f)) * gradScale;
}

// dh[b][j] = (1 - h^2) * sum_c dz[b][c] W2[j][c], one thread per (b, j).
__global__ void hiddenBackward(const float *__restrict__ dz, const float *__restrict__ h,
                               const float *__restrict__ p, int rows, float *__restrict__ dh) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * HID)
    return;
  int b = i / HID, j = i % HID;
  float a = 0.0f;
  for (int c = 0; c < OUT; ++c)
    a += dz[b * OUT + c] * p[OFF_W2 + j * OUT + c];
  float hv = h[i];
  dh[i] = (1.0f - hv * hv) * a;
}

// gW[m][n] = sum_b A[b][m] G[b][n] and gb[n] = sum_b G[b][n], rows in order (deterministic):
// one thread per entry of gW, then one per entry of gb.
__global__ void outerGrad(const float *__restrict__ A, const float *__restrict__ G, int rows,
                          int M, int N, float *__restrict__ gW, float *__restrict__ gb) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < M * N) {
    int m = i / N, n = i % N;
    float s = 0.0f;
    for (int b = 0; b < rows; ++b)
      s += A[b * M + m] * G[b * N + n];
    gW[i] = s;
  } else if (i < M * N + N) {
    int n = i - M * N;
    float s = 0.0f;
    for (int b = 0; b < rows; ++b)
      s += G[b * N + n];
    gb[n] = s;
  }
}

// out[0] = sum(rowLoss) * scale, out[1] = sum(correct): one block, shared[32] reduction.
__global__ void lossStats(const float *__restrict__ rowLoss, const int *__restrict__ correct,
                          int n, float scale, float *__restrict__ out) {
  __shared__ float sharedLoss[32];
  __shared__ float sharedCount[32];
  float s = 0.0f, c = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    s += rowLoss[i];
    c += (float)correct[i];
  }
  for (int off = 16; off > 0; off >>= 1) {
    s += __shfl_down_sync(0xffffffff, s, off);
    c += __shfl_down_sync(0xffffffff, c, off);
  }
  int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  if (lane == 0) {
    sharedLoss[wid] = s;
    sharedCount[wid] = c;
  }
  __syncthreads();
  if (wid == 0) {
    int nw = (blockDim.x + 31) >> 5;
    s = lane < nw ? sharedLoss[lane] : 0.0f;
    c = lane < nw ? sharedCount[lane] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) {
      s += __shfl_down_sync(0xffffffff, s, off);
      c += __shfl_down_sync(0xffffffff, c, off);
    }
    if (lane == 0) {
      out[0] = s * scale;
      out[1] = c;
    }
  }
}

__global__ void adam(float *__restrict__ w, const float *__restrict__ g, float *__restrict__ m,
                     float *__restrict__ v, int n, float lr, float c1, float c2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float gi = g[i];
  float mi = BETA1 * m[i] + (1.0f - BETA1) * gi;
  float vi = BETA2 * v[i] + (1.0f - BETA2) * gi * gi;
  m[i] = mi;
  v[i] = vi;
  w[i] -= lr * (mi / c1) / (sqrtf(vi / c2) + EPS);
}

static inline int blocksFor(int n, int threads) { return (n + threads - 1) / threads; }

// One GPU's replica: its communicator, stream, events and buffers.
struct Replica {
  int device = 0;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  float *x = nullptr, *params = nullptr, *grad = nullptr, *m = nullptr, *v = nullptr;
  float *h = nullptr, *dz = nullptr, *dh = nullptr, *rowLoss = nullptr;
  float *localStats = nullptr, *stats = nullptr;
  int *y = nullptr, *correct = nullptr;
};

static void setUp(Replica &r, const Data &data, const std::vector<float> &init, int maxRows) {
  CUDA_CHECK(cudaSetDevice(r.device));
  CUDA_CHECK(cudaStreamCreateWithFlags(&r.stream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreate(&r.start));
  CUDA_CHECK(cudaEventCreate(&r.stop));
  CUDA_CHECK(cudaMalloc(&r.x, data.x.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.y, data.y.size() * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&r.params, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.grad, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.m, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.v, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.h, (size_t)maxRows * HID * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.dh, (size_t)maxRows * HID * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.dz, (size_t)maxRows * OUT * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.rowLoss, maxRows * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.correct, maxRows * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&r.localStats, 2 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r.stats, 2 * sizeof(float)));
  CUDA_CHECK(cudaMemcpyAsync(r.x, data.x.data(), data.x.size() * sizeof(float),
                             cudaMemcpyHostToDevice, r.stream));
  CUDA_CHECK(cudaMemcpyAsync(r.y, data.y.data(), data.y.size() * sizeof(int),
                             cudaMemcpyHostToDevice, r.stream));
  CUDA_CHECK(cudaMemcpyAsync(r.params, init.data(), NPARAM * sizeof(float),
                             cudaMemcpyHostToDevice, r.stream));
  CUDA_CHECK(cudaMemsetAsync(r.m, 0, NPARAM * sizeof(float), r.stream));
  CUDA_CHECK(cudaMemsetAsync(r.v, 0, NPARAM * sizeof(float), r.stream));
  // init is a temporary of the caller: finish the copies before it goes away
  CUDA_CHECK(cudaStreamSynchronize(r.stream));
}

static void tearDown(Replica &r) {
  CUDA_CHECK(cudaSetDevice(r.device));
  for (void *p : {(void *)r.x, (void *)r.y, (void *)r.params, (void *)r.grad, (void *)r.m,
                  (void *)r.v, (void *)r.h, (void *)r.dh, (void *)r.dz, (void *)r.rowLoss,
                  (void *)r.correct, (void *)r.localStats, (void *)r.stats})
    CUDA_CHECK(cudaFree(p));
  CUDA_CHECK(cudaEventDestroy(r.start));
  CUDA_CHECK(cudaEventDestroy(r.stop));
  CUDA_CHECK(cudaStreamDestroy(r.stream));
  NCCL_CHECK(ncclCommDestroy(r.comm));
}

// Forward (and, with dz, backward) of `rows` rows starting at row `first` of the data on
// r's device; leaves the loss sum * lossScale and the correct count in r.localStats.
static void localPass(Replica &r, int first, int rows, float lossScale, bool backward) {
  const float *x = r.x + (size_t)first * IN;
  const int *y = r.y + first;
  hiddenForward<<<blocksFor(rows * HID, 128), 128, 0, r.stream>>>(x, r.params, rows, r.h);
  softmaxCrossEntropy<<<blocksFor(rows * 32, 128), 128, 0, r.stream>>>(
      r.h, r.params, y, rows, 1.0f / (float)rows, r.rowLoss, r.correct,
      backward ? r.dz : nullptr);
  lossStats<<<1, 256, 0, r.stream>>>(r.rowLoss, r.correct, rows, lossScale, r.localStats);
  if (!backward)
    return;
  outerGrad<<<blocksFor(HID * OUT + OUT, 128), 128, 0, r.stream>>>(
      r.h, r.dz, rows, HID, OUT, r.grad + OFF_W2, r.grad + OFF_B2);
  hiddenBackward<<<blocksFor(rows * HID, 128), 128, 0, r.stream>>>(r.dz, r.h, r.params, rows,
                                                                   r.dh);
  outerGrad<<<blocksFor(IN * HID + HID, 128), 128, 0, r.stream>>>(
      x, r.dh, rows, IN, HID, r.grad + OFF_W1, r.grad + OFF_B1);
}

// Times `iters` grouped in-place ncclAllReduce(sum) of `bytes` per rank after 5 warm-up
// calls; algbw = bytes / time, busbw = algbw * 2 (n - 1) / n (nccl-tests' definitions).
static void allReduceBench(std::vector<Replica> &reps, unsigned long long bytes,
                           cu2hip::trace::Recorder &trace) {
  const int n = (int)reps.size(), iters = 20, warmup = 5;
  const size_t count = bytes / sizeof(float);
  std::vector<float *> bufs(n);
  for (int i = 0; i < n; ++i) {
    CUDA_CHECK(cudaSetDevice(reps[i].device));
    CUDA_CHECK(cudaMalloc(&bufs[i], count * sizeof(float)));
    CUDA_CHECK(cudaMemsetAsync(bufs[i], 0, count * sizeof(float), reps[i].stream));
  }
  auto round = [&]() {
    NCCL_CHECK(ncclGroupStart());
    for (int i = 0; i < n; ++i)
      NCCL_CHECK(ncclAllReduce(bufs[i], bufs[i], count, ncclFloat, ncclSum, reps[i].comm,
                               reps[i].stream));
    NCCL_CHECK(ncclGroupEnd());
  };
  for (int k = 0; k < warmup; ++k)
    round();
  for (int i = 0; i < n; ++i) {
    CUDA_CHECK(cudaSetDevice(reps[i].device));
    CUDA_CHECK(cudaEventRecord(reps[i].start, reps[i].stream));
  }
  for (int k = 0; k < iters; ++k)
    round();
  float ms = 0.0f;
  for (int i = 0; i < n; ++i) {
    CUDA_CHECK(cudaSetDevice(reps[i].device));
    CUDA_CHECK(cudaEventRecord(reps[i].stop, reps[i].stream));
  }
  for (int i = 0; i < n; ++i) {
    float t = 0.0f;
    CUDA_CHECK(cudaEventSynchronize(reps[i].stop));
    CUDA_CHECK(cudaEventElapsedTime(&t, reps[i].start, reps[i].stop));
    ms = t > ms ? t : ms;
  }
  for (int i = 0; i < n; ++i) {
    CUDA_CHECK(cudaSetDevice(reps[i].device));
    CUDA_CHECK(cudaFree(bufs[i]));
  }
  const double sec = ms / iters * 1e-3;
  const double size = (double)(count * sizeof(float));
  const double algbw = sec > 0 ? size / sec / 1e9 : 0.0;
  const double busbw = algbw * 2.0 * (n - 1) / n;
  std::printf("allreduce: %.0f bytes x %d ranks, %.4f ms, algbw %.2f GB/s, busbw %.2f GB/s\n",
              size, n, ms / iters, algbw, busbw);
  trace.perf("allreduce_bytes", size);
  trace.perf("allreduce_ms", ms / iters);
  trace.perf("allreduce_algbw_gbps", algbw);
  trace.perf("allreduce_busbw_gbps", busbw);
}

// Copies every replica's parameters and Adam moments back; returns the largest absolute
// difference to rank 0's (0 when all are bitwise identical, as they must be) and sets *same.
static float replicaDifference(std::vector<Replica> &reps, bool *same) {
  std::vector<float> ref(3 * NPARAM), other(3 * NPARAM);
  float worst = 0.0f;
  *same = true;
  for (size_t i = 0; i < reps.size(); ++i) {
    Replica &r = reps[i];
    std::vector<float> &dst = i == 0 ? ref : other;
    CUDA_CHECK(cudaSetDevice(r.device));
    CUDA_CHECK(cudaMemcpyAsync(dst.data(), r.params, NPARAM * sizeof(float),
                               cudaMemcpyDeviceToHost, r.stream));
    CUDA_CHECK(cudaMemcpyAsync(dst.data() + NPARAM, r.m, NPARAM * sizeof(float),
                               cudaMemcpyDeviceToHost, r.stream));
    CUDA_CHECK(cudaMemcpyAsync(dst.data() + 2 * NPARAM, r.v, NPARAM * sizeof(float),
                               cudaMemcpyDeviceToHost, r.stream));
    CUDA_CHECK(cudaStreamSynchronize(r.stream));
    if (i == 0)
      continue;
    if (std::memcmp(ref.data(), other.data(), ref.size() * sizeof(float)) != 0)
      *same = false;
    for (size_t k = 0; k < ref.size(); ++k) {
      float d = std::fabs(ref[k] - other[k]);
      worst = d > worst ? d : worst;
    }
  }
  return worst;
}

int main(int argc, char **argv) {
  DpArgs dpa = takeDpArgs(argc, argv);
  SampleArgs args =
      parseSampleArgs(argc, argv, "data-parallel MLP over N GPUs with NCCL (CUDA); "
                                  "also --gpus N (default 2), --allreduce-bench BYTES");
  const Mode mode = modeFor(args);
  const int n = dpa.gpus;
  checkSplit(argv[0], n, mode);
  int devices = 0;
  CUDA_CHECK(cudaGetDeviceCount(&devices));
  if (devices < n) {
    std::fprintf(stderr, "%s: --gpus %d but only %d device(s) visible\n", argv[0], n, devices);
    return 2;
  }
  const int local = mode.batch / n;
  const Data data = makeData(args.seed, mode.train + mode.test);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "dp_mlp",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(mode.steps)}, {"gpus", std::to_string(n)}});

  std::vector<Replica> reps(n);
  std::vector<ncclComm_t> comms(n);
  std::vector<int> devlist(n);
  for (int i = 0; i < n; ++i)
    devlist[i] = i;
  NCCL_CHECK(ncclCommInitAll(comms.data(), n, devlist.data()));
  const int maxRows = local > mode.test ? local : mode.test;
  for (int i = 0; i < n; ++i) {
    reps[i].device = i;
    reps[i].comm = comms[i];
    setUp(reps[i], data, initialParams(args.seed, i), maxRows);
  }
  NCCL_CHECK(ncclGroupStart());
  for (Replica &r : reps)
    NCCL_CHECK(ncclBroadcast(r.params, r.params, NPARAM, ncclFloat, 0, r.comm, r.stream));
  NCCL_CHECK(ncclGroupEnd());

  float *hostStats = nullptr;
  CUDA_CHECK(cudaSetDevice(reps[0].device));
  CUDA_CHECK(cudaMallocHost(&hostStats, 2 * sizeof(float)));
  float trainLoss = 0.0f;
  for (long step = 0; step < mode.steps; ++step) {
    const int first = (int)((step * mode.batch) % mode.train);
    for (Replica &r : reps) {
      CUDA_CHECK(cudaSetDevice(r.device));
      if (step == 1 || mode.steps == 1) // step 0 pays one-time setup (module loading)
        CUDA_CHECK(cudaEventRecord(r.start, r.stream));
      localPass(r, first + r.device * local, local, 1.0f / (float)mode.batch, true);
    }
    NCCL_CHECK(ncclGroupStart());
    for (Replica &r : reps) {
      NCCL_CHECK(ncclAllReduce(r.grad, r.grad, NPARAM, ncclFloat, ncclAvg, r.comm, r.stream));
      NCCL_CHECK(ncclAllReduce(r.localStats, r.stats, 2, ncclFloat, ncclSum, r.comm, r.stream));
    }
    NCCL_CHECK(ncclGroupEnd());
    float c1, c2;
    adamCorrections(step + 1, c1, c2);
    for (Replica &r : reps) {
      CUDA_CHECK(cudaSetDevice(r.device));
      adam<<<blocksFor(NPARAM, 256), 256, 0, r.stream>>>(r.params, r.grad, r.m, r.v, NPARAM,
                                                        LR, c1, c2);
    }
    Replica &r0 = reps[0];
    CUDA_CHECK(cudaSetDevice(r0.device));
    CUDA_CHECK(cudaMemcpyAsync(hostStats, r0.stats, 2 * sizeof(float), cudaMemcpyDeviceToHost,
                               r0.stream));
    CUDA_CHECK(cudaStreamSynchronize(r0.stream));
    trainLoss = hostStats[0];
    if (step == 0)
      trace.scalar(0, "loss_step0", trainLoss, cu2hip::trace::Class::Reduce);
    trace.scalar(step, "train_loss", trainLoss);
    trace.scalar(step, "train_accuracy", hostStats[1] / (float)mode.batch);
    if (!args.quiet)
      std::printf("step %4ld  train_loss %.6f  train_accuracy %.4f\n", step, trainLoss,
                  hostStats[1] / (float)mode.batch);
  }
  float ms = 0.0f;
  for (Replica &r : reps) {
    CUDA_CHECK(cudaSetDevice(r.device));
    CUDA_CHECK(cudaEventRecord(r.stop, r.stream));
  }
  for (Replica &r : reps) {
    float t = 0.0f;
    CUDA_CHECK(cudaEventSynchronize(r.stop));
    CUDA_CHECK(cudaEventElapsedTime(&t, r.start, r.stop));
    ms = t > ms ? t : ms;
  }
  const float msPerStep = mode.steps > 1 ? ms / (float)(mode.steps - 1) : ms;

  // held-out evaluation on the last replica (any replica: they are identical)
  Replica &last = reps[n - 1];
  CUDA_CHECK(cudaSetDevice(last.device));
  localPass(last, mode.train, mode.test, 1.0f / (float)mode.test, false);
  CUDA_CHECK(cudaMemcpyAsync(hostStats, last.localStats, 2 * sizeof(float),
                             cudaMemcpyDeviceToHost, last.stream));
  CUDA_CHECK(cudaStreamSynchronize(last.stream));
  CUDA_CHECK(cudaGetLastError());
  const float testLoss = hostStats[0], testAccuracy = hostStats[1] / (float)mode.test;
  trace.scalar(mode.steps, "test_loss", testLoss);
  trace.scalar(mode.steps, "test_accuracy", testAccuracy);

  bool same = false;
  const float diff = replicaDifference(reps, &same);
  trace.scalar(mode.steps, "replica_max_abs_diff", diff, cu2hip::trace::Class::Exact);
  std::vector<float> params(NPARAM);
  CUDA_CHECK(cudaSetDevice(reps[0].device));
  CUDA_CHECK(cudaMemcpy(params.data(), reps[0].params, NPARAM * sizeof(float),
                        cudaMemcpyDeviceToHost));
  trace.tensor(mode.steps, "w1_head", params.data() + OFF_W1, 64);
  trace.tensor(mode.steps, "b2", params.data() + OFF_B2, OUT);
  trace.perf("ms_per_step", msPerStep);
  if (dpa.benchBytes)
    allReduceBench(reps, dpa.benchBytes, trace);
  std::printf("dp_mlp: %d GPU(s), %ld steps, train_loss %.6f, held-out accuracy %.4f, "
              "%.3f ms/step, replicas %s\n",
              n, mode.steps, trainLoss, testAccuracy, msPerStep,
              same ? "bitwise identical" : "DIFFER");
  trace.close();

  CUDA_CHECK(cudaFreeHost(hostStats));
  for (Replica &r : reps)
    tearDown(r);
  if (!same) {
    std::fprintf(stderr, "dp_mlp: replicas differ (max abs diff %g)\n", diff);
    return 1;
  }
  return 0;
}
