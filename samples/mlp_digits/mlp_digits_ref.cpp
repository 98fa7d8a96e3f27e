// mlp_digits_ref.cpp — CPU reference of mlp_digits.cu: the same MLP, data split, batches,
// loss and Adam in plain C++ (see that file for the model).
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "../common/args.h"
#include "../common/cpu_gemm.h"
#include "../common/data.h"
#include "../common/philox.h"
#include <cu2hip/trace.h>

namespace {
constexpr int IN = 64, HID = 128, OUT = 10, BATCH = 32, NTRAIN = 1437;
constexpr int OFF_W1 = 0, OFF_B1 = OFF_W1 + IN * HID, OFF_W2 = OFF_B1 + HID;
constexpr int OFF_B2 = OFF_W2 + HID * OUT, NPARAM = OFF_B2 + 16;

struct Net {
  std::vector<float> p, g, m, v;
  std::vector<float> x, h, z, dz, dh, rowLoss;
  std::vector<int> y, correct;
};

// Forward over n gathered rows; returns {mean loss, correct count}; fills dz when asked.
void forward(Net &net, int n, bool wantGrad) {
  const float *W1 = &net.p[OFF_W1], *B1 = &net.p[OFF_B1];
  const float *W2 = &net.p[OFF_W2], *B2 = &net.p[OFF_B2];
  cpuGemm(false, false, n, HID, IN, 1.0f, net.x.data(), W1, 0.0f, net.h.data());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < HID; ++c) {
      float &hv = net.h[(size_t)r * HID + c];
      hv = std::fmax(hv + B1[c], 0.0f);
    }
  cpuGemm(false, false, n, OUT, HID, 1.0f, net.h.data(), W2, 0.0f, net.z.data());
  for (int r = 0; r < n; ++r) {
    float zr[OUT], m = -INFINITY;
    int pred = 0;
    for (int c = 0; c < OUT; ++c) {
      zr[c] = net.z[(size_t)r * OUT + c] + B2[c];
      if (zr[c] > m) { m = zr[c]; pred = c; }
    }
    float s = 0.0f, e[OUT];
    for (int c = 0; c < OUT; ++c) { e[c] = std::exp(zr[c] - m); s += e[c]; }
    float lse = m + std::log(s);
    int label = net.y[r];
    net.rowLoss[r] = lse - zr[label];
    net.correct[r] = pred == label ? 1 : 0;
    if (wantGrad)
      for (int c = 0; c < OUT; ++c)
        net.dz[(size_t)r * OUT + c] = (e[c] / s - (c == label ? 1.0f : 0.0f)) * (1.0f / n);
  }
}

void gather(const DigitsData &d, const int *idx, int n, Net &net) {
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < IN; ++c) net.x[(size_t)r * IN + c] = d.x[(size_t)idx[r] * IN + c];
    net.y[r] = d.y[idx[r]];
  }
}

void meanAndCount(const Net &net, int n, float out[2]) {
  double s = 0, c = 0;
  for (int i = 0; i < n; ++i) { s += net.rowLoss[i]; c += net.correct[i]; }
  out[0] = (float)(s / n);
  out[1] = (float)c;
}
} // namespace

