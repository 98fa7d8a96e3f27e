// policy_gradient_cartpole_ref.cpp — CPU reference of policy_gradient_cartpole.cu: the same
// REINFORCE math in plain C++, one loop where the GPU has one thread. Random numbers come from
// HostPhilox, which reproduces the device Philox stream of each environment (subsequence =
// environment index, offset = iteration * (4 + T)), so both sample the same actions as long as
// the action probabilities agree to within the float rounding of tanhf/expf.
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

constexpr float GRAVITY = 9.8f, MASS_CART = 1.0f, MASS_POLE = 0.1f;
constexpr float TOTAL_MASS = MASS_CART + MASS_POLE, HALF_LEN = 0.5f;
constexpr float POLE_ML = MASS_POLE * HALF_LEN, FORCE = 10.0f, TAU = 0.02f;
constexpr float X_LIMIT = 2.4f, THETA_LIMIT = 12.0f * 2.0f * 3.14159265358979f / 360.0f;

struct State { float x, y, z, w; };

bool cartpoleStep(State &s, int action) {
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
} // namespace

int main(int argc, char **argv) {
  SampleArgs args = parseSampleArgs(argc, argv, "REINFORCE on CartPole (CPU reference)");
  const int n = args.small ? 256 : 4096;
  const int T = args.small ? 64 : 200;
  const long iters = args.steps > 0 ? args.steps : (args.small ? 8 : 60);
  const float gamma = 0.99f, lr = 0.01f;
  const int nt = n * T;

  std::vector<float> p(NPARAM, 0.0f), m(NPARAM, 0.0f), v(NPARAM, 0.0f), g(NPARAM);
  SplitMix64 init(args.seed * 0x100000001ull + 17);
  for (int i = 0; i < HID * 4; ++i) p[OFF_W1 + i] = init.symmetric(0.5f);
  for (int i = 0; i < 2 * HID; ++i) p[OFF_W2 + i] = init.symmetric(0.01f);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "policy_gradient_cartpole",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(iters)}, {"envs", std::to_string(n)}});

  std::vector<State> obs(nt);
  std::vector<int> act(nt);
  std::vector<float> mask(nt), ret(nt), epLen(n);
  float firstReturn = 0.f, lastReturn = 0.f;
  for (long it = 0; it < iters; ++it) {
    // rollout
    for (int e = 0; e < n; ++e) {
      HostPhilox rng(args.seed, e, (unsigned long long)it * (4 + T));
      State s;
      s.x = 0.1f * rng.uniform() - 0.05f;
      s.y = 0.1f * rng.uniform() - 0.05f;
      s.z = 0.1f * rng.uniform() - 0.05f;
      s.w = 0.1f * rng.uniform() - 0.05f;
      bool alive = true;
      int len = 0;
      for (int t = 0; t < T; ++t) {
        float u = rng.uniform();
        size_t k = (size_t)t * n + e;
        if (!alive) {
          obs[k] = State{0.f, 0.f, 0.f, 0.f};
          act[k] = 0;
          mask[k] = 0.0f;
          continue;
        }
        obs[k] = s;
        float z0 = p[OFF_B2], z1 = p[OFF_B2 + 1];
        for (int j = 0; j < HID; ++j) {
          const float *w = &p[OFF_W1 + 4 * j];
          float h = std::tanh(p[OFF_B1 + j] + w[0] * s.x + w[1] * s.y + w[2] * s.z + w[3] * s.w);
          z0 += p[OFF_W2 + j] * h;
          z1 += p[OFF_W2 + HID + j] * h;
        }
        float p1 = 1.0f / (1.0f + std::exp(z0 - z1));
        int a = u < p1 ? 1 : 0;
        act[k] = a;
        mask[k] = 1.0f;
        ++len;
        alive = !cartpoleStep(s, a);
      }
      float gsum = 0.0f;
      for (int t = T - 1; t >= 0; --t) {
        size_t k = (size_t)t * n + e;
        gsum = mask[k] * (1.0f + gamma * gsum);
        ret[k] = gsum;
      }
      epLen[e] = (float)len;
    }
    // return statistics (double accumulation: the reference's sums are the accurate ones)
    double c = 0, s = 0, l = 0, var = 0;
    for (int i = 0; i < nt; ++i) { c += mask[i]; s += mask[i] * ret[i]; }
    for (int e = 0; e < n; ++e) l += epLen[e];
    float count = (float)c, mean = (float)(s / c);
    for (int i = 0; i < nt; ++i) { double d = ret[i] - mean; var += mask[i] * d * d; }
    float invStd = 1.0f / std::sqrt((float)(var / c) + 1e-8f);
    float meanReturn = (float)(l / n);
    // policy gradient
    std::vector<double> gd(NPARAM, 0.0);
    double loss = 0.0;
    const float scale = 1.0f / count;
    float h[HID];
    for (int smp = 0; smp < nt; ++smp) {
      if (mask[smp] == 0.0f)
        continue;
      const State &st = obs[smp];
      int a = act[smp];
      float adv = (ret[smp] - mean) * invStd;
      float z0 = 0.f, z1 = 0.f;
      for (int j = 0; j < HID; ++j) {
        const float *w = &p[OFF_W1 + 4 * j];
        h[j] = std::tanh(p[OFF_B1 + j] + w[0] * st.x + w[1] * st.y + w[2] * st.z + w[3] * st.w);
        z0 += p[OFF_W2 + j] * h[j];
        z1 += p[OFF_W2 + HID + j] * h[j];
      }
      z0 += p[OFF_B2];
      z1 += p[OFF_B2 + 1];
      float mx = std::fmax(z0, z1);
      float lse = mx + std::log(std::exp(z0 - mx) + std::exp(z1 - mx));
      float logp = (a ? z1 : z0) - lse;
      loss -= adv * logp * scale;
      float dz0 = (std::exp(z0 - lse) - (a == 0 ? 1.0f : 0.0f)) * adv * scale;
      float dz1 = (std::exp(z1 - lse) - (a == 1 ? 1.0f : 0.0f)) * adv * scale;
      gd[OFF_B2] += dz0;
      gd[OFF_B2 + 1] += dz1;
      for (int j = 0; j < HID; ++j) {
        gd[OFF_W2 + j] += dz0 * h[j];
        gd[OFF_W2 + HID + j] += dz1 * h[j];
        float dh = (p[OFF_W2 + j] * dz0 + p[OFF_W2 + HID + j] * dz1) * (1.0f - h[j] * h[j]);
        gd[OFF_B1 + j] += dh;
        gd[OFF_W1 + 4 * j + 0] += dh * st.x;
        gd[OFF_W1 + 4 * j + 1] += dh * st.y;
        gd[OFF_W1 + 4 * j + 2] += dh * st.z;
        gd[OFF_W1 + 4 * j + 3] += dh * st.w;
      }
    }
    // Adam
    float t = (float)(it + 1);
    float c1 = 1.0f - std::pow(0.9f, t), c2 = 1.0f - std::pow(0.999f, t);
    for (int i = 0; i < NPARAM; ++i) {
      float gi = (float)gd[i];
      m[i] = 0.9f * m[i] + (1.0f - 0.9f) * gi;
      v[i] = 0.999f * v[i] + (1.0f - 0.999f) * gi * gi;
      p[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8f);
    }
    if (it == 0) {
      firstReturn = meanReturn;
      trace.tensor(it, "actions_t0", act.data(), 64, cu2hip::trace::Class::Exact);
      trace.tensor(it, "episode_length_it0", epLen.data(), 64, cu2hip::trace::Class::Exact);
    }
    lastReturn = meanReturn;
    trace.scalar(it, "mean_return", meanReturn);
    trace.scalar(it, "samples", count);
    trace.scalar(it, "loss", (float)loss);
    if (!args.quiet)
      std::printf("iter %4ld  mean_return %8.3f  loss %+.6f  samples %.0f\n", it, meanReturn,
                  (float)loss, count);
  }
  trace.tensor(iters, "params", p.data(), p.size());
  std::printf("policy_gradient_cartpole_ref: %ld iterations, %d envs, mean return %.2f -> %.2f\n",
              iters, n, firstReturn, lastReturn);
  return 0;
}
