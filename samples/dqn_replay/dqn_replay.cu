// dqn_replay.cu — DQN on N CartPole environments with a replay buffer in pinned host memory.
//
// Each step: one kernel acts (epsilon-greedy on the online Q-network 4 -> 64 ReLU -> 2, cuRAND
// device Philox) and steps every environment, writing its transition to a device staging
// buffer; a second stream copies the staging buffer into the replay ring, which lives in
// mapped pinned host memory (cudaHostAlloc), and signals an event the main stream waits on;
// a gather kernel samples a minibatch straight from the mapped ring; one warp per sample
// evaluates online and target networks (__shfl_xor_sync butterflies), the Huber TD loss and
// the per-sample backward; a per-parameter kernel sums gradients in a fixed order (no float
// atomics); Adam updates; the target network is refreshed every C steps. Scratch device buffers
// are allocated and freed every step (what an allocator cache would help).
//
// Flags: --small (CI size), --steps N, --seed S, --trace FILE, --quiet.
// The CPU reference dqn_replay_ref.cpp implements the same math.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>
#include <curand_kernel.h>

#include "../common/args.h"
#include "../common/philox.h"
#include <cu2hip/trace.h>

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__,            \
                   cudaGetErrorName(err_), cudaGetErrorString(err_));                    \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

constexpr int HID = 64;
constexpr int OFF_W1 = 0, OFF_B1 = OFF_W1 + HID * 4, OFF_W2 = OFF_B1 + HID;
constexpr int OFF_B2 = OFF_W2 + 2 * HID, NPARAM = OFF_B2 + 2;
constexpr int RNG_PER_STEP = 6;   // epsilon draw, random action, 4 reset draws
constexpr int MAX_EPISODE = 200;  // truncation (not a terminal state)

constexpr float GRAVITY = 9.8f, MASS_CART = 1.0f, MASS_POLE = 0.1f;
constexpr float TOTAL_MASS = MASS_CART + MASS_POLE, HALF_LEN = 0.5f;
constexpr float POLE_ML = MASS_POLE * HALF_LEN, FORCE = 10.0f, TAU = 0.02f;
constexpr float X_LIMIT = 2.4f, THETA_LIMIT = 12.0f * 2.0f * 3.14159265358979f / 360.0f;

// A transition: {s}, {s'}, {action, reward, terminal, 0}.
struct Transition {
  float4 s, s2, ard;
};

__device__ __forceinline__ float warpAllSum(float v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, mask);
  return v;
}

__device__ __forceinline__ bool cartpoleStep(float4 &s, int action) {
  float force = action ? FORCE : -FORCE;
  float ct = cosf(s.z), st = sinf(s.z);
  float temp = (force + POLE_ML * s.w * s.w * st) / TOTAL_MASS;
  float thacc = (GRAVITY * st - ct * temp) /
                (HALF_LEN * (4.0f / 3.0f - MASS_POLE * ct * ct / TOTAL_MASS));
  float xacc = temp - POLE_ML * thacc * ct / TOTAL_MASS;
  s.x += TAU * s.y;
  s.y += TAU * xacc;
  s.z += TAU * s.w;
  s.w += TAU * thacc;
  return s.x < -X_LIMIT || s.x > X_LIMIT || s.z < -THETA_LIMIT || s.z > THETA_LIMIT;
}

__device__ __forceinline__ float4 randomState(curandStatePhilox4_32_10_t &rng) {
  float4 s;
  s.x = 0.1f * curand_uniform(&rng) - 0.05f;
  s.y = 0.1f * curand_uniform(&rng) - 0.05f;
  s.z = 0.1f * curand_uniform(&rng) - 0.05f;
  s.w = 0.1f * curand_uniform(&rng) - 0.05f;
  return s;
}

__global__ void resetKernel(float4 *__restrict__ state, int *__restrict__ epLen, int n,
                            unsigned long long seed) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n)
    return;
  curandStatePhilox4_32_10_t rng;
  curand_init(seed, e, 0, &rng);
  state[e] = randomState(rng);
  epLen[e] = 0;
}

