// Exactness of the porter's vectorized kernel templates on the CPU SIMT
// emulator: template_kernels.cu ported by cu2hip with and without --vectorize
// (--launch=ggl both), linked into this program as namespaces tk_vec and
// tk_scalar. For float, __half and bf16 instantiations of a grid-stride and a
// single-index template and a grid-stride one over whole vectors
// (8 * rows elements), n = 0..67, x and y offsets 0..3 elements each and
// several block sizes, the vectorized port must leave the whole output buffer
// bit-for-bit as the scalar original does (no element missed, none outside
// [0, n) written) and report the same launch status. Run at wave 64 and wave
// 32 (CU2HIP_EMU_WAVE, set by CMakeLists.txt).
// Usage: emu_template <vectorized port>   (its text is checked too)
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define TK_DECLARE(ns)                                                                       \
  namespace ns {                                                                             \
  void run_axpb_f32(float *y, const float *x, float s, float b, int n, int blocks, int threads); \
  void run_axpb_f16(__half *y, const __half *x, __half s, __half b, int n, int blocks,       \
                    int threads);                                                            \
  void run_axpb_bf16(__hip_bfloat16 *y, const __hip_bfloat16 *x, __hip_bfloat16 s,           \
                     __hip_bfloat16 b, int n, int blocks, int threads);                      \
  void run_whole_f32(float *y, const float *x, float s, float b, int rows, int blocks,      \
                     int threads);                                                           \
  void run_whole_f16(__half *y, const __half *x, __half s, __half b, int rows, int blocks,   \
                     int threads);                                                           \
  void run_whole_bf16(__hip_bfloat16 *y, const __hip_bfloat16 *x, __hip_bfloat16 s,         \
                      __hip_bfloat16 b, int rows, int blocks, int threads);                  \
  void run_muladd_f32(float *y, const float *a, const float *b, int n, int threads);         \
  void run_muladd_f16(__half *y, const __half *a, const __half *b, int n, int threads);      \
  void run_muladd_bf16(__hip_bfloat16 *y, const __hip_bfloat16 *a, const __hip_bfloat16 *b,  \
                       int n, int threads);                                                  \
  }
TK_DECLARE(tk_scalar)
TK_DECLARE(tk_vec)

