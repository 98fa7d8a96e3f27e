// samples/tiny_transformer/model.h — host-side description of the character-level GPT shared
// by tiny_transformer.cu and its CPU reference: sizes, the flat parameter layout (every block
// a multiple of 4 floats, so float4 loads stay aligned), initialisation, vocabulary and the
// seeded choice of training windows. Plain C++.
#ifndef SAMPLES_TINY_TRANSFORMER_MODEL_H
#define SAMPLES_TINY_TRANSFORMER_MODEL_H

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "../common/philox.h"

namespace tt {

constexpr int C = 64;       // model width
constexpr int NH = 4;       // heads
constexpr int HD = C / NH;  // head width
constexpr int L = 2;        // layers
constexpr int T = 64;       // context
constexpr int F = 4 * C;    // MLP width

struct LayerOffsets {
  size_t ln1w, ln1b, wqkv, bqkv, wproj, bproj, ln2w, ln2b, wfc, bfc, wfc2, bfc2;
};

struct Layout {
  int V = 0;
  size_t wte = 0, wpe = 0, lnfw = 0, lnfb = 0, whead = 0, total = 0;
  LayerOffsets layer[L];
};

inline Layout makeLayout(int V) {
  Layout l;
  l.V = V;
  size_t o = 0;
  auto take = [&](size_t n) {
    size_t at = o;
    o += (n + 3) / 4 * 4;
    return at;
  };
  l.wte = take((size_t)V * C);
  l.wpe = take((size_t)T * C);
  for (int i = 0; i < L; ++i) {
    LayerOffsets &y = l.layer[i];
    y.ln1w = take(C); y.ln1b = take(C);
    y.wqkv = take((size_t)C * 3 * C); y.bqkv = take(3 * C);
    y.wproj = take((size_t)C * C); y.bproj = take(C);
    y.ln2w = take(C); y.ln2b = take(C);
    y.wfc = take((size_t)C * F); y.bfc = take(F);
    y.wfc2 = take((size_t)F * C); y.bfc2 = take(C);
  }
  l.lnfw = take(C);
  l.lnfb = take(C);
  l.whead = take((size_t)C * V);
  l.total = o;
  return l;
}

// Weights uniform in +-0.035 (std 0.02), projections into the residual stream scaled by
// 1/sqrt(2L), layer-norm gains 1, biases 0.
inline std::vector<float> initParams(const Layout &l, unsigned long long seed) {
  std::vector<float> p(l.total, 0.0f);
  SplitMix64 rng(seed * 0x2545F4914F6CDD1Dull + 3);
  auto fill = [&](size_t off, size_t n, float a) {
    for (size_t i = 0; i < n; ++i) p[off + i] = rng.symmetric(a);
  };
  const float a = 0.0346f, ar = a / 2.0f;
  fill(l.wte, (size_t)l.V * C, a);
  fill(l.wpe, (size_t)T * C, a);
  for (int i = 0; i < L; ++i) {
    const LayerOffsets &y = l.layer[i];
    for (int c = 0; c < C; ++c) { p[y.ln1w + c] = 1.0f; p[y.ln2w + c] = 1.0f; }
    fill(y.wqkv, (size_t)C * 3 * C, a);
    fill(y.wproj, (size_t)C * C, ar);
    fill(y.wfc, (size_t)C * F, a);
    fill(y.wfc2, (size_t)F * C, ar);
  }
  for (int c = 0; c < C; ++c) p[l.lnfw + c] = 1.0f;
  fill(l.whead, (size_t)C * l.V, a);
  return p;
}

struct Corpus {
  std::string vocab;       // sorted distinct bytes
  std::vector<int> tokens; // text as vocabulary indices
};

inline Corpus tokenize(const std::string &text) {
  Corpus c;
  bool seen[256] = {false};
  for (unsigned char ch : text) seen[ch] = true;
  int index[256];
  for (int b = 0; b < 256; ++b)
    if (seen[b]) {
      index[b] = (int)c.vocab.size();
      c.vocab.push_back((char)b);
    }
  c.tokens.reserve(text.size());
  for (unsigned char ch : text) c.tokens.push_back(index[ch]);
  return c;
}

// Inputs and next-character targets of `batch` windows for one step, chosen from the seed.
inline void sampleBatch(const Corpus &c, int batch, unsigned long long seed, long step,
                        std::vector<int> &x, std::vector<int> &y) {
  SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + (unsigned long long)step * 7919ull + 1);
  x.resize((size_t)batch * T);
  y.resize((size_t)batch * T);
  uint32_t range = (uint32_t)(c.tokens.size() - T - 1);
  for (int b = 0; b < batch; ++b) {
    uint32_t off = rng.below(range);
    for (int t = 0; t < T; ++t) {
      x[(size_t)b * T + t] = c.tokens[off + t];
      y[(size_t)b * T + t] = c.tokens[off + t + 1];
    }
  }
}

} // namespace tt

#endif // SAMPLES_TINY_TRANSFORMER_MODEL_H