// One thread per environment: act, step, record, reset when done.
__global__ void actKernel(const float *__restrict__ params, float4 *__restrict__ state,
                          int *__restrict__ epLen, float *__restrict__ finishedReturns,
                          int *__restrict__ finishedCount, Transition *__restrict__ staging,
                          int n, float epsilon, unsigned long long seed,
                          unsigned long long offset) {
  __shared__ float p[NPARAM];
  for (int i = threadIdx.x; i < NPARAM; i += blockDim.x)
    p[i] = params[i];
  __syncthreads();
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n)
    return;
  curandStatePhilox4_32_10_t rng;
  curand_init(seed, e, offset, &rng);
  float uEps = curand_uniform(&rng), uAct = curand_uniform(&rng);
  float4 s = state[e];
  int a;
  if (uEps < epsilon) {
    a = uAct < 0.5f ? 0 : 1;
  } else {
    float q0 = p[OFF_B2], q1 = p[OFF_B2 + 1];
    for (int j = 0; j < HID; ++j) {
      const float *w = p + OFF_W1 + 4 * j;
      float h = fmaxf(p[OFF_B1 + j] + w[0] * s.x + w[1] * s.y + w[2] * s.z + w[3] * s.w, 0.0f);
      q0 += p[OFF_W2 + j] * h;
      q1 += p[OFF_W2 + HID + j] * h;
    }
    a = q1 > q0 ? 1 : 0;
  }
  float4 s2 = s;
  bool terminal = cartpoleStep(s2, a);
  int len = epLen[e] + 1;
  Transition tr;
  tr.s = s;
  tr.s2 = s2;
  tr.ard = make_float4((float)a, 1.0f, terminal ? 1.0f : 0.0f, 0.0f);
  staging[e] = tr;
  float4 reset = randomState(rng); // always drawn: streams stay aligned
  if (terminal || len >= MAX_EPISODE) {
    finishedReturns[e] += (float)len;
    finishedCount[e] += 1;
    s2 = reset;
    len = 0;
  }
  state[e] = s2;
  epLen[e] = len;
}

// Minibatch straight from the mapped pinned ring.
__global__ void gatherKernel(const Transition *__restrict__ ring, int size, int batch,
                             Transition *__restrict__ out, unsigned long long seed,
                             unsigned long long subsequenceBase, unsigned long long offset) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= batch)
    return;
  curandStatePhilox4_32_10_t rng;
  curand_init(seed, subsequenceBase + b, offset, &rng);
  int j = (int)(curand_uniform(&rng) * (float)size);
  if (j >= size)
    j = size - 1;
  out[b] = ring[j];
}

// One warp per sample: Q(s), Q_target(s'), Huber TD loss, d loss / d q and d loss / d pre-act.
__global__ void tdLossKernel(const float *__restrict__ params, const float *__restrict__ target,
                             const Transition *__restrict__ batchData, int batch, float gamma,
                             float *__restrict__ hidden, float *__restrict__ dHidden,
                             float *__restrict__ dQ, float *__restrict__ rowLoss) {
  int b = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int lane = threadIdx.x & 31;
  if (b >= batch)
    return;
  Transition tr = batchData[b];
  const int j0 = lane, j1 = lane + 32;
  // target network on s'
  float t0 = 0.f, t1 = 0.f;
  {
    const float *w0 = target + OFF_W1 + 4 * j0, *w1 = target + OFF_W1 + 4 * j1;
    float h0 = fmaxf(target[OFF_B1 + j0] + w0[0] * tr.s2.x + w0[1] * tr.s2.y + w0[2] * tr.s2.z +
                         w0[3] * tr.s2.w, 0.0f);
    float h1 = fmaxf(target[OFF_B1 + j1] + w1[0] * tr.s2.x + w1[1] * tr.s2.y + w1[2] * tr.s2.z +
                         w1[3] * tr.s2.w, 0.0f);
    t0 = warpAllSum(target[OFF_W2 + j0] * h0 + target[OFF_W2 + j1] * h1) + target[OFF_B2];
    t1 = warpAllSum(target[OFF_W2 + HID + j0] * h0 + target[OFF_W2 + HID + j1] * h1) +
         target[OFF_B2 + 1];
  }
  const float *w0 = params + OFF_W1 + 4 * j0, *w1 = params + OFF_W1 + 4 * j1;
  float h0 = fmaxf(params[OFF_B1 + j0] + w0[0] * tr.s.x + w0[1] * tr.s.y + w0[2] * tr.s.z +
                       w0[3] * tr.s.w, 0.0f);
  float h1 = fmaxf(params[OFF_B1 + j1] + w1[0] * tr.s.x + w1[1] * tr.s.y + w1[2] * tr.s.z +
                       w1[3] * tr.s.w, 0.0f);
  float q0 = warpAllSum(params[OFF_W2 + j0] * h0 + params[OFF_W2 + j1] * h1) + params[OFF_B2];
  float q1 = warpAllSum(params[OFF_W2 + HID + j0] * h0 + params[OFF_W2 + HID + j1] * h1) +
             params[OFF_B2 + 1];
  int a = (int)tr.ard.x;
  float y = tr.ard.y + gamma * (1.0f - tr.ard.z) * fmaxf(t0, t1);
  float td = (a ? q1 : q0) - y;
  float adt = fabsf(td);
  float loss = adt <= 1.0f ? 0.5f * td * td : adt - 0.5f;
  float g = fminf(fmaxf(td, -1.0f), 1.0f) / (float)batch;
  float dq0 = a ? 0.0f : g, dq1 = a ? g : 0.0f;
  hidden[b * HID + j0] = h0;
  hidden[b * HID + j1] = h1;
  dHidden[b * HID + j0] = h0 > 0.0f ? params[OFF_W2 + j0] * dq0 + params[OFF_W2 + HID + j0] * dq1 : 0.0f;
  dHidden[b * HID + j1] = h1 > 0.0f ? params[OFF_W2 + j1] * dq0 + params[OFF_W2 + HID + j1] * dq1 : 0.0f;
  if (lane == 0) {
    dQ[2 * b] = dq0;
    dQ[2 * b + 1] = dq1;
    rowLoss[b] = loss;
  }
}

