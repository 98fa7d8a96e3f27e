//===- cu2hip/krec.h - per-kernel launch recorder (cu2hip --instrument) ---===//
//
// Included by code that `cu2hip --instrument` wrote: the HIP port and the
// instrumented copy of the CUDA original alike. Compiles as CUDA (nvcc),
// as HIP (hipcc, and nvcc with __HIP_PLATFORM_NVIDIA__) and on the CPU
// emulator. An instrumented launch
//
//   (k<<<::cu2hip::krec::grid(G), ::cu2hip::krec::block(B), S, St>>>(
//        ::cu2hip::krec::arg(0, a0), ::cu2hip::krec::arg(1, a1)),
//    ::cu2hip::krec::after("k", "src/file.cu", 42))
//
// notes the launch's grid, block and pointer arguments while the arguments
// are evaluated (once, on the host) and, after the launch, when the
// environment variable CU2HIP_KREC names a trace file, synchronises the
// device and records one JSON line per launch:
//
//   {"type":"launch","i":7,"kernel":"k","site":"src/file.cu:42",
//    "grid":[g,1,1],"block":[b,1,1],"bufs":[{"arg":0,"dtype":"f32",
//    "offset":O,"bytes":N,"n":E,"hash":"<fnv1a-64 hex>","sum":S,"asum":A,
//    "nonfinite":0,"idx":[...],"vals":[...]}, ...]}
//
// A buffer is the device memory a pointer argument points into: from the
// pointer to the end of the allocation holding it (the runtime's own table:
// cuMemGetAddressRange on CUDA and HIP-on-NVIDIA, hipMemGetAddressRange on
// AMD and the emulator), cut at the next pointer this run has passed to any
// kernel inside the same allocation (so sub-tensors of one big allocation,
// such as llm.c's parameter block, are separate buffers), and at
// CU2HIP_KREC_BYTES bytes (default 64 MiB). Host pointers and non-pointer
// arguments are not recorded. `offset` is the pointer's offset in its
// allocation; dtype comes from the pointee type (f64, f32, f16, bf16, iN,
// uN; other types as raw bytes "u8"), `n` is the element count. `hash`
// covers every byte of the buffer (FNV-1a over 64-bit words); `sum`/`asum` (floating and integer
// dtypes) are the sums of the values and of their magnitudes in double;
// `idx`/`vals` are CU2HIP_KREC_VALUES values at evenly spaced indices
// (default 64; 0 = checksums only; -1 = every value of the buffer).
// CU2HIP_KREC_LAUNCHES=N records only the first N launches (the program then
// runs unrecorded). Without CU2HIP_KREC nothing is recorded or synchronised.
// The first line is {"type":"meta","format":"cu2hip-krec","version":1,
// "impl":"cuda"|"hip"|"emu",...,"device":NAME,"multiprocessors":N,"warp_size":W}; the last {"type":"end","launches":N}.
// `cu2hip compare A B` reads two such traces.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_KREC_H
#define CU2HIP_KREC_H

#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIPCC__)
#include <hip/hip_runtime.h>
#define CU2HIP_KREC_HIP 1
#else
#include <cuda_runtime.h>
#endif

