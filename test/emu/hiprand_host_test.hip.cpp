// hipRAND host API on the emulator (src/hiprand.cpp): Philox4x32-10
// generators against (1) the published Random123 known-answer vector of the
// Philox4x32-10 block function (key 0, counter 0), (2) the committed device
// sequence philox_expected.txt (the host stream is the device API's stream for
// hiprand_init(seed, 0, offset)), and (3) determinism and distribution bounds
// with fixed seeds (bounds at about 5 standard errors, so a wrong transform
// fails and the right one cannot). Values are not expected to equal cuRAND's
// or rocRAND's host generators element for element (their output orders
// differ; see hiprand/hiprand.h).
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef HIPRAND_H_
#error "hipRAND's include guard HIPRAND_H_ must be defined (helper_cuda.h tests it)"
#endif

namespace {

struct Gen {
  hiprandGenerator_t g = nullptr;
  explicit Gen(unsigned long long seed,
               hiprandRngType_t t = HIPRAND_RNG_PSEUDO_PHILOX4_32_10) {
    EXPECT_EQ(hiprandCreateGenerator(&g, t), HIPRAND_STATUS_SUCCESS);
    EXPECT_EQ(hiprandSetPseudoRandomGeneratorSeed(g, seed), HIPRAND_STATUS_SUCCESS);
  }
  ~Gen() { hiprandDestroyGenerator(g); }
};

template <class T>
struct Dev {
  T* p = nullptr;
  size_t n;
  explicit Dev(size_t n_) : n(n_) { hipMalloc((void**)&p, n * sizeof(T)); }
  ~Dev() { hipFree(p); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    hipMemcpy(h.data(), p, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
  }
};

std::vector<unsigned> u32(hiprandGenerator_t g, size_t n) {
  Dev<unsigned> d(n);
  EXPECT_EQ(hiprandGenerate(g, d.p, n), HIPRAND_STATUS_SUCCESS);
  return d.get();
}

TEST(HiprandHost, Random123KnownAnswer) {
  // Philox4x32-10, key (0, 0), counter (0, 0, 0, 0): Salmon et al., SC'11,
  // Random123's kat_vectors.
  Gen g(0);
  auto v = u32(g.g, 4);
  EXPECT_EQ(v[0], 0x6627e8d5u);
  EXPECT_EQ(v[1], 0xe169c58du);
  EXPECT_EQ(v[2], 0xbc57ac4cu);
  EXPECT_EQ(v[3], 0x9b00dbd8u);
  // PSEUDO_DEFAULT is the same Philox generator on the emulator.
  Gen d(0, HIPRAND_RNG_PSEUDO_DEFAULT);
  EXPECT_EQ(u32(d.g, 4), v);
}

// Rows "<seed> 0 0 u32 <i> <value>" of the committed device sequence.
std::vector<unsigned> committed_u32(unsigned long long seed) {
  std::ifstream in(CU2HIP_EMU_TEST_DIR "/philox_expected.txt");
  std::vector<unsigned> v;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    unsigned long long s, sub, off;
    std::string kind;
    int i;
    double value;
    if (!(ss >> s >> sub >> off >> kind >> i >> value)) continue;
    if (s == seed && sub == 0 && off == 0 && kind == "u32") v.push_back((unsigned)value);
  }
  return v;
}

TEST(HiprandHost, EqualsTheCommittedDeviceSequence) {
  auto want = committed_u32(1234);
  ASSERT_EQ(want.size(), 6u) << "philox_expected.txt rows for seed 1234";
  Gen g(1234);
  EXPECT_EQ(u32(g.g, want.size()), want);
}

__global__ void k_device_uniform(unsigned long long seed, float* out) {
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(seed, 0, 0, &s);
  for (int i = 0; i < 9; ++i) out[i] = hiprand_uniform(&s);
}

TEST(HiprandHost, UniformEqualsTheDeviceApi) {
  Dev<float> dev(9), host(9);
  hipLaunchKernelGGL(k_device_uniform, dim3(1), dim3(1), 0, 0, 77ull, dev.p);
  Gen g(77);
  ASSERT_EQ(hiprandGenerateUniform(g.g, host.p, 9), HIPRAND_STATUS_SUCCESS);
  EXPECT_EQ(dev.get(), host.get());
}

TEST(HiprandHost, DeterministicPerSeedAndContinuing) {
  Gen a(42), b(42), c(43);
  auto va = u32(a.g, 20);
  EXPECT_EQ(u32(b.g, 7), std::vector<unsigned>(va.begin(), va.begin() + 7));
  EXPECT_EQ(u32(b.g, 13), std::vector<unsigned>(va.begin() + 7, va.end()));
  auto vc = u32(c.g, 20);
  int same = 0;
  for (int i = 0; i < 20; ++i) same += va[i] == vc[i];
  EXPECT_EQ(same, 0);
  Gen d(42);
  ASSERT_EQ(hiprandSetGeneratorOffset(d.g, 5), HIPRAND_STATUS_SUCCESS);
  EXPECT_EQ(u32(d.g, 15), std::vector<unsigned>(va.begin() + 5, va.end()));
}

template <class T>
void moments(const std::vector<T>& v, double* mean, double* var) {
  double s = 0, s2 = 0;
  for (T x : v) s += x;
  *mean = s / v.size();
  for (T x : v) s2 += (x - *mean) * (x - *mean);
  *var = s2 / (v.size() - 1);
}

TEST(HiprandHost, UniformMeanVarianceAndRange) {
  const size_t n = 1 << 16;
  Gen g(2024);
  Dev<float> d(n);
  ASSERT_EQ(hiprandGenerateUniform(g.g, d.p, n), HIPRAND_STATUS_SUCCESS);
  auto v = d.get();
  for (float x : v) ASSERT_TRUE(x > 0.0f && x <= 1.0f) << x;
  double m, var;
  moments(v, &m, &var);
  // standard errors: 0.2887/256 = 1.13e-3 (mean), 2.9e-4 (variance)
  EXPECT_NEAR(m, 0.5, 0.006);
  EXPECT_NEAR(var, 1.0 / 12, 0.0015);
  Dev<double> dd(n);
  ASSERT_EQ(hiprandGenerateUniformDouble(g.g, dd.p, n), HIPRAND_STATUS_SUCCESS);
  auto w = dd.get();
  moments(w, &m, &var);
  EXPECT_NEAR(m, 0.5, 0.006);
  EXPECT_NEAR(var, 1.0 / 12, 0.0015);
}

TEST(HiprandHost, NormalAndLogNormal) {
  const size_t n = 1 << 16;
  Gen g(99);
  Dev<float> d(n);
  ASSERT_EQ(hiprandGenerateNormal(g.g, d.p, n, 2.0f, 3.0f), HIPRAND_STATUS_SUCCESS);
  double m, var;
  moments(d.get(), &m, &var);
  EXPECT_NEAR(m, 2.0, 0.06);                // 5 * 3 / 256
  EXPECT_NEAR(std::sqrt(var), 3.0, 0.045);  // 5 * 3 / sqrt(2n)
  Dev<double> dd(n);
  ASSERT_EQ(hiprandGenerateNormalDouble(g.g, dd.p, n, -1.0, 0.5), HIPRAND_STATUS_SUCCESS);
  moments(dd.get(), &m, &var);
  EXPECT_NEAR(m, -1.0, 0.01);
  EXPECT_NEAR(std::sqrt(var), 0.5, 0.0075);
  ASSERT_EQ(hiprandGenerateLogNormal(g.g, d.p, n, 0.5f, 0.25f), HIPRAND_STATUS_SUCCESS);
  auto v = d.get();
  std::vector<double> logs(n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_GT(v[i], 0.0f);
    logs[i] = std::log(v[i]);
  }
  moments(logs, &m, &var);
  EXPECT_NEAR(m, 0.5, 0.005);
  EXPECT_NEAR(std::sqrt(var), 0.25, 0.004);
}

// Box-Muller takes outputs in pairs: n = 7 normals use 8 outputs, and the
// first pair equals hiprand_normal2 of the device API.
TEST(HiprandHost, NormalsConsumeOutputPairs) {
  Gen a(5), b(5);
  Dev<float> d(7);
  ASSERT_EQ(hiprandGenerateNormal(a.g, d.p, 7, 0.0f, 1.0f), HIPRAND_STATUS_SUCCESS);
  auto all = u32(b.g, 12);
  EXPECT_EQ(u32(a.g, 4), std::vector<unsigned>(all.begin() + 8, all.end()));
  float2 first = cu2hip_emu::philox::box_muller(all[0], all[1]);
  auto v = d.get();
  EXPECT_EQ(v[0], first.x);
  EXPECT_EQ(v[1], first.y);
}

TEST(HiprandHost, UnsupportedGeneratorsAreRefused) {
  hiprandGenerator_t g = nullptr;
  EXPECT_EQ(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_XORWOW), HIPRAND_STATUS_TYPE_ERROR);
  EXPECT_EQ(g, nullptr);
  EXPECT_EQ(hiprandCreateGenerator(&g, HIPRAND_RNG_QUASI_SOBOL32), HIPRAND_STATUS_TYPE_ERROR);
  Gen p(1);
  Dev<unsigned> d(4);
  EXPECT_EQ(hiprandGeneratePoisson(p.g, d.p, 4, 3.0), HIPRAND_STATUS_NOT_IMPLEMENTED);
  EXPECT_EQ(hiprandGenerate(nullptr, d.p, 4), HIPRAND_STATUS_NOT_INITIALIZED);
}

}  // namespace