// One thread per parameter, summing over the minibatch in order.
__global__ void paramGradKernel(const Transition *__restrict__ batchData,
                                const float *__restrict__ hidden,
                                const float *__restrict__ dHidden, const float *__restrict__ dQ,
                                int batch, float *__restrict__ grad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NPARAM)
    return;
  float s = 0.0f;
  if (i < OFF_B1) {
    int j = i / 4, k = i % 4;
    for (int b = 0; b < batch; ++b) {
      const float *sv = &batchData[b].s.x;
      s += dHidden[b * HID + j] * sv[k];
    }
  } else if (i < OFF_W2) {
    int j = i - OFF_B1;
    for (int b = 0; b < batch; ++b) s += dHidden[b * HID + j];
  } else if (i < OFF_B2) {
    int o = (i - OFF_W2) / HID, j = (i - OFF_W2) % HID;
    for (int b = 0; b < batch; ++b) s += dQ[2 * b + o] * hidden[b * HID + j];
  } else {
    int o = i - OFF_B2;
    for (int b = 0; b < batch; ++b) s += dQ[2 * b + o];
  }
  grad[i] = s;
}

__global__ void meanKernel(const float *__restrict__ v, int n, float *__restrict__ out) {
  __shared__ float shared[32];
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += v[i];
  for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffff, s, off);
  int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  if (lane == 0) shared[wid] = s;
  __syncthreads();
  if (wid == 0) {
    s = lane < (int)((blockDim.x + 31) >> 5) ? shared[lane] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffff, s, off);
    if (lane == 0) out[0] = s / (float)n;
  }
}

__global__ void adamKernel(float *__restrict__ w, const float *__restrict__ g,
                           float *__restrict__ m, float *__restrict__ v, int n, float lr,
                           float b1, float b2, float eps, float c1, float c2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float gi = g[i];
  float mi = b1 * m[i] + (1.0f - b1) * gi;
  float vi = b2 * v[i] + (1.0f - b2) * gi * gi;
  m[i] = mi;
  v[i] = vi;
  w[i] -= lr * (mi / c1) / (sqrtf(vi / c2) + eps);
}

