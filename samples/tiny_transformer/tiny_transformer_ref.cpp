// tiny_transformer_ref.cpp — CPU reference of tiny_transformer.cu: the same character-level
// GPT, batches, loss, backward pass and AdamW in plain C++ (see that file for the model).
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/args.h"
#include "../common/cpu_gemm.h"
#include "../common/data.h"
#include "model.h"
#include <cu2hip/trace.h>

using namespace tt;
using Vec = std::vector<float>;

namespace {
float gelu(float x) {
  const float k = 0.7978845608f;
  return 0.5f * x * (1.0f + std::tanh(k * (x + 0.044715f * x * x * x)));
}
float geluGrad(float x) {
  const float k = 0.7978845608f;
  float th = std::tanh(k * (x + 0.044715f * x * x * x));
  return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * k * (1.0f + 3.0f * 0.044715f * x * x);
}

void layerNormForward(const float *x, const float *w, const float *b, float *out, float *mean,
                      float *rstd, int rows) {
  for (int r = 0; r < rows; ++r) {
    const float *xr = x + (size_t)r * C;
    float s = 0.f;
    for (int c = 0; c < C; ++c) s += xr[c];
    float m = s / C, v = 0.f;
    for (int c = 0; c < C; ++c) v += (xr[c] - m) * (xr[c] - m);
    float rs = 1.0f / std::sqrt(v / C + 1e-5f);
    for (int c = 0; c < C; ++c) out[(size_t)r * C + c] = (xr[c] - m) * rs * w[c] + b[c];
    mean[r] = m;
    rstd[r] = rs;
  }
}

// dx += backward of layer norm; dw, db = parameter gradients (overwritten).
void layerNormBackward(const float *dy, const float *x, const float *mean, const float *rstd,
                       const float *w, float *dx, float *dw, float *db, int rows) {
  for (int c = 0; c < C; ++c) { dw[c] = 0.f; db[c] = 0.f; }
  for (int r = 0; r < rows; ++r) {
    const float *g = dy + (size_t)r * C, *xr = x + (size_t)r * C;
    float m = mean[r], rs = rstd[r], mg = 0.f, mgh = 0.f;
    for (int c = 0; c < C; ++c) {
      float h = (xr[c] - m) * rs, gw = g[c] * w[c];
      mg += gw;
      mgh += gw * h;
      dw[c] += g[c] * h;
      db[c] += g[c];
    }
    mg /= C;
    mgh /= C;
    for (int c = 0; c < C; ++c) {
      float h = (xr[c] - m) * rs, gw = g[c] * w[c];
      dx[(size_t)r * C + c] += rs * (gw - mg - h * mgh);
    }
  }
}

void addBias(float *out, const float *b, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out[(size_t)r * cols + c] += b[c];
}

void columnSum(const float *m, int rows, int cols, float *out) {
  for (int c = 0; c < cols; ++c) {
    float s = 0.f;
    for (int r = 0; r < rows; ++r) s += m[(size_t)r * cols + c];
    out[c] = s;
  }
}

// index of (b, h, t, d) in [B][NH][T][HD] and in a [B*T][width] row-major matrix at column off
inline size_t headIdx(int b, int h, int t, int d) {
  return (((size_t)b * NH + h) * T + t) * HD + d;
}

struct LayerActs {
  Vec x, ln1, mean1, rstd1, qkv, q, k, v, att, yh, y, xmid, ln2, mean2, rstd2, fc, gel;
};
} // namespace

