// hipRAND Philox4x32-10 on the emulator against (1) the Random123 known-answer
// vectors of the bare Philox4x32-10 block function and (2) the committed list
// philox_expected.txt (same format as philox_cuda_ref.cu prints).
//   emu_philox_test                    run the tests
//   emu_philox_test --print            print this implementation's list
//   emu_philox_test --compare FILE     compare with a list (e.g. from CUDA)
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define RNG_STATE_T hiprandStatePhilox4_32_10_t
#define RNG_INIT hiprand_init
#define RNG_U32 hiprand
#define RNG_UNIFORM hiprand_uniform
#define RNG_UNIFORM4 hiprand_uniform4
#define RNG_NORMAL hiprand_normal
#define RNG_NORMAL4 hiprand_normal4
#define RNG_UNIFORM_DOUBLE hiprand_uniform_double
#include "philox_sequence.inc"

namespace {

struct Row {
  std::string key;  // "seed sub off kind i"
  std::string kind;
  double value;
};

std::vector<Row> compute() {
  const int n = PHILOX_NUM_CASES * PHILOX_VALUES_PER_CASE;
  double* d = nullptr;
  hipMalloc((void**)&d, n * sizeof(double));
  hipLaunchKernelGGL(philox_sequence, dim3(1), dim3(32), 0, 0, d);
  std::vector<double> h(n);
  hipMemcpy(h.data(), d, n * sizeof(double), hipMemcpyDeviceToHost);
  hipFree(d);
  std::vector<Row> rows;
  for (int c = 0; c < PHILOX_NUM_CASES; ++c) {
    unsigned long long seed, sub, off;
    philox_case(c, &seed, &sub, &off);
    for (int i = 0; i < PHILOX_VALUES_PER_CASE; ++i) {
      char key[160];
      std::snprintf(key, sizeof key, "%llu %llu %llu %s %d", seed, sub, off,
                    philox_kind(i), i);
      rows.push_back(Row{key, philox_kind(i), h[c * PHILOX_VALUES_PER_CASE + i]});
    }
  }
  return rows;
}

std::vector<Row> read(const std::string& path) {
  std::vector<Row> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::string seed, sub, off, kind, i;
    double v;
    ss >> seed >> sub >> off >> kind >> i >> v;
    rows.push_back(Row{seed + " " + sub + " " + off + " " + kind + " " + i, kind, v});
  }
  return rows;
}

// Returns the number of mismatches (printing them).
int compare(const std::vector<Row>& got, const std::vector<Row>& want) {
  int bad = 0;
  if (got.size() != want.size()) {
    std::printf("row count differs: %zu vs %zu\n", got.size(), want.size());
    return 1;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    const Row& g = got[i];
    const Row& w = want[i];
    bool ok = g.key == w.key;
    if (ok) {
      if (g.kind == "normal" || g.kind == "normal4")
        ok = std::fabs(g.value - w.value) <= 1e-5 * std::fmax(1.0, std::fabs(w.value));
      else
        ok = g.value == w.value;  // integers and uniforms: bit for bit
    }
    if (!ok) {
      ++bad;
      std::printf("mismatch: %s: got %.17g, want %s %.17g\n", g.key.c_str(), g.value,
                  w.key.c_str(), w.value);
    }
  }
  return bad;
}

TEST(Philox, Random123KnownAnswers) {
  using cu2hip_emu::philox::block;
  uint4 r = block(uint4{0, 0, 0, 0}, uint2{0, 0});
  EXPECT_EQ(r.x, 0x6627e8d5u);
  EXPECT_EQ(r.y, 0xe169c58du);
  EXPECT_EQ(r.z, 0xbc57ac4cu);
  EXPECT_EQ(r.w, 0x9b00dbd8u);
  r = block(uint4{~0u, ~0u, ~0u, ~0u}, uint2{~0u, ~0u});
  EXPECT_EQ(r.x, 0x408f276du);
  EXPECT_EQ(r.y, 0x41c83b0eu);
  EXPECT_EQ(r.z, 0xa20bc7c6u);
  EXPECT_EQ(r.w, 0x6d5451fdu);
  r = block(uint4{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
            uint2{0xa4093822u, 0x299f31d0u});
  EXPECT_EQ(r.x, 0xd16cfe09u);
  EXPECT_EQ(r.y, 0x94fdccebu);
  EXPECT_EQ(r.z, 0x5001e420u);
  EXPECT_EQ(r.w, 0x24126ea1u);
}

TEST(Philox, SkipaheadMatchesDrawing) {
  hiprandStatePhilox4_32_10_t a, b;
  hiprand_init(99, 3, 0, &a);
  for (int i = 0; i < 11; ++i) hiprand(&a);
  hiprand_init(99, 3, 11, &b);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(hiprand(&a), hiprand(&b));
  // Subsequence n starts 2^66 numbers (2^64 counters) later.
  hiprand_init(5, 1, 0, &a);
  hiprand_init(5, 0, 0, &b);
  skipahead_sequence(1, &b);
  EXPECT_EQ(hiprand(&a), hiprand(&b));
}

TEST(Philox, UniformRangeExcludesZeroIncludesOne) {
  EXPECT_GT(cu2hip_emu::philox::uniform(0u), 0.0f);
  EXPECT_EQ(cu2hip_emu::philox::uniform(0xffffffffu), 1.0f);
}

TEST(Philox, LogNormalIsExpOfTheNormals) {
  hiprandStatePhilox4_32_10_t a, b;
  hiprand_init(31, 2, 5, &a);
  b = a;
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(hiprand_log_normal(&a, 0.5f, 2.0f), std::exp(0.5f + 2.0f * hiprand_normal(&b)));
  float2 p = hiprand_log_normal2(&a, -1.0f, 0.25f);
  float2 q = hiprand_normal2(&b);
  EXPECT_EQ(p.x, std::exp(-1.0f + 0.25f * q.x));
  EXPECT_EQ(p.y, std::exp(-1.0f + 0.25f * q.y));
  float4 r = hiprand_log_normal4(&a, 0.0f, 1.0f);
  float4 u = hiprand_normal4(&b);
  EXPECT_EQ(r.w, std::exp(u.w));
  EXPECT_GT(r.x, 0.0f);
}

TEST(Philox, MatchesCommittedValues) {
  auto want = read(CU2HIP_EMU_TEST_DIR "/philox_expected.txt");
  ASSERT_FALSE(want.empty()) << "philox_expected.txt missing";
  EXPECT_EQ(compare(compute(), want), 0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "--print")) {
    std::printf("# seed subsequence offset kind index value (hipRAND Philox, cu2hip emulator)\n");
    for (const Row& r : compute()) std::printf("%s %.17g\n", r.key.c_str(), r.value);
    return 0;
  }
  if (argc >= 3 && !std::strcmp(argv[1], "--compare")) {
    int bad = compare(compute(), read(argv[2]));
    std::printf("%s: %d mismatches\n", argv[2], bad);
    return bad ? 1 : 0;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