int main(int argc, char **argv) {
  SampleArgs args = parseSampleArgs(argc, argv, "DQN with a pinned replay buffer (CUDA)");
  const int n = args.small ? 32 : 256;
  const long steps = args.steps > 0 ? args.steps : (args.small ? 300 : 4000);
  const int batch = args.small ? 64 : 128;
  const int capacity = n * (args.small ? 128 : 256);
  const int targetEvery = args.small ? 50 : 200, logEvery = args.small ? 25 : 200;
  const float gamma = 0.99f, lr = 1e-3f;
  const int warmup = 4 * batch / n + 1;

  std::vector<float> hp(NPARAM, 0.0f);
  SplitMix64 init(args.seed * 0x9E3779B1ull + 5);
  for (int i = 0; i < HID * 4; ++i) hp[OFF_W1 + i] = init.symmetric(0.5f);
  for (int i = 0; i < 2 * HID; ++i) hp[OFF_W2 + i] = init.symmetric(0.125f);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "dqn_replay",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(steps)}, {"envs", std::to_string(n)}});

  cudaStream_t copyStream;
  cudaEvent_t actDone, copyDone;
  CUDA_CHECK(cudaStreamCreateWithFlags(&copyStream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreateWithFlags(&actDone, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&copyDone, cudaEventDisableTiming));

  Transition *ring = nullptr, *dRing = nullptr;
  CUDA_CHECK(cudaHostAlloc((void **)&ring, (size_t)capacity * sizeof(Transition), cudaHostAllocMapped));
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&dRing, ring, 0));
  float *hostStats = nullptr;
  CUDA_CHECK(cudaMallocHost((void **)&hostStats, 4 * sizeof(float)));

  float *dParams, *dTarget, *dGrad, *dM, *dV, *dFinRet, *dLoss;
  float4 *dState;
  int *dEpLen, *dFinCount;
  Transition *dStaging;
  CUDA_CHECK(cudaMalloc(&dParams, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dTarget, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dGrad, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dM, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dV, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dState, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&dEpLen, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dFinRet, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dFinCount, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dStaging, n * sizeof(Transition)));
  CUDA_CHECK(cudaMalloc(&dLoss, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dParams, hp.data(), NPARAM * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dTarget, dParams, NPARAM * sizeof(float), cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemset(dM, 0, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMemset(dV, 0, NPARAM * sizeof(float)));
  CUDA_CHECK(cudaMemset(dFinRet, 0, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(dFinCount, 0, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(dLoss, 0, sizeof(float)));
  resetKernel<<<(n + 127) / 128, 128>>>(dState, dEpLen, n, args.seed);

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  std::vector<float> finRet(n);
  std::vector<int> finCount(n);
  double prevRetSum = 0.0;
  long prevCount = 0, updates = 0;
  int size = 0, writePos = 0;
  float lastMeanReturn = 0.0f, firstMeanReturn = -1.0f;
  for (long step = 0; step < steps; ++step) {
    if (step == 1) // time steps 1..N-1: step 0 pays one-time setup (module loading)
      CUDA_CHECK(cudaEventRecord(start));
    float frac = (float)step / (0.5f * (float)steps);
    float epsilon = frac >= 1.0f ? 0.05f : 1.0f - 0.95f * frac;
    unsigned long long offset = 1ull * RNG_PER_STEP * (unsigned long long)step + 4;
    actKernel<<<(n + 127) / 128, 128>>>(dParams, dState, dEpLen, dFinRet, dFinCount, dStaging,
                                        n, epsilon, args.seed, offset);
    // refill the replay ring on the copy stream
    CUDA_CHECK(cudaEventRecord(actDone, 0));
    CUDA_CHECK(cudaStreamWaitEvent(copyStream, actDone, 0));
    CUDA_CHECK(cudaMemcpyAsync(ring + writePos, dStaging, n * sizeof(Transition),
                               cudaMemcpyDeviceToHost, copyStream));
    CUDA_CHECK(cudaEventRecord(copyDone, copyStream));
    writePos = (writePos + n) % capacity;
    size = size + n > capacity ? capacity : size + n;
    if (step >= warmup) {
      // scratch buffers, allocated and freed every step
      Transition *dBatch;
      float *dHidden, *dDHidden, *dDQ, *dRowLoss;
      CUDA_CHECK(cudaMalloc(&dBatch, batch * sizeof(Transition)));
      CUDA_CHECK(cudaMalloc(&dHidden, (size_t)batch * HID * sizeof(float)));
      CUDA_CHECK(cudaMalloc(&dDHidden, (size_t)batch * HID * sizeof(float)));
      CUDA_CHECK(cudaMalloc(&dDQ, (size_t)batch * 2 * sizeof(float)));
      CUDA_CHECK(cudaMalloc(&dRowLoss, batch * sizeof(float)));
      CUDA_CHECK(cudaStreamWaitEvent(0, copyDone, 0));
      gatherKernel<<<(batch + 127) / 128, 128>>>(dRing, size, batch, dBatch, args.seed,
                                                 (unsigned long long)n, (unsigned long long)step);
      tdLossKernel<<<(batch * 32 + 127) / 128, 128>>>(dParams, dTarget, dBatch, batch, gamma,
                                                       dHidden, dDHidden, dDQ, dRowLoss);
      paramGradKernel<<<(NPARAM + 127) / 128, 128>>>(dBatch, dHidden, dDHidden, dDQ, batch,
                                                     dGrad);
      meanKernel<<<1, 256>>>(dRowLoss, batch, dLoss);
      ++updates;
      float t = (float)updates;
      adamKernel<<<(NPARAM + 127) / 128, 128>>>(dParams, dGrad, dM, dV, NPARAM, lr, 0.9f,
                                                0.999f, 1e-8f, 1.0f - powf(0.9f, t),
                                                1.0f - powf(0.999f, t));
      CUDA_CHECK(cudaFree(dBatch));
      CUDA_CHECK(cudaFree(dHidden));
      CUDA_CHECK(cudaFree(dDHidden));
      CUDA_CHECK(cudaFree(dDQ));
      CUDA_CHECK(cudaFree(dRowLoss));
      if (updates % targetEvery == 0)
        CUDA_CHECK(cudaMemcpyAsync(dTarget, dParams, NPARAM * sizeof(float),
                                   cudaMemcpyDeviceToDevice, 0));
    } else {
      CUDA_CHECK(cudaStreamWaitEvent(0, copyDone, 0));
    }
    CUDA_CHECK(cudaGetLastError());
    if ((step + 1) % logEvery == 0) {
      CUDA_CHECK(cudaMemcpyAsync(hostStats, dLoss, sizeof(float), cudaMemcpyDeviceToHost, 0));
      CUDA_CHECK(cudaMemcpy(finRet.data(), dFinRet, n * sizeof(float), cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(finCount.data(), dFinCount, n * sizeof(int),
                            cudaMemcpyDeviceToHost));
      double retSum = 0.0;
      long count = 0;
      for (int e = 0; e < n; ++e) {
        retSum += finRet[e];
        count += finCount[e];
      }
      float meanReturn = count > prevCount
                             ? (float)((retSum - prevRetSum) / (double)(count - prevCount))
                             : 0.0f;
      prevRetSum = retSum;
      prevCount = count;
      if (firstMeanReturn < 0.0f)
        firstMeanReturn = meanReturn;
      lastMeanReturn = meanReturn;
      trace.scalar(step, "loss", hostStats[0]);
      trace.scalar(step, "mean_return", meanReturn);
      trace.scalar(step, "episodes", (double)count, cu2hip::trace::Class::Exact, "i64");
      if (!args.quiet)
        std::printf("step %5ld  eps %.3f  loss %.6f  mean_return %7.2f  episodes %ld\n", step,
                    epsilon, hostStats[0], meanReturn, count);
    }
  }
  if (steps < 2)
    CUDA_CHECK(cudaEventRecord(start));
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const float msPerStep = steps > 1 ? ms / (float)(steps - 1) : 0.0f;
  CUDA_CHECK(cudaMemcpy(hp.data(), dParams, NPARAM * sizeof(float), cudaMemcpyDeviceToHost));
  trace.tensor(steps, "params", hp.data(), hp.size());
  trace.perf("ms_per_step", msPerStep);
  std::printf("dqn_replay: %ld steps, %d envs, %ld updates, mean return %.2f -> %.2f, "
              "%.3f ms/step\n",
              steps, n, updates, firstMeanReturn, lastMeanReturn, msPerStep);

  cudaFreeHost(ring);
  cudaFreeHost(hostStats);
  cudaFree(dParams); cudaFree(dTarget); cudaFree(dGrad); cudaFree(dM); cudaFree(dV);
  cudaFree(dState); cudaFree(dEpLen); cudaFree(dFinRet); cudaFree(dFinCount);
  cudaFree(dStaging); cudaFree(dLoss);
  cudaStreamDestroy(copyStream);
  cudaEventDestroy(actDone);
  cudaEventDestroy(copyDone);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return 0;
}
