// dp_mlp_ref.cpp — CPU reference of dp_mlp.cu: the same data-parallel training for the same
// number of ranks N, in plain C++. Each rank's local gradient is computed as the kernels do
// (every sum over rows or inputs in the same order, the softmax sum in the warp butterfly's
// order), then combined with NCCL's semantics: ncclAvg on floats multiplies each rank's
// value by float(1/N) and sums (here in rank order; for N = 2 any order gives the same bits),
// ncclSum adds the ranks' loss statistics. One model is kept: the replicas of the GPU program
// must all equal it.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/args.h"
#include "../common/philox.h"
#include "dp_task.h"
#include <cu2hip/trace.h>

using namespace dp;

namespace {

static_assert(OUT == 8, "softmaxSum8 mirrors the warp butterfly for 8 classes");

// sum of e[0..8) in the order the __shfl_xor_sync butterfly (masks 16, 8, 4, 2, 1) adds them
// when lanes 8..31 hold 0: ((e0+e4)+(e2+e6)) + ((e1+e5)+(e3+e7)).
float softmaxSum8(const float *e) {
  return ((e[0] + e[4]) + (e[2] + e[6])) + ((e[1] + e[5]) + (e[3] + e[7]));
}

struct Work {
  std::vector<float> h, dz, dh, rowLoss;
  std::vector<int> correct;
};

// Forward (and backward into g when given) of rows [first, first + rows); returns
// {sum(rowLoss) * lossScale, correct count}.
void localPass(const Data &d, const std::vector<float> &p, int first, int rows,
               float lossScale, float *g, Work &w, float stats[2]) {
  const float *x = &d.x[(size_t)first * IN];
  const int *y = &d.y[first];
  for (int b = 0; b < rows; ++b)
    for (int j = 0; j < HID; ++j) {
      float a = 0.0f;
      for (int k = 0; k < IN; ++k) a += x[b * IN + k] * p[OFF_W1 + k * HID + j];
      w.h[b * HID + j] = std::tanh(a + p[OFF_B1 + j]);
    }
  const float gradScale = 1.0f / (float)rows;
  for (int b = 0; b < rows; ++b) {
    float z[OUT], e[OUT], m = -INFINITY;
    int pred = -1;
    for (int c = 0; c < OUT; ++c) {
      float a = 0.0f;
      for (int j = 0; j < HID; ++j) a += w.h[b * HID + j] * p[OFF_W2 + j * OUT + c];
      z[c] = a + p[OFF_B2 + c];
      m = std::fmax(m, z[c]);
    }
    for (int c = 0; c < OUT; ++c) {
      e[c] = std::exp(z[c] - m);
      if (pred < 0 && z[c] == m) pred = c;
    }
    float s = softmaxSum8(e);
    w.rowLoss[b] = m + std::log(s) - z[y[b]];
    w.correct[b] = pred == y[b] ? 1 : 0;
    for (int c = 0; c < OUT; ++c)
      w.dz[b * OUT + c] = (e[c] / s - (c == y[b] ? 1.0f : 0.0f)) * gradScale;
  }
  float ls = 0.0f, cs = 0.0f;
  for (int b = 0; b < rows; ++b) { ls += w.rowLoss[b]; cs += (float)w.correct[b]; }
  stats[0] = ls * lossScale;
  stats[1] = cs;
  if (!g)
    return;
  auto outer = [&](const float *A, const float *G, int M, int N, float *gW, float *gb) {
    for (int i = 0; i < M * N; ++i) {
      int mm = i / N, nn = i % N;
      float s = 0.0f;
      for (int b = 0; b < rows; ++b) s += A[b * M + mm] * G[b * N + nn];
      gW[i] = s;
    }
    for (int nn = 0; nn < N; ++nn) {
      float s = 0.0f;
      for (int b = 0; b < rows; ++b) s += G[b * N + nn];
      gb[nn] = s;
    }
  };
  outer(w.h.data(), w.dz.data(), HID, OUT, g + OFF_W2, g + OFF_B2);
  for (int b = 0; b < rows; ++b)
    for (int j = 0; j < HID; ++j) {
      float a = 0.0f;
      for (int c = 0; c < OUT; ++c) a += w.dz[b * OUT + c] * p[OFF_W2 + j * OUT + c];
      float hv = w.h[b * HID + j];
      w.dh[b * HID + j] = (1.0f - hv * hv) * a;
    }
  outer(x, w.dh.data(), IN, HID, g + OFF_W1, g + OFF_B1);
}

} // namespace

