// cu2hip/wmma.h's wmma_float_to_tf32, the port of CUDA's
// wmma::__float_to_tf32 (PTX cvt.rna.tf32.f32: round to nearest, ties away
// from zero, to tf32's 10 mantissa bits; the low 13 bits of the result are
// zero; NaN becomes the canonical 0x7fffffff), on the host and in a kernel
// (one input per lane). Expected bit patterns follow from that definition.
#include <hip/hip_runtime.h>
#include <cu2hip/wmma.h>

#include <cstdio>
#include <cstring>

namespace {
struct Case { unsigned In, Want; const char *What; };
const Case Cases[] = {
    {0x3f800000u, 0x3f800000u, "1.0 exact"},
    {0x3f800fffu, 0x3f800000u, "below half an ulp: down"},
    {0x3f801000u, 0x3f802000u, "tie: away from zero"},
    {0xbf801000u, 0xbf802000u, "negative tie: away from zero"},
    {0x3f802fffu, 0x3f802000u, "1.5 ulp minus: down to 1 ulp"},
    {0x3f803000u, 0x3f804000u, "odd tie: up"},
    {0x7f7fffffu, 0x7f800000u, "largest finite: rounds to infinity"},
    {0x7f800000u, 0x7f800000u, "infinity"},
    {0xff800000u, 0xff800000u, "-infinity"},
    {0x7f800001u, 0x7fffffffu, "NaN: canonical"},
    {0x00001000u, 0x00002000u, "denormal tie"},
    {0x80000000u, 0x80000000u, "-0"},
};
constexpr int N = sizeof(Cases) / sizeof(Cases[0]);

float bits(unsigned U) { float F; std::memcpy(&F, &U, 4); return F; }
unsigned bitsOf(float F) { unsigned U; std::memcpy(&U, &F, 4); return U; }
} // namespace

__global__ void roundAll(const float *In, float *Out, int N) {
  int I = threadIdx.x;
  if (I < N) Out[I] = cu2hip::wmma_float_to_tf32(In[I]);
}

int main() {
  int Bad = 0;
  float In[N], Out[N];
  for (int I = 0; I < N; ++I) {
    In[I] = bits(Cases[I].In);
    unsigned Got = bitsOf(cu2hip::wmma_float_to_tf32(In[I]));
    if (Got != Cases[I].Want) {
      std::printf("MISMATCH host %s: 0x%08x -> 0x%08x, want 0x%08x\n", Cases[I].What,
                  Cases[I].In, Got, Cases[I].Want);
      ++Bad;
    }
  }
  float *DIn = nullptr, *DOut = nullptr;
  if (hipMalloc(&DIn, sizeof In) != hipSuccess || hipMalloc(&DOut, sizeof Out) != hipSuccess)
    return 1;
  hipMemcpy(DIn, In, sizeof In, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(roundAll, dim3(1), dim3(64), 0, 0, DIn, DOut, N);
  hipMemcpy(Out, DOut, sizeof Out, hipMemcpyDeviceToHost);
  for (int I = 0; I < N; ++I)
    if (bitsOf(Out[I]) != Cases[I].Want) {
      std::printf("MISMATCH kernel %s: 0x%08x, want 0x%08x\n", Cases[I].What, bitsOf(Out[I]),
                  Cases[I].Want);
      ++Bad;
    }
  hipFree(DIn);
  hipFree(DOut);
  std::printf("%s: %d cases, %d mismatches\n", Bad ? "FAIL" : "ok", N, Bad);
  return Bad ? 1 : 0;
}
