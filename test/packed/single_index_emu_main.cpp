// Exactness of the porter's single-index vectorized form on the CPU SIMT
// emulator: single_index_kernels.cu ported by cu2hip with and without
// --vectorize (--launch=ggl both), linked into this program as namespaces
// si_vec and si_scalar. For n = 0..67, x and y offsets 0..3 floats each, and
// several block sizes, the vectorized port (vec_map_at kernel, launch sized by
// vec_map_at_threads) must leave the whole output buffer bit-for-bit as the
// scalar original does (so no element is missed and none outside [0, n) is
// written) and report the same launch status.
// Usage: emu_single_index <vectorized port>   (its text is checked too)
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define SI_DECLARE(ns)                                                        \
  namespace ns {                                                              \
  void run_scale(float *y, const float *x, float s, int n);                   \
  void run_scale_blocks(float *y, const float *x, float s, int n, int threads); \
  void run_add(float *y, const float *a, const float *b, int n, int threads); \
  void run_gelu(float *y, const float *x, int n, int threads);                \
  }
SI_DECLARE(si_scalar)
SI_DECLARE(si_vec)

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

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <vectorized port>\n", argv[0]);
    return 2;
  }
  // The port under test must be the vectorized form: three vec_map_at
  // kernels and four launches sized by vec_map_at_threads.
  std::ifstream In(argv[1]);
  std::stringstream SS;
  SS << In.rdbuf();
  const std::string Port = SS.str();
  int Kernels = countOf(Port, "cu2hip::vec_map_at("),
      Launches = countOf(Port, "cu2hip::vec_map_at_threads<float>(");
  if (Kernels != 3 || Launches != 4) {
    std::fprintf(stderr, "FAIL: %s has %d vec_map_at kernels and %d rewritten launches "
                         "(want 3 and 4)\n", argv[1], Kernels, Launches);
    return 1;
  }

  const int Cap = 80;
  float *X, *Z, *YS, *YV;
  if (hipMalloc((void **)&X, Cap * 4) != hipSuccess || hipMalloc((void **)&Z, Cap * 4) != hipSuccess ||
      hipMalloc((void **)&YS, Cap * 4) != hipSuccess || hipMalloc((void **)&YV, Cap * 4) != hipSuccess) {
    std::fprintf(stderr, "FAIL: hipMalloc\n");
    return 1;
  }
  std::vector<float> HX(Cap), HZ(Cap);
  for (int I = 0; I < Cap; ++I) {
    HX[I] = value(I, 1);
    HZ[I] = value(I, 2);
  }
  hipMemcpy(X, HX.data(), Cap * 4, hipMemcpyHostToDevice);
  hipMemcpy(Z, HZ.data(), Cap * 4, hipMemcpyHostToDevice);
  std::vector<float> HS(Cap), HV(Cap);
  long Cases = 0, Bad = 0;
  const char *Names[] = {"scale (256)", "scale", "add", "gelu"};
  for (int Kind = 0; Kind < 4; ++Kind)
    for (int Threads : {4, 32, 64}) {
      if (Kind == 0 && Threads != 4)
        continue; // run_scale has its block size (256) written in
      for (int N = 0; N <= 67; ++N)
        for (int OX = 0; OX < 4; ++OX)
          for (int OY = 0; OY < 4; ++OY) {
            hipMemset(YS, 0xA5, Cap * 4);
            hipMemset(YV, 0xA5, Cap * 4);
            const float *XP = X + OX, *ZP = Z + OX;
            hipError_t ES, EV;
            for (int Form = 0; Form < 2; ++Form) {
              float *YP = (Form ? YV : YS) + OY;
              (void)hipGetLastError();
              switch (Kind) {
              case 0: (Form ? si_vec::run_scale : si_scalar::run_scale)(YP, XP, 1.7f, N); break;
              case 1:
                (Form ? si_vec::run_scale_blocks : si_scalar::run_scale_blocks)(YP, XP, 1.7f, N,
                                                                                 Threads);
                break;
              case 2: (Form ? si_vec::run_add : si_scalar::run_add)(YP, XP, ZP, N, Threads); break;
              case 3: (Form ? si_vec::run_gelu : si_scalar::run_gelu)(YP, XP, N, Threads); break;
              }
              (Form ? EV : ES) = hipGetLastError();
            }
            hipDeviceSynchronize();
            hipMemcpy(HS.data(), YS, Cap * 4, hipMemcpyDeviceToHost);
            hipMemcpy(HV.data(), YV, Cap * 4, hipMemcpyDeviceToHost);
            ++Cases;
            if (ES != EV || std::memcmp(HS.data(), HV.data(), Cap * 4) != 0) {
              if (Bad < 10)
                std::fprintf(stderr, "MISMATCH %s block %d n %d x+%d y+%d (status %d vs %d)\n",
                             Names[Kind], Threads, N, OX, OY, (int)ES, (int)EV);
              ++Bad;
            }
          }
    }
  std::printf("single-index vectorized vs scalar port: %ld cases, %ld mismatches\n", Cases, Bad);
  return Bad ? 1 : 0;
}
