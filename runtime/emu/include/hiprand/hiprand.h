// cu2hip CPU SIMT emulator: stand-in for <hiprand/hiprand.h>, the host API.
//
// Generators: HIPRAND_RNG_PSEUDO_PHILOX4_32_10 and HIPRAND_RNG_PSEUDO_DEFAULT
// (which the emulator also makes a Philox4x32-10 generator; cuRAND and
// rocRAND make it XORWOW). Other types: hiprandCreateGenerator returns
// HIPRAND_STATUS_TYPE_ERROR with a message naming the type.
//
// Output order (the emulator's own; cuRAND's and rocRAND's host generators
// order their Philox outputs differently, so their values are not expected to
// equal these element for element): a generator with seed s and offset o
// yields the 32-bit outputs of the device API's Philox stream for
// hiprand_init(s, 0, o) (key = s, counter words 0..3 = output / 4, the four
// words of each block in order x, y, z, w); every generated value consumes
// outputs and the next call continues after them.
//  * hiprandGenerate: one output each;
//  * hiprandGenerateUniform: one output u each, u * 2^-32 + 2^-33 in float, in
//    (0, 1] (the device API's hiprand_uniform);
//  * hiprandGenerateUniformDouble: one output each, as hiprand_uniform_double;
//  * hiprandGenerateNormal(Double): Box-Muller on consecutive pairs of outputs
//    (as hiprand_normal2), scaled by stddev and shifted by mean; an odd n
//    consumes one pair for its last value;
//  * hiprandGenerateLogNormal(Double): exp of the normal values.
// Work is done at once on the calling thread (stream order is kept because
// the emulator's device work is synchronous).
#pragma once
#ifndef HIPRAND_H_
#define HIPRAND_H_  // hipRAND's include guard, which code tests
#endif

#include <hip/hip_runtime.h>

#include <cstddef>

#define HIPRAND_VERSION 300100

typedef enum hiprandStatus {
  HIPRAND_STATUS_SUCCESS = 0,
  HIPRAND_STATUS_VERSION_MISMATCH = 100,
  HIPRAND_STATUS_NOT_INITIALIZED = 101,
  HIPRAND_STATUS_ALLOCATION_FAILED = 102,
  HIPRAND_STATUS_TYPE_ERROR = 103,
  HIPRAND_STATUS_OUT_OF_RANGE = 104,
  HIPRAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  HIPRAND_STATUS_LAUNCH_FAILURE = 201,
  HIPRAND_STATUS_PREEXISTING_FAILURE = 202,
  HIPRAND_STATUS_INITIALIZATION_FAILED = 203,
  HIPRAND_STATUS_ARCH_MISMATCH = 204,
  HIPRAND_STATUS_INTERNAL_ERROR = 999,
  HIPRAND_STATUS_NOT_IMPLEMENTED = 1000
} hiprandStatus_t;

typedef enum hiprandRngType {
  HIPRAND_RNG_TEST = 0,
  HIPRAND_RNG_PSEUDO_DEFAULT = 400,
  HIPRAND_RNG_PSEUDO_XORWOW = 401,
  HIPRAND_RNG_PSEUDO_MRG32K3A = 402,
  HIPRAND_RNG_PSEUDO_MTGP32 = 403,
  HIPRAND_RNG_PSEUDO_MT19937 = 404,
  HIPRAND_RNG_PSEUDO_PHILOX4_32_10 = 405,
  HIPRAND_RNG_QUASI_DEFAULT = 500,
  HIPRAND_RNG_QUASI_SOBOL32 = 501,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 502,
  HIPRAND_RNG_QUASI_SOBOL64 = 503,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 504
} hiprandRngType_t;

typedef struct hiprandGenerator_st* hiprandGenerator_t;

hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* generator,
                                       hiprandRngType_t rng_type);
hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* generator,
                                           hiprandRngType_t rng_type);
hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t generator);
hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t generator,
                                                    unsigned long long seed);
hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t generator,
                                          unsigned long long offset);
hiprandStatus_t hiprandSetStream(hiprandGenerator_t generator, hipStream_t stream);
hiprandStatus_t hiprandGenerateSeeds(hiprandGenerator_t generator);
hiprandStatus_t hiprandGenerate(hiprandGenerator_t generator, unsigned int* output_data,
                                size_t n);
hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t generator, float* output_data,
                                       size_t n);
hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t generator,
                                             double* output_data, size_t n);
hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t generator, float* output_data,
                                      size_t n, float mean, float stddev);
hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t generator,
                                            double* output_data, size_t n, double mean,
                                            double stddev);
hiprandStatus_t hiprandGenerateLogNormal(hiprandGenerator_t generator, float* output_data,
                                         size_t n, float mean, float stddev);
hiprandStatus_t hiprandGenerateLogNormalDouble(hiprandGenerator_t generator,
                                               double* output_data, size_t n,
                                               double mean, double stddev);
// Not emulated: returns HIPRAND_STATUS_NOT_IMPLEMENTED with a message.
hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t generator,
                                       unsigned int* output_data, size_t n, double lambda);
hiprandStatus_t hiprandGetVersion(int* version);