namespace {

int countOf(const std::string &Text, const std::string &Needle) {
  int N = 0;
  for (size_t P = Text.find(Needle); P != std::string::npos; P = Text.find(Needle, P + 1))
    ++N;
  return N;
}

// Deterministic values in [-4, 4), some exactly representable, some not.
float value(unsigned I, unsigned Seed) {
  unsigned H = I * 2654435761u ^ Seed;
  H ^= H >> 13;
  H *= 0x5bd1e995u;
  H ^= H >> 15;
  return (float)(H & 0xffffff) / 2097152.0f - 4.0f;
}

const int Cap = 80; // elements per buffer: writes outside [off, off + n) show

/// Runs one element type's two kernels in both ports over every length,
/// offset and block size; returns the number of mismatching cases.
template <class T, class RunAxpb, class RunMuladd>
long compare(const char *Type, RunAxpb Axpb[2], RunMuladd Muladd[2], RunAxpb Whole[2],
             long &Cases) {
  T *A, *B, *YS, *YV;
  hipMalloc((void **)&A, Cap * sizeof(T));
  hipMalloc((void **)&B, Cap * sizeof(T));
  hipMalloc((void **)&YS, Cap * sizeof(T));
  hipMalloc((void **)&YV, Cap * sizeof(T));
  std::vector<T> HA(Cap), HB(Cap);
  for (int I = 0; I < Cap; ++I) {
    HA[I] = T(value(I, 1));
    HB[I] = T(value(I, 2));
  }
  hipMemcpy(A, HA.data(), Cap * sizeof(T), hipMemcpyHostToDevice);
  hipMemcpy(B, HB.data(), Cap * sizeof(T), hipMemcpyHostToDevice);
  std::vector<unsigned char> HS(Cap * sizeof(T)), HV(Cap * sizeof(T));
  long Bad = 0;
  static const char *const Names[] = {"axpb_gs", "muladd_at", "axpb_whole"};
  for (int Kernel = 0; Kernel < 3; ++Kernel)
    // One thread per block: each grid-stride thread does up to 8 float
    // vectors, so whole groups of vec_map_grid_stride and its single
    // vectors after them both run.
    for (int Threads : {1, 4, 32, 64})
      for (int N = 0; N <= 67; ++N)
        for (int OX = 0; OX < 4; ++OX)
          for (int OY = 0; OY < 4; ++OY) {
            hipMemset(YS, 0xA5, Cap * sizeof(T));
            hipMemset(YV, 0xA5, Cap * sizeof(T));
            hipError_t E[2];
            for (int Form = 0; Form < 2; ++Form) {
              T *Y = (Form ? YV : YS) + OY;
              (void)hipGetLastError();
              if (Kernel == 0) // grid-stride, a fixed grid of 2 blocks
                Axpb[Form](Y, A + OX, T(1.25f), T(-0.375f), N, 2, Threads);
              else if (Kernel == 2) // 8 * (N / 8) elements: whole vectors
                Whole[Form](Y, A + OX, T(1.25f), T(-0.375f), N / 8, 2, Threads);
              else
                Muladd[Form](Y, A + OX, B + OX, N, Threads);
              E[Form] = hipGetLastError();
            }
            hipDeviceSynchronize();
            hipMemcpy(HS.data(), YS, HS.size(), hipMemcpyDeviceToHost);
            hipMemcpy(HV.data(), YV, HV.size(), hipMemcpyDeviceToHost);
            ++Cases;
            if (E[0] != E[1] || HS != HV) {
              if (Bad < 10)
                std::fprintf(stderr, "MISMATCH %s %s block %d n %d x+%d y+%d (status %d vs %d)\n",
                             Type, Names[Kernel], Threads, N, OX, OY,
                             (int)E[0], (int)E[1]);
              ++Bad;
            }
          }
  hipFree(A);
  hipFree(B);
  hipFree(YS);
  hipFree(YV);
  return Bad;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <vectorized port>\n", argv[0]);
    return 2;
  }
  // The port under test must be the vectorized form: each template edited
  // once, each single-index launch sized for its element type.
  std::ifstream In(argv[1]);
  std::stringstream SS;
  SS << In.rdbuf();
  const std::string Port = SS.str();
  int GridStride = countOf(Port, "cu2hip::vec_map_grid_stride("),
      Whole = countOf(Port, "cu2hip::vec_map_grid_stride_whole("),
      At = countOf(Port, "cu2hip::vec_map_at("),
      Launches = countOf(Port, "cu2hip::vec_map_at_threads<float>(") +
                 countOf(Port, "cu2hip::vec_map_at_threads<__half>(") +
                 countOf(Port, "cu2hip::vec_map_at_threads<__hip_bfloat16>(");
  if (GridStride != 1 || Whole != 1 || At != 1 || Launches != 3) {
    std::fprintf(stderr,
                 "FAIL: %s has %d vec_map_grid_stride, %d vec_map_grid_stride_whole and %d "
                 "vec_map_at kernels and %d rewritten launches (want 1, 1, 1 and 3)\n",
                 argv[1], GridStride, Whole, At, Launches);
    return 1;
  }
  long Cases = 0, Bad = 0;
  {
    decltype(&tk_scalar::run_axpb_f32) Ax[2] = {tk_scalar::run_axpb_f32, tk_vec::run_axpb_f32};
    decltype(&tk_scalar::run_muladd_f32) Mu[2] = {tk_scalar::run_muladd_f32,
                                                  tk_vec::run_muladd_f32};
    decltype(&tk_scalar::run_whole_f32) Wh[2] = {tk_scalar::run_whole_f32, tk_vec::run_whole_f32};
    Bad += compare<float>("float", Ax, Mu, Wh, Cases);
  }
  {
    decltype(&tk_scalar::run_axpb_f16) Ax[2] = {tk_scalar::run_axpb_f16, tk_vec::run_axpb_f16};
    decltype(&tk_scalar::run_muladd_f16) Mu[2] = {tk_scalar::run_muladd_f16,
                                                  tk_vec::run_muladd_f16};
    decltype(&tk_scalar::run_whole_f16) Wh[2] = {tk_scalar::run_whole_f16, tk_vec::run_whole_f16};
    Bad += compare<__half>("__half", Ax, Mu, Wh, Cases);
  }
  {
    decltype(&tk_scalar::run_axpb_bf16) Ax[2] = {tk_scalar::run_axpb_bf16,
                                                 tk_vec::run_axpb_bf16};
    decltype(&tk_scalar::run_muladd_bf16) Mu[2] = {tk_scalar::run_muladd_bf16,
                                                   tk_vec::run_muladd_bf16};
    decltype(&tk_scalar::run_whole_bf16) Wh[2] = {tk_scalar::run_whole_bf16, tk_vec::run_whole_bf16};
    Bad += compare<__hip_bfloat16>("bf16", Ax, Mu, Wh, Cases);
  }
  std::printf("templated vectorized vs scalar port (float, __half, bf16): %ld cases, %ld "
              "mismatches\n",
              Cases, Bad);
  return Bad ? 1 : 0;
}
