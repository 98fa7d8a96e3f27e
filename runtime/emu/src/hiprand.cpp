// cu2hip CPU SIMT emulator: hipRAND host API (Philox4x32-10 generators) on
// the device API's Philox core. Output order: hiprand/hiprand.h.
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

#include <cmath>
#include <cstdio>

struct hiprandGenerator_st {
  unsigned long long seed = 0;
  unsigned long long offset = 0;  // 32-bit outputs consumed so far
  hipStream_t stream = nullptr;
};

namespace {

const char* rng_name(hiprandRngType_t t) {
  switch (t) {
    case HIPRAND_RNG_TEST: return "HIPRAND_RNG_TEST";
    case HIPRAND_RNG_PSEUDO_DEFAULT: return "HIPRAND_RNG_PSEUDO_DEFAULT";
    case HIPRAND_RNG_PSEUDO_XORWOW: return "HIPRAND_RNG_PSEUDO_XORWOW";
    case HIPRAND_RNG_PSEUDO_MRG32K3A: return "HIPRAND_RNG_PSEUDO_MRG32K3A";
    case HIPRAND_RNG_PSEUDO_MTGP32: return "HIPRAND_RNG_PSEUDO_MTGP32";
    case HIPRAND_RNG_PSEUDO_MT19937: return "HIPRAND_RNG_PSEUDO_MT19937";
    case HIPRAND_RNG_PSEUDO_PHILOX4_32_10: return "HIPRAND_RNG_PSEUDO_PHILOX4_32_10";
    case HIPRAND_RNG_QUASI_DEFAULT: return "HIPRAND_RNG_QUASI_DEFAULT";
    case HIPRAND_RNG_QUASI_SOBOL32: return "HIPRAND_RNG_QUASI_SOBOL32";
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32: return "HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32";
    case HIPRAND_RNG_QUASI_SOBOL64: return "HIPRAND_RNG_QUASI_SOBOL64";
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64: return "HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64";
  }
  return "an unknown generator type";
}

hiprandStatus_t create(hiprandGenerator_t* g, hiprandRngType_t t, const char* what) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  if (t != HIPRAND_RNG_PSEUDO_PHILOX4_32_10 && t != HIPRAND_RNG_PSEUDO_DEFAULT) {
    std::fprintf(stderr,
                 "cu2hip-emu: %s(%s = %d): only HIPRAND_RNG_PSEUDO_PHILOX4_32_10 "
                 "and HIPRAND_RNG_PSEUDO_DEFAULT are emulated\n",
                 what, rng_name(t), (int)t);
    *g = nullptr;
    return HIPRAND_STATUS_TYPE_ERROR;
  }
  *g = new hiprandGenerator_st;
  return HIPRAND_STATUS_SUCCESS;
}

// The generator's Philox stream at its current position.
hiprandStatePhilox4_32_10_t stream_state(const hiprandGenerator_st& g) {
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(g.seed, 0, g.offset, &s);
  return s;
}

template <class T, class F>
hiprandStatus_t fill(hiprandGenerator_t g, T* out, size_t n, unsigned per_value, F f) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  if (n && !out) return HIPRAND_STATUS_LAUNCH_FAILURE;
  hiprandStatePhilox4_32_10_t s = stream_state(*g);
  for (size_t i = 0; i < n; ++i) out[i] = f(&s, i);
  g->offset += (unsigned long long)n * per_value;
  return HIPRAND_STATUS_SUCCESS;
}

// Box-Muller pairs: value 2k and 2k+1 come from outputs 2k and 2k+1.
template <class T>
hiprandStatus_t normals(hiprandGenerator_t g, T* out, size_t n, T mean, T stddev,
                        bool log) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  if (n && !out) return HIPRAND_STATUS_LAUNCH_FAILURE;
  hiprandStatePhilox4_32_10_t s = stream_state(*g);
  for (size_t i = 0; i < n; i += 2) {
    unsigned x = hiprand(&s), y = hiprand(&s);
    float2 v = cu2hip_emu::philox::box_muller(x, y);
    T a = mean + stddev * (T)v.x, b = mean + stddev * (T)v.y;
    out[i] = log ? std::exp(a) : a;
    if (i + 1 < n) out[i + 1] = log ? std::exp(b) : b;
  }
  g->offset += (unsigned long long)(n + 1) / 2 * 2;
  return HIPRAND_STATUS_SUCCESS;
}

}  // namespace

hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* g, hiprandRngType_t t) {
  return create(g, t, "hiprandCreateGenerator");
}
hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* g, hiprandRngType_t t) {
  return create(g, t, "hiprandCreateGeneratorHost");
}
hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t g) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  delete g;
  return HIPRAND_STATUS_SUCCESS;
}
// As cuRAND and rocRAND: a new seed restarts the stream at the offset.
hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t g,
                                                    unsigned long long seed) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->seed = seed;
  return HIPRAND_STATUS_SUCCESS;
}
hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t g, unsigned long long offset) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->offset = offset;
  return HIPRAND_STATUS_SUCCESS;
}
hiprandStatus_t hiprandSetStream(hiprandGenerator_t g, hipStream_t stream) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->stream = stream;
  return HIPRAND_STATUS_SUCCESS;
}
hiprandStatus_t hiprandGenerateSeeds(hiprandGenerator_t g) {
  return g ? HIPRAND_STATUS_SUCCESS : HIPRAND_STATUS_NOT_INITIALIZED;
}
hiprandStatus_t hiprandGenerate(hiprandGenerator_t g, unsigned int* out, size_t n) {
  return fill(g, out, n, 1, [](hiprandStatePhilox4_32_10_t* s, size_t) {
    return hiprand(s);
  });
}
hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t g, float* out, size_t n) {
  return fill(g, out, n, 1, [](hiprandStatePhilox4_32_10_t* s, size_t) {
    return hiprand_uniform(s);
  });
}
hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t g, double* out, size_t n) {
  return fill(g, out, n, 1, [](hiprandStatePhilox4_32_10_t* s, size_t) {
    return hiprand_uniform_double(s);
  });
}
hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t g, float* out, size_t n,
                                      float mean, float stddev) {
  return normals(g, out, n, mean, stddev, false);
}
hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t g, double* out, size_t n,
                                            double mean, double stddev) {
  return normals(g, out, n, mean, stddev, false);
}
hiprandStatus_t hiprandGenerateLogNormal(hiprandGenerator_t g, float* out, size_t n,
                                         float mean, float stddev) {
  return normals(g, out, n, mean, stddev, true);
}
hiprandStatus_t hiprandGenerateLogNormalDouble(hiprandGenerator_t g, double* out,
                                               size_t n, double mean, double stddev) {
  return normals(g, out, n, mean, stddev, true);
}
hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t g, unsigned int*, size_t,
                                       double) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  std::fprintf(stderr, "cu2hip-emu: hiprandGeneratePoisson is not emulated\n");
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGetVersion(int* version) {
  if (!version) return HIPRAND_STATUS_OUT_OF_RANGE;
  *version = HIPRAND_VERSION;
  return HIPRAND_STATUS_SUCCESS;
}