int main(int argc, char **argv) {
  DpArgs dpa = takeDpArgs(argc, argv);
  SampleArgs args = parseSampleArgs(argc, argv, "data-parallel MLP (CPU reference); also "
                                                "--gpus N (ranks to emulate, default 2)");
  const Mode mode = modeFor(args);
  const int n = dpa.gpus;
  checkSplit(argv[0], n, mode);
  const int local = mode.batch / n;
  const Data data = makeData(args.seed, mode.train + mode.test);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "dp_mlp",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(mode.steps)}, {"gpus", std::to_string(n)}});

  std::vector<float> p = initialParams(args.seed, 0), m(NPARAM, 0.0f), v(NPARAM, 0.0f);
  std::vector<float> g(NPARAM), gRank(NPARAM);
  const int maxRows = local > mode.test ? local : mode.test;
  Work w;
  w.h.resize((size_t)maxRows * HID);
  w.dh.resize((size_t)maxRows * HID);
  w.dz.resize((size_t)maxRows * OUT);
  w.rowLoss.resize(maxRows);
  w.correct.resize(maxRows);
  const float inv = (float)(1.0 / (double)n); // ncclAvg's pre-multiplier for floats

  float trainLoss = 0.0f, stats[2];
  for (long step = 0; step < mode.steps; ++step) {
    const int first = (int)((step * mode.batch) % mode.train);
    float global[2] = {0.0f, 0.0f};
    for (int r = 0; r < n; ++r) {
      localPass(data, p, first + r * local, local, 1.0f / (float)mode.batch, gRank.data(), w,
                stats);
      for (int i = 0; i < NPARAM; ++i)
        g[i] = r == 0 ? gRank[i] * inv : g[i] + gRank[i] * inv;
      global[0] = r == 0 ? stats[0] : global[0] + stats[0];
      global[1] = r == 0 ? stats[1] : global[1] + stats[1];
    }
    float c1, c2;
    adamCorrections(step + 1, c1, c2);
    for (int i = 0; i < NPARAM; ++i) {
      float mi = BETA1 * m[i] + (1.0f - BETA1) * g[i];
      float vi = BETA2 * v[i] + (1.0f - BETA2) * g[i] * g[i];
      m[i] = mi;
      v[i] = vi;
      p[i] -= LR * (mi / c1) / (std::sqrt(vi / c2) + EPS);
    }
    trainLoss = global[0];
    if (step == 0)
      trace.scalar(0, "loss_step0", trainLoss, cu2hip::trace::Class::Reduce);
    trace.scalar(step, "train_loss", trainLoss);
    trace.scalar(step, "train_accuracy", global[1] / (float)mode.batch);
    if (!args.quiet)
      std::printf("step %4ld  train_loss %.6f  train_accuracy %.4f\n", step, trainLoss,
                  global[1] / (float)mode.batch);
  }
  localPass(data, p, mode.train, mode.test, 1.0f / (float)mode.test, nullptr, w, stats);
  const float testAccuracy = stats[1] / (float)mode.test;
  trace.scalar(mode.steps, "test_loss", stats[0]);
  trace.scalar(mode.steps, "test_accuracy", testAccuracy);
  // One model stands for every replica: the GPU program's replicas must not differ at all.
  trace.scalar(mode.steps, "replica_max_abs_diff", 0.0, cu2hip::trace::Class::Exact);
  trace.tensor(mode.steps, "w1_head", p.data() + OFF_W1, 64);
  trace.tensor(mode.steps, "b2", p.data() + OFF_B2, OUT);
  std::printf("dp_mlp_ref: %d rank(s), %ld steps, train_loss %.6f, held-out accuracy %.4f\n", n,
              mode.steps, trainLoss, testAccuracy);
  return 0;
}