int main(int argc, char **argv) {
  SampleArgs args = parseSampleArgs(argc, argv, "character-level GPT (CPU reference)");
  const int B = args.small ? 4 : 32;
  const long steps = args.steps > 0 ? args.steps : (args.small ? 6 : 400);
  const float lr = 2e-3f, wd = 0.01f;
  const int BT = B * T, BH = B * NH, logEvery = args.small ? 1 : 20;

  std::string text;
  if (!loadText(defaultTextPath(args.data), text))
    return 1;
  Corpus corpus = tokenize(text);
  const int V = (int)corpus.vocab.size();
  Layout lay = makeLayout(V);
  Vec p = initParams(lay, args.seed);
  const size_t P = lay.total;
  Vec g(P, 0.f), m(P, 0.f), v(P, 0.f);

  cu2hip::trace::Recorder trace;
  trace.open(args.trace, "tiny_transformer",
             {{"mode", args.small ? "small" : "full"}, {"seed", std::to_string(args.seed)},
              {"steps", std::to_string(steps)}, {"vocab", std::to_string(V)}});

  const size_t heads = (size_t)BH * T * HD, scores = (size_t)BH * T * T;
  LayerActs acts[L];
  for (auto &a : acts) {
    a.x.resize((size_t)BT * C); a.ln1.resize((size_t)BT * C);
    a.mean1.resize(BT); a.rstd1.resize(BT); a.qkv.resize((size_t)BT * 3 * C);
    a.q.resize(heads); a.k.resize(heads); a.v.resize(heads); a.att.resize(scores);
    a.yh.resize(heads); a.y.resize((size_t)BT * C); a.xmid.resize((size_t)BT * C);
    a.ln2.resize((size_t)BT * C); a.mean2.resize(BT); a.rstd2.resize(BT);
    a.fc.resize((size_t)BT * F); a.gel.resize((size_t)BT * F);
  }
  Vec xFinal((size_t)BT * C), lnf((size_t)BT * C), meanf(BT), rstdf(BT);
  Vec logits((size_t)BT * V), dlogits((size_t)BT * V);
  Vec dx((size_t)BT * C), dtmp((size_t)BT * C), dbig((size_t)BT * F), dbig2((size_t)BT * F);
  Vec dqkv((size_t)BT * 3 * C), dyh(heads), dq(heads), dk(heads), dv(heads), datt(scores),
      dscore(scores);
  const float scale = 1.0f / std::sqrt((float)HD);

  auto linear = [&](const float *in, size_t w, size_t b, int rows, int cin, int cout,
                    float *out) {
    cpuGemm(false, false, rows, cout, cin, 1.0f, in, &p[w], 0.0f, out);
    addBias(out, &p[b], rows, cout);
  };
  auto linearBackward = [&](const float *in, const float *dout, size_t w, size_t b, int rows,
                            int cin, int cout, float *din) {
    cpuGemm(true, false, cin, cout, rows, 1.0f, in, dout, 0.0f, &g[w]);
    columnSum(dout, rows, cout, &g[b]);
    cpuGemm(false, true, rows, cin, cout, 1.0f, dout, &p[w], 0.0f, din);
  };

  std::vector<int> hx, hy;
  float firstLoss = 0.f, loss = 0.f;
  for (long step = 0; step < steps; ++step) {
    sampleBatch(corpus, B, args.seed, step, hx, hy);
    // ---- forward
    for (int r = 0; r < BT; ++r)
      for (int c = 0; c < C; ++c)
        acts[0].x[(size_t)r * C + c] =
            p[lay.wte + (size_t)hx[r] * C + c] + p[lay.wpe + (size_t)(r % T) * C + c];
    for (int l = 0; l < L; ++l) {
      const LayerOffsets &o = lay.layer[l];
      LayerActs &a = acts[l];
      layerNormForward(a.x.data(), &p[o.ln1w], &p[o.ln1b], a.ln1.data(), a.mean1.data(),
                       a.rstd1.data(), BT);
      linear(a.ln1.data(), o.wqkv, o.bqkv, BT, C, 3 * C, a.qkv.data());
      for (int b = 0; b < B; ++b)
        for (int h = 0; h < NH; ++h)
          for (int t = 0; t < T; ++t)
            for (int d = 0; d < HD; ++d) {
              const float *row = &a.qkv[((size_t)b * T + t) * 3 * C + h * HD + d];
              a.q[headIdx(b, h, t, d)] = row[0];
              a.k[headIdx(b, h, t, d)] = row[C];
              a.v[headIdx(b, h, t, d)] = row[2 * C];
            }
      cpuGemmStridedBatched(false, true, T, T, HD, 1.0f, a.q.data(), T * HD, a.k.data(), T * HD,
                            0.0f, a.att.data(), T * T, BH);
      for (int r = 0; r < BH * T; ++r) {
        int tq = r % T;
        float *row = &a.att[(size_t)r * T];
        float mx = -INFINITY;
        for (int j = 0; j <= tq; ++j) mx = std::fmax(mx, row[j] * scale);
        float s = 0.f;
        for (int j = 0; j < T; ++j) {
          row[j] = j <= tq ? std::exp(row[j] * scale - mx) : 0.0f;
          s += row[j];
        }
        float inv = 1.0f / s;
        for (int j = 0; j < T; ++j) row[j] *= inv;
      }
      cpuGemmStridedBatched(false, false, T, HD, T, 1.0f, a.att.data(), T * T, a.v.data(),
                            T * HD, 0.0f, a.yh.data(), T * HD, BH);
      for (int b = 0; b < B; ++b)
        for (int h = 0; h < NH; ++h)
          for (int t = 0; t < T; ++t)
            for (int d = 0; d < HD; ++d)
              a.y[((size_t)b * T + t) * C + h * HD + d] = a.yh[headIdx(b, h, t, d)];
      float *next = l + 1 < L ? acts[l + 1].x.data() : xFinal.data();
      linear(a.y.data(), o.wproj, o.bproj, BT, C, C, dtmp.data());
      for (size_t i = 0; i < (size_t)BT * C; ++i) a.xmid[i] = a.x[i] + dtmp[i];
      layerNormForward(a.xmid.data(), &p[o.ln2w], &p[o.ln2b], a.ln2.data(), a.mean2.data(),
                       a.rstd2.data(), BT);
      linear(a.ln2.data(), o.wfc, o.bfc, BT, C, F, a.fc.data());
      for (size_t i = 0; i < (size_t)BT * F; ++i) a.gel[i] = gelu(a.fc[i]);
      linear(a.gel.data(), o.wfc2, o.bfc2, BT, F, C, dtmp.data());
      for (size_t i = 0; i < (size_t)BT * C; ++i) next[i] = a.xmid[i] + dtmp[i];
    }
    layerNormForward(xFinal.data(), &p[lay.lnfw], &p[lay.lnfb], lnf.data(), meanf.data(),
                     rstdf.data(), BT);
    cpuGemm(false, false, BT, V, C, 1.0f, lnf.data(), &p[lay.whead], 0.0f, logits.data());
    double lossSum = 0.0;
    for (int r = 0; r < BT; ++r) {
      const float *z = &logits[(size_t)r * V];
      float mx = -INFINITY, s = 0.f;
      for (int c = 0; c < V; ++c) mx = std::fmax(mx, z[c]);
      for (int c = 0; c < V; ++c) s += std::exp(z[c] - mx);
      float lse = mx + std::log(s);
      lossSum += lse - z[hy[r]];
      for (int c = 0; c < V; ++c)
        dlogits[(size_t)r * V + c] = (std::exp(z[c] - lse) - (c == hy[r] ? 1.0f : 0.0f)) / BT;
    }
    loss = (float)(lossSum / BT);
    // ---- backward
    cpuGemm(true, false, C, V, BT, 1.0f, lnf.data(), dlogits.data(), 0.0f, &g[lay.whead]);
    cpuGemm(false, true, BT, C, V, 1.0f, dlogits.data(), &p[lay.whead], 0.0f, dtmp.data());
    std::fill(dx.begin(), dx.end(), 0.0f);
    layerNormBackward(dtmp.data(), xFinal.data(), meanf.data(), rstdf.data(), &p[lay.lnfw],
                      dx.data(), &g[lay.lnfw], &g[lay.lnfb], BT);
    for (int l = L - 1; l >= 0; --l) {
      const LayerOffsets &o = lay.layer[l];
      LayerActs &a = acts[l];
      linearBackward(a.gel.data(), dx.data(), o.wfc2, o.bfc2, BT, F, C, dbig.data());
      for (size_t i = 0; i < (size_t)BT * F; ++i) dbig2[i] = dbig[i] * geluGrad(a.fc[i]);
      linearBackward(a.ln2.data(), dbig2.data(), o.wfc, o.bfc, BT, C, F, dtmp.data());
      layerNormBackward(dtmp.data(), a.xmid.data(), a.mean2.data(), a.rstd2.data(), &p[o.ln2w],
                        dx.data(), &g[o.ln2w], &g[o.ln2b], BT);
      linearBackward(a.y.data(), dx.data(), o.wproj, o.bproj, BT, C, C, dtmp.data());
      for (int b = 0; b < B; ++b)
        for (int h = 0; h < NH; ++h)
          for (int t = 0; t < T; ++t)
            for (int d = 0; d < HD; ++d)
              dyh[headIdx(b, h, t, d)] = dtmp[((size_t)b * T + t) * C + h * HD + d];
      cpuGemmStridedBatched(false, true, T, T, HD, 1.0f, dyh.data(), T * HD, a.v.data(), T * HD,
                            0.0f, datt.data(), T * T, BH);
      cpuGemmStridedBatched(true, false, T, HD, T, 1.0f, a.att.data(), T * T, dyh.data(),
                            T * HD, 0.0f, dv.data(), T * HD, BH);
      for (int r = 0; r < BH * T; ++r) {
        const float *pr = &a.att[(size_t)r * T], *gr = &datt[(size_t)r * T];
        float dot = 0.f;
        for (int j = 0; j < T; ++j) dot += pr[j] * gr[j];
        for (int j = 0; j < T; ++j) dscore[(size_t)r * T + j] = pr[j] * (gr[j] - dot) * scale;
      }
      cpuGemmStridedBatched(false, false, T, HD, T, 1.0f, dscore.data(), T * T, a.k.data(),
                            T * HD, 0.0f, dq.data(), T * HD, BH);
      cpuGemmStridedBatched(true, false, T, HD, T, 1.0f, dscore.data(), T * T, a.q.data(),
                            T * HD, 0.0f, dk.data(), T * HD, BH);
      for (int b = 0; b < B; ++b)
        for (int h = 0; h < NH; ++h)
          for (int t = 0; t < T; ++t)
            for (int d = 0; d < HD; ++d) {
              float *row = &dqkv[((size_t)b * T + t) * 3 * C + h * HD + d];
              row[0] = dq[headIdx(b, h, t, d)];
              row[C] = dk[headIdx(b, h, t, d)];
              row[2 * C] = dv[headIdx(b, h, t, d)];
            }
      linearBackward(a.ln1.data(), dqkv.data(), o.wqkv, o.bqkv, BT, C, 3 * C, dtmp.data());
      layerNormBackward(dtmp.data(), a.x.data(), a.mean1.data(), a.rstd1.data(), &p[o.ln1w],
                        dx.data(), &g[o.ln1w], &g[o.ln1b], BT);
    }
    std::fill(g.begin() + lay.wte, g.begin() + lay.wte + (size_t)V * C, 0.0f);
    std::fill(g.begin() + lay.wpe, g.begin() + lay.wpe + (size_t)T * C, 0.0f);
    for (int r = 0; r < BT; ++r)
      for (int c = 0; c < C; ++c) {
        g[lay.wte + (size_t)hx[r] * C + c] += dx[(size_t)r * C + c];
        g[lay.wpe + (size_t)(r % T) * C + c] += dx[(size_t)r * C + c];
      }
    float t = (float)(step + 1);
    float c1 = 1.0f - std::pow(0.9f, t), c2 = 1.0f - std::pow(0.95f, t);
    for (size_t i = 0; i < P; ++i) {
      m[i] = 0.9f * m[i] + (1.0f - 0.9f) * g[i];
      v[i] = 0.95f * v[i] + (1.0f - 0.95f) * g[i] * g[i];
      p[i] -= lr * ((m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8f) + wd * p[i]);
    }
    if (step == 0) {
      firstLoss = loss;
      trace.scalar(0, "loss_step0", loss, cu2hip::trace::Class::Reduce);
    }
    if (step % logEvery == 0 || step + 1 == steps) {
      trace.scalar(step, "loss", loss);
      if (!args.quiet)
        std::printf("step %5ld  loss %.6f\n", step, loss);
    }
  }
  trace.tensor(steps, "logits_head", logits.data(), 64);
  std::printf("tiny_transformer_ref: %ld steps, vocab %d, %zu parameters, loss %.4f -> %.4f\n",
              steps, V, P, firstLoss, loss);
  return 0;
}
