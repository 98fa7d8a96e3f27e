// dqn_replay_ref.cpp — CPU reference of dqn_replay.cu: the same environments, epsilon-greedy
// policy, replay ring, minibatch sampling (HostPhilox reproduces each GPU thread's Philox
// stream), Huber TD loss, gradients and Adam, in plain C++. No streams or pinned memory: the
// ring is an ordinary array, filled at the point the GPU program's copy completes.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/args.h"
#include "../common/philox.h"
#include <cu2hip/trace.h>

namespace {
constexpr int HID = 64;
constexpr int OFF_W1 = 0, OFF_B1 = OFF_W1 + HID * 4, OFF_W2 = OFF_B1 + HID;
constexpr int OFF_B2 = OFF_W2 + 2 * HID, NPARAM = OFF_B2 + 2;
constexpr int RNG_PER_STEP = 6, MAX_EPISODE = 200;

constexpr float GRAVITY = 9.8f, MASS_CART = 1.0f, MASS_POLE = 0.1f;
constexpr float TOTAL_MASS = MASS_CART + MASS_POLE, HALF_LEN = 0.5f;
constexpr float POLE_ML = MASS_POLE * HALF_LEN, FORCE = 10.0f, TAU = 0.02f;
constexpr float X_LIMIT = 2.4f, THETA_LIMIT = 12.0f * 2.0f * 3.14159265358979f / 360.0f;

struct V4 { float x, y, z, w; };
struct Transition { V4 s, s2, ard; };

bool cartpoleStep(V4 &s, int action) {
  float force = action ? FORCE : -FORCE;
  float ct = std::cos(s.z), st = std::sin(s.z);
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

V4 randomState(HostPhilox &rng) {
  V4 s;
  s.x = 0.1f * rng.uniform() - 0.05f;
  s.y = 0.1f * rng.uniform() - 0.05f;
  s.z = 0.1f * rng.uniform() - 0.05f;
  s.w = 0.1f * rng.uniform() - 0.05f;
  return s;
}

// Q-values and hidden activations of the 4 -> 64 -> 2 network.
void qForward(const float *p, const V4 &s, float h[HID], float q[2]) {
  q[0] = 0.f;
  q[1] = 0.f;
  for (int j = 0; j < HID; ++j) {
    const float *w = p + OFF_W1 + 4 * j;
    h[j] = std::fmax(p[OFF_B1 + j] + w[0] * s.x + w[1] * s.y + w[2] * s.z + w[3] * s.w, 0.0f);
    q[0] += p[OFF_W2 + j] * h[j];
    q[1] += p[OFF_W2 + HID + j] * h[j];
  }
  q[0] += p[OFF_B2];
  q[1] += p[OFF_B2 + 1];
}
} // namespace

int main(int argc, char **argv) {
  SampleArgs args = parseSampleArgs(argc, argv, "DQN with a replay buffer (CPU reference)");
  const int n = args.small ? 32 : 256;
  const long steps = args.steps > 0 ? args.steps : (args.small ? 300 : 4000);
  const int batch = args.small ? 64 : 128;
  const int capacity = n * (args.small ? 128 : 256);
  const int targetEvery = args.small ? 50 : 200, logEvery = args.small ? 25 : 200;
  const float gamma = 0.99f, lr = 1e-3f;
  const int warmup = 4 * batch / n + 1;

  std::vector<float> p(NPARAM, 0.0f), m(NPARAM, 0.0f), v(NPARAM, 0.0f), grad(NPARAM);
  SplitMix64 init(args.seed * 0x9E3779B1ull + 5);
  for (int i = 0; i < HID * 4; ++i) p[OFF_W1 + i] = init.symmetric(0.5f);
  for (int i = 0; i < 2 * HID; ++i) p[OFF_W2 + i] = init.symmetric(0.125f);
  std::vector<float> target(p);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "dqn_replay",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(steps)}, {"envs", std::to_string(n)}});

  std::vector<V4> state(n);
  std::vector<int> epLen(n, 0), finCount(n, 0);
  std::vector<float> finRet(n, 0.0f);
  for (int e = 0; e < n; ++e) {
    HostPhilox rng(args.seed, e, 0);
    state[e] = randomState(rng);
  }
  std::vector<Transition> ring(capacity), staging(n), bt(batch);
  std::vector<float> hidden((size_t)batch * HID), dHidden((size_t)batch * HID), dQ(2 * batch);
  std::vector<float> rowLoss(batch);
  float lastLoss = 0.0f;
  double prevRetSum = 0.0;
  long prevCount = 0, updates = 0;
  int size = 0, writePos = 0;
  float lastMeanReturn = 0.0f, firstMeanReturn = -1.0f;
  for (long step = 0; step < steps; ++step) {
    float frac = (float)step / (0.5f * (float)steps);
    float epsilon = frac >= 1.0f ? 0.05f : 1.0f - 0.95f * frac;
    unsigned long long offset = 1ull * RNG_PER_STEP * (unsigned long long)step + 4;
    for (int e = 0; e < n; ++e) {
      HostPhilox rng(args.seed, e, offset);
      float uEps = rng.uniform(), uAct = rng.uniform();
      V4 s = state[e];
      int a;
      if (uEps < epsilon) {
        a = uAct < 0.5f ? 0 : 1;
      } else {
        // same accumulation order as the GPU act kernel: bias first
        float q0 = p[OFF_B2], q1 = p[OFF_B2 + 1];
        for (int j = 0; j < HID; ++j) {
          const float *w = &p[OFF_W1 + 4 * j];
          float h = std::fmax(p[OFF_B1 + j] + w[0] * s.x + w[1] * s.y + w[2] * s.z + w[3] * s.w,
                              0.0f);
          q0 += p[OFF_W2 + j] * h;
          q1 += p[OFF_W2 + HID + j] * h;
        }
        a = q1 > q0 ? 1 : 0;
      }
      V4 s2 = s;
      bool terminal = cartpoleStep(s2, a);
      int len = epLen[e] + 1;
      staging[e] = Transition{s, s2, V4{(float)a, 1.0f, terminal ? 1.0f : 0.0f, 0.0f}};
      V4 reset = randomState(rng);
      if (terminal || len >= MAX_EPISODE) {
        finRet[e] += (float)len;
        finCount[e] += 1;
        s2 = reset;
        len = 0;
      }
      state[e] = s2;
      epLen[e] = len;
    }
    for (int e = 0; e < n; ++e) ring[writePos + e] = staging[e];
    writePos = (writePos + n) % capacity;
    size = size + n > capacity ? capacity : size + n;
    if (step >= warmup) {
      for (int b = 0; b < batch; ++b) {
        HostPhilox rng(args.seed, (unsigned long long)n + b, (unsigned long long)step);
        int j = (int)(rng.uniform() * (float)size);
        if (j >= size) j = size - 1;
        bt[b] = ring[j];
      }
      double lossSum = 0.0;
      for (int b = 0; b < batch; ++b) {
        const Transition &tr = bt[b];
        float ht[HID], qt[2], q[2];
        qForward(target.data(), tr.s2, ht, qt);
        float *h = &hidden[(size_t)b * HID];
        qForward(p.data(), tr.s, h, q);
        int a = (int)tr.ard.x;
        float y = tr.ard.y + gamma * (1.0f - tr.ard.z) * std::fmax(qt[0], qt[1]);
        float td = q[a] - y;
        float adt = std::fabs(td);
        rowLoss[b] = adt <= 1.0f ? 0.5f * td * td : adt - 0.5f;
        lossSum += rowLoss[b];
        float g = std::fmin(std::fmax(td, -1.0f), 1.0f) / (float)batch;
        float dq0 = a ? 0.0f : g, dq1 = a ? g : 0.0f;
        dQ[2 * b] = dq0;
        dQ[2 * b + 1] = dq1;
        for (int j = 0; j < HID; ++j)
          dHidden[(size_t)b * HID + j] =
              h[j] > 0.0f ? p[OFF_W2 + j] * dq0 + p[OFF_W2 + HID + j] * dq1 : 0.0f;
      }
      for (int i = 0; i < NPARAM; ++i) {
        float s = 0.0f;
        if (i < OFF_B1) {
          int j = i / 4, k = i % 4;
          for (int b = 0; b < batch; ++b) {
            const float *sv = &bt[b].s.x;
            s += dHidden[(size_t)b * HID + j] * sv[k];
          }
        } else if (i < OFF_W2) {
          for (int b = 0; b < batch; ++b) s += dHidden[(size_t)b * HID + (i - OFF_B1)];
        } else if (i < OFF_B2) {
          int o = (i - OFF_W2) / HID, j = (i - OFF_W2) % HID;
          for (int b = 0; b < batch; ++b) s += dQ[2 * b + o] * hidden[(size_t)b * HID + j];
        } else {
          for (int b = 0; b < batch; ++b) s += dQ[2 * b + (i - OFF_B2)];
        }
        grad[i] = s;
      }
      lastLoss = (float)(lossSum / batch);
      ++updates;
      float t = (float)updates;
      float c1 = 1.0f - std::pow(0.9f, t), c2 = 1.0f - std::pow(0.999f, t);
      for (int i = 0; i < NPARAM; ++i) {
        m[i] = 0.9f * m[i] + (1.0f - 0.9f) * grad[i];
        v[i] = 0.999f * v[i] + (1.0f - 0.999f) * grad[i] * grad[i];
        p[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8f);
      }
      if (updates % targetEvery == 0)
        target = p;
    }
    if ((step + 1) % logEvery == 0) {
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
      trace.scalar(step, "loss", lastLoss);
      trace.scalar(step, "mean_return", meanReturn);
      trace.scalar(step, "episodes", (double)count, cu2hip::trace::Class::Exact, "i64");
      if (!args.quiet)
        std::printf("step %5ld  eps %.3f  loss %.6f  mean_return %7.2f  episodes %ld\n", step,
                    epsilon, lastLoss, meanReturn, count);
    }
  }
  trace.tensor(steps, "params", p.data(), p.size());
  std::printf("dqn_replay_ref: %ld steps, %d envs, %ld updates, mean return %.2f -> %.2f\n",
              steps, n, updates, firstMeanReturn, lastMeanReturn);
  return 0;
}