#if defined(__CUDACC__) || defined(__HIP_PLATFORM_NVIDIA__)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define CU2HIP_KREC_NV_TYPES 1
#else
#include <cu2hip/bf16_config.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
#endif
#include <hip/hip_fp16.h>
#endif

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace cu2hip {
namespace krec {

/// Element type of a recorded buffer: name and size in bytes.
struct DType {
  const char *Name;
  unsigned Size;
  char Kind; ///< 'f' floating, 'b' bf16, 'h' fp16, 'i' signed, 'u' unsigned, 'r' raw
};

template <class T, class = void> struct DTypeOf {
  static DType get() { return {"u8", 1, 'r'}; }
};
template <> struct DTypeOf<float> {
  static DType get() { return {"f32", 4, 'f'}; }
};
template <> struct DTypeOf<double> {
  static DType get() { return {"f64", 8, 'f'}; }
};
template <> struct DTypeOf<__half> {
  static DType get() { return {"f16", 2, 'h'}; }
};
#ifdef CU2HIP_KREC_NV_TYPES
template <> struct DTypeOf<__nv_bfloat16> {
  static DType get() { return {"bf16", 2, 'b'}; }
};
#elif CU2HIP_HIP_BF16
template <> struct DTypeOf<__hip_bfloat16> {
  static DType get() { return {"bf16", 2, 'b'}; }
};
#endif
template <class T>
struct DTypeOf<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
  static DType get() {
    static const char *S[] = {"i8", "i16", "", "i32", "", "", "", "i64"};
    static const char *U[] = {"u8", "u16", "", "u32", "", "", "", "u64"};
    return {std::is_signed<T>::value ? S[sizeof(T) - 1] : U[sizeof(T) - 1], unsigned(sizeof(T)),
            std::is_signed<T>::value ? 'i' : 'u'};
  }
};

/// One pointer argument noted while the launch's arguments were evaluated.
struct PtrArg {
  unsigned Index;
  const void *Ptr;
  DType Type;
};

/// Settings read once from the environment (see the file comment).
struct Config {
  FILE *Out = nullptr;
  long long MaxBytes = 64ll << 20;
  long long Values = 64;
  long long Launches = -1;
  Config() {
    const char *Path = std::getenv("CU2HIP_KREC");
    if (!Path || !*Path)
      return;
    Out = std::fopen(Path, "w");
    if (!Out) {
      std::fprintf(stderr, "cu2hip-krec: cannot write %s\n", Path);
      return;
    }
    if (const char *B = std::getenv("CU2HIP_KREC_BYTES"))
      MaxBytes = std::atoll(B);
    if (const char *V = std::getenv("CU2HIP_KREC_VALUES"))
      Values = std::atoll(V);
    if (const char *L = std::getenv("CU2HIP_KREC_LAUNCHES"))
      Launches = std::atoll(L);
    int Sms = 0, Warp = 0;
    char Name[256] = "";
    deviceShape(Sms, Warp, Name, sizeof Name);
    std::fprintf(Out,
                 "{\"type\":\"meta\",\"format\":\"cu2hip-krec\",\"version\":1,\"impl\":\"%s\","
                 "\"hash\":\"fnv1a64-words\",\"bytes\":%lld,\"values\":%lld,"
                 "\"device\":\"%s\",\"multiprocessors\":%d,\"warp_size\":%d}\n",
                 impl(), MaxBytes, Values, Name, Sms, Warp);
  }
  /// The current device's multiprocessor count, warp size and name (JSON-safe:
  /// quotes, backslashes and control characters dropped); zeros and "" when the
  /// query fails. Programs that size grids from the multiprocessor count launch
  /// differently on devices of another count: `cu2hip compare` says so.
  static void deviceShape(int &Sms, int &Warp, char *Name, size_t Size) {
#ifdef CU2HIP_KREC_HIP
    hipDeviceProp_t P;
    int D = 0;
    if (hipGetDevice(&D) != hipSuccess || hipGetDeviceProperties(&P, D) != hipSuccess)
      return;
#else
    cudaDeviceProp P;
    int D = 0;
    if (cudaGetDevice(&D) != cudaSuccess || cudaGetDeviceProperties(&P, D) != cudaSuccess)
      return;
#endif
    Sms = P.multiProcessorCount;
    Warp = P.warpSize;
    size_t J = 0;
    for (size_t I = 0; P.name[I] && I < sizeof P.name && J + 1 < Size; ++I)
      if (P.name[I] != '"' && P.name[I] != '\\' && (unsigned char)P.name[I] >= 0x20)
        Name[J++] = P.name[I];
    Name[J] = 0;
  }
  ~Config() {
    if (Out)
      std::fclose(Out);
  }
  static const char *impl() {
#if defined(__CU2HIP_EMU__)
    return "emu";
#elif defined(CU2HIP_KREC_HIP)
    return "hip";
#else
    return "cuda";
#endif
  }
};

/// The recorder's state: one per program (function-local static).
struct State {
  Config Cfg;
  std::mutex Mu;
  long long Index = 0; ///< launches seen
  dim3 Grid, Block;
  std::vector<PtrArg> Args;
  std::set<uintptr_t> Seen; ///< every pointer passed to a kernel so far
  bool Ended = false;
  ~State() { end(); }
  void end() {
    if (Cfg.Out && !Ended) {
      std::fprintf(Cfg.Out, "{\"type\":\"end\",\"launches\":%lld}\n", Index);
      std::fflush(Cfg.Out);
      Ended = true;
    }
  }
};

inline State &state() {
  static State S;
  return S;
}

inline bool active() { return state().Cfg.Out != nullptr; }

/// The grid of the launch being made (noted, returned unchanged).
inline dim3 grid(dim3 G) {
  if (active())
    state().Grid = G;
  return G;
}

/// The block of the launch being made (noted, returned unchanged).
inline dim3 block(dim3 B) {
  if (active())
    state().Block = B;
  return B;
}

/// Launch argument number `I` (noted when it is a pointer, returned
/// unchanged). The index is explicit: the emulator's hipLaunchKernelGGL
/// passes the arguments to a function, which may evaluate them in any order.
template <class T> std::decay_t<T> arg(unsigned I, T &&X) {
  if (active()) {
    State &S = state();
    using D = std::decay_t<T>;
    if constexpr (std::is_pointer<D>::value) {
      using P = std::remove_cv_t<std::remove_pointer_t<D>>;
      S.Args.push_back({I, (const void *)X, DTypeOf<P>::get()});
    }
  }
  return std::forward<T>(X);
}

/// Base and size of the device allocation holding `P`; false if none.
inline bool allocationOf(const void *P, uintptr_t &Base, size_t &Size) {
#if defined(CU2HIP_KREC_NV_TYPES)
  using Fn = int (*)(unsigned long long *, size_t *, unsigned long long);
  static Fn F = [] {
    void *Sym = nullptr;
    cudaDriverEntryPointQueryResult Q;
    if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &Sym, 12000, cudaEnableDefault,
                                         &Q) != cudaSuccess)
      return Fn(nullptr);
    return Fn(Sym);
  }();
  unsigned long long B = 0;
  if (!F || F(&B, &Size, (unsigned long long)(uintptr_t)P) != 0)
    return false;
  Base = (uintptr_t)B;
  return true;
