// samples/common/philox.h — host-side Philox4x32-10 (Salmon et al., SC'11) with the same
// stream layout as the device generator the samples use, so a CPU reference draws exactly the
// numbers a GPU thread draws:
//   state(seed, subsequence, offset): key = seed (low, high words); counter words 2..3 hold the
//   subsequence, words 0..1 count 128-bit blocks; `offset` skips that many 32-bit outputs;
//   each draw returns the next 32-bit word of the current block;
//   uniform() maps a word x to x * 2^-32 + 2^-33, a float in (0, 1].
// Written for this project from the published algorithm.
#ifndef SAMPLES_COMMON_PHILOX_H
#define SAMPLES_COMMON_PHILOX_H

#include <cstdint>

class HostPhilox {
public:
  HostPhilox(uint64_t seed, uint64_t subsequence, uint64_t offset)
      : k0_(static_cast<uint32_t>(seed)), k1_(static_cast<uint32_t>(seed >> 32)),
        c2_(static_cast<uint32_t>(subsequence)), c3_(static_cast<uint32_t>(subsequence >> 32)),
        pos_(offset) {}

  uint32_t next() {
    uint64_t block = pos_ >> 2;
    unsigned lane = static_cast<unsigned>(pos_ & 3);
    if (!valid_ || block != block_) {
      generate(block);
      block_ = block;
      valid_ = true;
    }
    ++pos_;
    return out_[lane];
  }

  float uniform() {
    const float inv = 2.3283064e-10f; // 2^-32 rounded to float
    return static_cast<float>(next()) * inv + inv / 2.0f;
  }

private:
  static void mulhilo(uint32_t a, uint32_t b, uint32_t &hi, uint32_t &lo) {
    uint64_t p = static_cast<uint64_t>(a) * b;
    hi = static_cast<uint32_t>(p >> 32);
    lo = static_cast<uint32_t>(p);
  }

  void generate(uint64_t block) {
    uint32_t c[4] = {static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32), c2_, c3_};
    uint32_t k0 = k0_, k1 = k1_;
    for (int round = 0; round < 10; ++round) {
      uint32_t hi0, lo0, hi1, lo1;
      mulhilo(0xD2511F53u, c[0], hi0, lo0);
      mulhilo(0xCD9E8D57u, c[2], hi1, lo1);
      uint32_t n0 = hi1 ^ c[1] ^ k0, n1 = lo1, n2 = hi0 ^ c[3] ^ k1, n3 = lo0;
      c[0] = n0; c[1] = n1; c[2] = n2; c[3] = n3;
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    for (int i = 0; i < 4; ++i)
      out_[i] = c[i];
  }

  uint32_t k0_, k1_, c2_, c3_;
  uint64_t pos_;
  uint64_t block_ = 0;
  bool valid_ = false;
  uint32_t out_[4] = {0, 0, 0, 0};
};

// Small deterministic host generator for data shuffles and weight initialisation, shared by
// the GPU programs (host side) and the CPU references.
struct SplitMix64 {
  uint64_t s;
  explicit SplitMix64(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform float in [0, 1) with 24 random bits.
  float uniform() { return static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); }
  // Uniform in [-a, a).
  float symmetric(float a) { return (2.0f * uniform() - 1.0f) * a; }
  // Uniform integer in [0, n).
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
};

// Fisher-Yates shuffle of idx[0..n) driven by SplitMix64.
template <typename T> inline void shuffleInPlace(T *idx, uint32_t n, SplitMix64 &rng) {
  for (uint32_t i = n; i > 1; --i) {
    uint32_t j = rng.below(i);
    T t = idx[i - 1];
    idx[i - 1] = idx[j];
    idx[j] = t;
  }
}

#endif // SAMPLES_COMMON_PHILOX_H
