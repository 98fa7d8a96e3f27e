// samples/dp_mlp/dp_task.h — what dp_mlp.cu (data-parallel over N GPUs) and its CPU reference
// dp_mlp_ref.cpp share: the model's shape, the sizes of each mode, the synthetic data set, the
// initial weights, and the two flags of this sample (--gpus N, --allreduce-bench BYTES).
// Plain host C++ (no CUDA), so the same header serves the .cu original, its HIP port and the
// .cpp reference, and both sides generate bit-identical data and initial weights.
#ifndef SAMPLES_DP_MLP_DP_TASK_H
#define SAMPLES_DP_MLP_DP_TASK_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../common/args.h"
#include "../common/philox.h"

namespace dp {

// MLP IN -> HID (tanh) -> OUT (softmax cross-entropy), Adam.
constexpr int IN = 16, HID = 64, OUT = 8;
// One flat parameter buffer (what is broadcast, all-reduced and compared between replicas).
constexpr int OFF_W1 = 0;                  // W1[IN][HID]
constexpr int OFF_B1 = OFF_W1 + IN * HID;  // b1[HID]
constexpr int OFF_W2 = OFF_B1 + HID;       // W2[HID][OUT]
constexpr int OFF_B2 = OFF_W2 + HID * OUT; // b2[OUT]
constexpr int NPARAM = OFF_B2 + OUT;
constexpr int TEACHER_HID = 16;
constexpr float LR = 3e-3f, BETA1 = 0.9f, BETA2 = 0.999f, EPS = 1e-8f;

// Sizes of one run. The global batch is split into equal contiguous parts, one per rank, so
// `gpus` must divide `batch`; step s trains on rows [s*batch, (s+1)*batch) modulo `train`.
struct Mode {
  int train, test, batch;
  long steps;
};
inline Mode modeFor(const SampleArgs &a) {
  Mode m = a.small ? Mode{768, 256, 96, 10} : Mode{15360, 2048, 1536, 300};
  if (a.steps > 0)
    m.steps = a.steps;
  return m;
}

// The flags this sample adds to ../common/args.h: --gpus N (default 2) and
// --allreduce-bench BYTES (0: off; K/M/G suffixes). They are removed from argv so that
// parseSampleArgs sees only the common flags.
struct DpArgs {
  int gpus = 2;
  unsigned long long benchBytes = 0;
};

inline unsigned long long parseBytes(const char *s) {
  char *end = nullptr;
  unsigned long long v = std::strtoull(s, &end, 10);
  if (end && (*end == 'K' || *end == 'k')) v <<= 10;
  else if (end && (*end == 'M' || *end == 'm')) v <<= 20;
  else if (end && (*end == 'G' || *end == 'g')) v <<= 30;
  return v;
}

inline DpArgs takeDpArgs(int &argc, char **argv) {
  DpArgs d;
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    bool gpus = !std::strcmp(argv[i], "--gpus");
    bool bench = !std::strcmp(argv[i], "--allreduce-bench");
    if (!gpus && !bench) {
      argv[out++] = argv[i];
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s: %s needs a value\n", argv[0], argv[i]);
      std::exit(2);
    }
    if (gpus)
      d.gpus = std::atoi(argv[++i]);
    else
      d.benchBytes = parseBytes(argv[++i]);
  }
  argc = out;
  argv[argc] = nullptr;
  return d;
}

inline void checkSplit(const char *prog, int gpus, const Mode &m) {
  if (gpus < 1 || m.batch % gpus != 0) {
    std::fprintf(stderr, "%s: --gpus %d: must be >= 1 and divide the global batch %d\n", prog,
                 gpus, m.batch);
    std::exit(2);
  }
}

// Synthetic classification task: x uniform in [-1, 1)^IN, label = argmax of a fixed random
// teacher network tanh(x T1) T2. Rows [0, train) train, [train, train + test) evaluate.
struct Data {
  int rows = 0;
  std::vector<float> x; // rows x IN
  std::vector<int> y;   // rows
};

inline Data makeData(unsigned long long seed, int rows) {
  SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + 0x5EEDull);
  std::vector<float> t1(IN * TEACHER_HID), t2(TEACHER_HID * OUT);
  for (float &w : t1) w = rng.symmetric(1.5f);
  for (float &w : t2) w = rng.symmetric(1.0f);
  Data d;
  d.rows = rows;
  d.x.resize((size_t)rows * IN);
  d.y.resize(rows);
  for (int r = 0; r < rows; ++r) {
    float *x = &d.x[(size_t)r * IN];
    for (int k = 0; k < IN; ++k) x[k] = rng.symmetric(1.0f);
    float hid[TEACHER_HID];
    for (int j = 0; j < TEACHER_HID; ++j) {
      float a = 0.0f;
      for (int k = 0; k < IN; ++k) a += x[k] * t1[k * TEACHER_HID + j];
      hid[j] = std::tanh(a);
    }
    int best = 0;
    float bestZ = -INFINITY;
    for (int c = 0; c < OUT; ++c) {
      float z = 0.0f;
      for (int j = 0; j < TEACHER_HID; ++j) z += hid[j] * t2[j * OUT + c];
      if (z > bestZ) { bestZ = z; best = c; }
    }
    d.y[r] = best;
  }
  return d;
}

// Initial weights. Rank 0's are the model's; the other ranks start from different values
// (`rank` > 0), which the broadcast from rank 0 must overwrite.
inline std::vector<float> initialParams(unsigned long long seed, int rank) {
  SplitMix64 rng(seed + 1000003ull * (unsigned long long)rank);
  std::vector<float> p(NPARAM, 0.0f);
  float a1 = std::sqrt(6.0f / (IN + HID)), a2 = std::sqrt(6.0f / (HID + OUT));
  for (int i = 0; i < IN * HID; ++i) p[OFF_W1 + i] = rng.symmetric(a1);
  for (int i = 0; i < HID * OUT; ++i) p[OFF_W2 + i] = rng.symmetric(a2);
  if (rank > 0)
    for (int i = 0; i < HID; ++i) p[OFF_B1 + i] = rng.symmetric(1.0f);
  return p;
}

// Adam bias corrections of step t (1-based), computed on the host by both sides.
inline void adamCorrections(long t, float &c1, float &c2) {
  c1 = 1.0f - std::pow(BETA1, (float)t);
  c2 = 1.0f - std::pow(BETA2, (float)t);
}

} // namespace dp

#endif // SAMPLES_DP_MLP_DP_TASK_H