#else
  hipDeviceptr_t B = nullptr;
  if (hipMemGetAddressRange(&B, &Size, (hipDeviceptr_t)P) != hipSuccess || !B)
    return false;
  Base = (uintptr_t)B;
  return true;
#endif
}

/// A buffer's bytes as doubles (bf16/fp16 widened from their bits).
inline double valueAt(const unsigned char *Data, size_t I, const DType &T) {
  const unsigned char *P = Data + I * T.Size;
  switch (T.Kind) {
  case 'f':
    if (T.Size == 4) {
      float F;
      std::memcpy(&F, P, 4);
      return F;
    } else {
      double D;
      std::memcpy(&D, P, 8);
      return D;
    }
  case 'b': {
    uint16_t H;
    std::memcpy(&H, P, 2);
    uint32_t W = uint32_t(H) << 16;
    float F;
    std::memcpy(&F, &W, 4);
    return F;
  }
  case 'h': {
    uint16_t H;
    std::memcpy(&H, P, 2);
    int E = (H >> 10) & 31, M = H & 1023;
    double S = (H & 0x8000) ? -1.0 : 1.0;
    if (E == 31)
      return M ? NAN : S * INFINITY;
    return E ? S * std::ldexp(1.0 + M / 1024.0, E - 15) : S * std::ldexp(M / 1024.0, -14);
  }
  case 'i': {
    int64_t V = 0;
    if (T.Size == 1) V = (int8_t)P[0];
    else if (T.Size == 2) { int16_t X; std::memcpy(&X, P, 2); V = X; }
    else if (T.Size == 4) { int32_t X; std::memcpy(&X, P, 4); V = X; }
    else std::memcpy(&V, P, 8);
    return double(V);
  }
  default: {
    uint64_t V = 0;
    std::memcpy(&V, P, T.Size > 8 ? 8 : T.Size);
    return double(V);
  }
  }
}