int main(int argc, char **argv) {
  SampleArgs args = parseSampleArgs(argc, argv, "MLP on the digits data (CPU reference)");
  const long epochs = args.steps > 0 ? args.steps : (args.small ? 4 : 30);
  const float lr = 2e-3f;

  DigitsData digits;
  if (!loadDigits(defaultDigitsPath(args.data), digits))
    return 1;
  const int rows = digits.rows, ntest = rows - NTRAIN;
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  SplitMix64 rng(args.seed);
  shuffleInPlace(order.data(), rows, rng);
  Net net;
  net.p.assign(NPARAM, 0.0f);
  net.g.assign(NPARAM, 0.0f);
  net.m.assign(NPARAM, 0.0f);
  net.v.assign(NPARAM, 0.0f);
  float a1 = std::sqrt(6.0f / (IN + HID)), a2 = std::sqrt(6.0f / (HID + OUT));
  for (int i = 0; i < IN * HID; ++i) net.p[OFF_W1 + i] = rng.symmetric(a1);
  for (int i = 0; i < HID * OUT; ++i) net.p[OFF_W2 + i] = rng.symmetric(a2);
  std::vector<int> testIdx(order.begin() + NTRAIN, order.end());
  std::vector<int> trainIdx(order.begin(), order.begin() + NTRAIN);
  const int maxRows = ntest > BATCH ? ntest : BATCH;
  net.x.resize((size_t)maxRows * IN);
  net.h.resize((size_t)maxRows * HID);
  net.z.resize((size_t)maxRows * OUT);
  net.dz.resize((size_t)maxRows * OUT);
  net.dh.resize((size_t)maxRows * HID);
  net.rowLoss.resize(maxRows);
  net.y.resize(maxRows);
  net.correct.resize(maxRows);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "mlp_digits",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(epochs)}});

  const int batches = NTRAIN / BATCH;
  long step = 0;
  float accuracy = 0.0f;
  for (long ep = 0; ep < epochs; ++ep) {
    SplitMix64 epochRng(args.seed * 1000003ull + (unsigned long long)ep);
    std::vector<int> perm(trainIdx);
    shuffleInPlace(perm.data(), NTRAIN, epochRng);
    double lossSum = 0.0;
    for (int b = 0; b < batches; ++b, ++step) {
      gather(digits, perm.data() + b * BATCH, BATCH, net);
      forward(net, BATCH, true);
      float *g = net.g.data();
      cpuGemm(true, false, HID, OUT, BATCH, 1.0f, net.h.data(), net.dz.data(), 0.0f, g + OFF_W2);
      for (int c = 0; c < OUT; ++c) {
        float s = 0.0f;
        for (int r = 0; r < BATCH; ++r) s += net.dz[(size_t)r * OUT + c];
        g[OFF_B2 + c] = s;
      }
      cpuGemm(false, true, BATCH, HID, OUT, 1.0f, net.dz.data(), &net.p[OFF_W2], 0.0f,
              net.dh.data());
      for (int i = 0; i < BATCH * HID; ++i)
        if (!(net.h[i] > 0.0f)) net.dh[i] = 0.0f;
      cpuGemm(true, false, IN, HID, BATCH, 1.0f, net.x.data(), net.dh.data(), 0.0f, g + OFF_W1);
      for (int c = 0; c < HID; ++c) {
        float s = 0.0f;
        for (int r = 0; r < BATCH; ++r) s += net.dh[(size_t)r * HID + c];
        g[OFF_B1 + c] = s;
      }
      float t = (float)(step + 1);
      float c1 = 1.0f - std::pow(0.9f, t), c2 = 1.0f - std::pow(0.999f, t);
      for (int i = 0; i < NPARAM; ++i) {
        net.m[i] = 0.9f * net.m[i] + (1.0f - 0.9f) * g[i];
        net.v[i] = 0.999f * net.v[i] + (1.0f - 0.999f) * g[i] * g[i];
        net.p[i] -= lr * (net.m[i] / c1) / (std::sqrt(net.v[i] / c2) + 1e-8f);
      }
      float stats[2];
      meanAndCount(net, BATCH, stats);
      if (step == 0)
        trace.scalar(0, "loss_step0", stats[0], cu2hip::trace::Class::Reduce);
      lossSum += stats[0];
    }
    gather(digits, testIdx.data(), ntest, net);
    forward(net, ntest, false);
    float stats[2];
    meanAndCount(net, ntest, stats);
    accuracy = stats[1] / ntest;
    float trainLoss = (float)(lossSum / batches);
    trace.scalar(ep, "train_loss", trainLoss);
    trace.scalar(ep, "test_loss", stats[0]);
    trace.scalar(ep, "test_accuracy", accuracy);
    if (!args.quiet)
      std::printf("epoch %3ld  train_loss %.6f  test_loss %.6f  test_accuracy %.4f\n", ep,
                  trainLoss, stats[0], accuracy);
  }
  trace.tensor(epochs, "test_logits_head", net.z.data(), 8 * OUT);
  std::printf("mlp_digits_ref: %ld epochs, held-out accuracy %.4f\n", epochs, accuracy);
  return 0;
}