/// FNV-1a over the buffer's 64-bit little-endian words (then its last bytes
/// one by one): a checksum of every byte, eight bytes a step.
inline uint64_t hashBytes(const unsigned char *P, size_t Bytes) {
  uint64_t Hash = 1469598103934665603ull;
  size_t I = 0;
  for (; I + 8 <= Bytes; I += 8) {
    uint64_t W;
    std::memcpy(&W, P + I, 8);
    Hash = (Hash ^ W) * 1099511628211ull;
  }
  for (; I < Bytes; ++I)
    Hash = (Hash ^ P[I]) * 1099511628211ull;
  return Hash;
}

/// Sum, sum of magnitudes and count of NaN/inf of `N` values of type `T`.
template <class F>
inline void sumsOf(size_t N, F Value, double &Sum, double &ASum, size_t &NonFinite) {
  for (size_t I = 0; I < N; ++I) {
    double V = Value(I);
    if (!std::isfinite(V)) {
      ++NonFinite;
      continue;
    }
    Sum += V;
    ASum += std::fabs(V);
  }
}
inline void sums(const unsigned char *P, size_t N, const DType &T, double &Sum, double &ASum,
                 size_t &NonFinite) {
  if (T.Kind == 'b') { // bf16: the upper half of a float
    sumsOf(N, [P](size_t I) {
      uint16_t H;
      std::memcpy(&H, P + 2 * I, 2);
      uint32_t W = uint32_t(H) << 16;
      float F;
      std::memcpy(&F, &W, 4);
      return double(F);
    }, Sum, ASum, NonFinite);
  } else if (T.Kind == 'f' && T.Size == 4) {
    sumsOf(N, [P](size_t I) {
      float F;
      std::memcpy(&F, P + 4 * I, 4);
      return double(F);
    }, Sum, ASum, NonFinite);
  } else {
    sumsOf(N, [P, &T](size_t I) { return valueAt(P, I, T); }, Sum, ASum, NonFinite);
  }
}

/// Writes a double as JSON/// Writes a double as JSON (17 significant digits; NaN/inf as strings).
inline void putDouble(FILE *F, double V) {
  if (std::isnan(V))
    std::fputs("\"nan\"", F);
  else if (std::isinf(V))
    std::fputs(V > 0 ? "\"inf\"" : "\"-inf\"", F);
  else
    std::fprintf(F, "%.17g", V);
}

/// Records one buffer (see the file comment); false when `A` is no device
/// pointer.
inline bool recordBuffer(State &S, const PtrArg &A, bool First) {
  uintptr_t Base = 0;
  size_t Size = 0;
  if (!A.Ptr || !allocationOf(A.Ptr, Base, Size))
    return false;
  uintptr_t P = (uintptr_t)A.Ptr, End = Base + Size;
  auto Next = S.Seen.upper_bound(P);
  if (Next != S.Seen.end() && *Next < End)
    End = *Next;
  size_t Bytes = End - P;
  if (S.Cfg.MaxBytes >= 0 && Bytes > (size_t)S.Cfg.MaxBytes)
    Bytes = (size_t)S.Cfg.MaxBytes;
  size_t N = Bytes / A.Type.Size;
  Bytes = N * A.Type.Size;
  std::vector<unsigned char> H(Bytes);
#ifdef CU2HIP_KREC_HIP
  if (Bytes && hipMemcpy(H.data(), A.Ptr, Bytes, hipMemcpyDeviceToHost) != hipSuccess)
    return false;
#else
  if (Bytes && cudaMemcpy(H.data(), A.Ptr, Bytes, cudaMemcpyDeviceToHost) != cudaSuccess)
    return false;
#endif
  uint64_t Hash = hashBytes(H.data(), Bytes);
  double Sum = 0, ASum = 0;
  size_t NonFinite = 0;
  if (A.Type.Kind != 'r')
    sums(H.data(), N, A.Type, Sum, ASum, NonFinite);
  FILE *F = S.Cfg.Out;
  std::fprintf(F,
               "%s{\"arg\":%u,\"dtype\":\"%s\",\"offset\":%llu,\"bytes\":%zu,\"n\":%zu,"
               "\"hash\":\"%016" PRIx64 "\",\"sum\":",
               First ? "" : ",", A.Index, A.Type.Name, (unsigned long long)(P - Base), Bytes, N,
               Hash);
  putDouble(F, Sum);
  std::fputs(",\"asum\":", F);
  putDouble(F, ASum);
  std::fprintf(F, ",\"nonfinite\":%zu,\"idx\":[", NonFinite);
  size_t K = S.Cfg.Values < 0 ? N : std::min<size_t>(N, (size_t)S.Cfg.Values);
  if (A.Type.Kind == 'r')
    K = 0;
  std::string Vals;
  for (size_t J = 0; J < K; ++J) {
    size_t I = K == N ? J : (size_t)((unsigned long long)J * N / K);
    std::fprintf(F, "%s%zu", J ? "," : "", I);
  }
  std::fputs("],\"vals\":[", F);
  for (size_t J = 0; J < K; ++J) {
    size_t I = K == N ? J : (size_t)((unsigned long long)J * N / K);
    if (J)
      std::fputc(',', F);
    putDouble(F, valueAt(H.data(), I, A.Type));
  }
  std::fputs("]}", F);
  return true;
}

/// After a launch: synchronise and record it (see the file comment).
inline void after(const char *Kernel, const char *File, unsigned Line) {
  if (!active())
    return;
  State &S = state();
  std::lock_guard<std::mutex> Lock(S.Mu);
  long long I = S.Index++;
  if (S.Cfg.Launches >= 0 && I >= S.Cfg.Launches) {
    S.Args.clear();
    S.end();
    return;
  }
#ifdef CU2HIP_KREC_HIP
  hipError_t E = hipDeviceSynchronize();
  const char *Err = E == hipSuccess ? "" : hipGetErrorName(E);
#else
  cudaError_t E = cudaDeviceSynchronize();
  const char *Err = E == cudaSuccess ? "" : cudaGetErrorName(E);
#endif
  std::sort(S.Args.begin(), S.Args.end(),
            [](const PtrArg &X, const PtrArg &Y) { return X.Index < Y.Index; });
  for (const PtrArg &A : S.Args)
    if (A.Ptr)
      S.Seen.insert((uintptr_t)A.Ptr);
  FILE *F = S.Cfg.Out;
  std::fprintf(F,
               "{\"type\":\"launch\",\"i\":%lld,\"kernel\":\"%s\",\"site\":\"%s:%u\","
               "\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"error\":\"%s\",\"bufs\":[",
               I, Kernel, File, Line, S.Grid.x, S.Grid.y, S.Grid.z, S.Block.x, S.Block.y,
               S.Block.z, Err);
  bool First = true;
  for (const PtrArg &A : S.Args)
    if (recordBuffer(S, A, First))
      First = false;
  std::fputs("]}\n", F);
  std::fflush(F);
  S.Args.clear();
}

} // namespace krec
} // namespace cu2hip

#endif
