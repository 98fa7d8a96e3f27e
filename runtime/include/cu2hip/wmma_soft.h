//===- cu2hip/wmma_soft.h - a portable software WMMA with rocWMMA's API ---===//
//
// Used by cu2hip/wmma.h where rocWMMA is not complete (its internal/ headers
// missing, as in Debian's librocwmma-dev 7.2.4-1~exp1), in the CPU emulator,
// or where the user defines CU2HIP_WMMA_SOFTWARE. It declares, in namespace
// `rocwmma`, exactly the subset of rocWMMA's API that cu2hip's port of
// nvcuda::wmma code emits (rule wmma), so a port compiles unchanged against
// either:
//   tags      matrix_a, matrix_b, accumulator, row_major, col_major
//   layout_t  mem_row_major, mem_col_major
//   types     bfloat16_t (HIP's __hip_bfloat16), xfloat32_t (tf32 inputs)
//   fragment<Use, M, N, K, T, Layout = void>: x[num_elements], element_type
//   fill_fragment, load_matrix_sync (with and without layout_t),
//   store_matrix_sync, mma_sync
// Semantics are CUDA's "Warp Matrix Functions" (CUDA C++ Programming Guide):
// a fragment is held collectively by a warp of 32 lanes, which here is the
// logical 32-lane warp of cu2hip/wave.h (lanes [0,32) and [32,64) of a wave64
// are two warps; a wave32 is one), so every call must be made by all 32 lanes
// of the warp, converged, as in CUDA. Results do not depend on the wavefront
// size.
//
// CORRECT, NOT FAST: no matrix instruction is used. Each lane holds
// num_elements = rows * cols / 32 elements of its tile: element e of lane l
// is the tile's element number e * 32 + l in row-major order of the logical
// matrix (M x K for matrix_a, K x N for matrix_b, M x N for accumulator),
// whatever the layout the tile was loaded with. This distribution is not
// NVIDIA's (code that indexes x[i] by lane is not portable: rule wave-wmma).
// Loads and stores read and write memory directly, lane by lane. mma_sync
// gathers each A row and B column with width-32 shuffles and computes
//   d[i][j] = c[i][j]; for k = 0 .. K-1: d[i][j] = fma(a[i][k], b[k][j], d[i][j])
// in k order, in float for half, bf16 and tf32 inputs (half accumulators are
// read into float and rounded to half once, to nearest even, at the end),
// in 32-bit integers wrapping modulo 2^32 for signed/unsigned char inputs,
// in double for double. tf32 inputs (xfloat32_t) are multiplied with their
// low 13 mantissa bits cleared. For the speed of AMD's matrix instructions
// (MFMA on gfx9, WMMA on gfx11) install a complete rocWMMA.
//
// Shapes (CUDA's): m16n16k16, m32n8k16, m8n32k16 (half, bf16, signed and
// unsigned char inputs), m16n16k8 (tf32), m8n8k4 (double). Not here: CUDA's
// sub-byte and 1-bit fragments (wmma::experimental) and mma_sync's satf.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_WMMA_SOFT_H
#define CU2HIP_WMMA_SOFT_H

#include <cu2hip/bf16_config.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
#endif

#include <cu2hip/wave.h>

#include <type_traits>

// Device code only (see cu2hip/wave.h): a host C++ unit sees nothing here.
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)

namespace rocwmma {

/// Fragment uses (CUDA's wmma::matrix_a, matrix_b, accumulator).
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
/// Layouts of a matrix_a / matrix_b fragment's memory (row_major, col_major).
struct row_major {};
struct col_major {};
/// Memory layout of an accumulator's load or store.
enum layout_t { mem_row_major, mem_col_major };

/// bf16 elements: HIP's __hip_bfloat16 (the port casts bf16 pointers to it).
using bfloat16_t = __hip_bfloat16;

/// tf32 elements (CUDA's wmma::precision::tf32): a float; mma_sync uses
/// its sign, exponent and upper 10 mantissa bits.
struct xfloat32_t {
  float value;
  xfloat32_t() = default;
  __host__ __device__ constexpr xfloat32_t(float F) : value(F) {}
  __host__ __device__ constexpr operator float() const { return value; }
};

namespace soft_detail {

/// Rows and columns of a fragment's tile: M x K (matrix_a), K x N
/// (matrix_b), M x N (accumulator).
template <class Use, int M, int N, int K> struct tile;
template <int M, int N, int K> struct tile<matrix_a, M, N, K> {
  static constexpr int rows = M, cols = K;
};
template <int M, int N, int K> struct tile<matrix_b, M, N, K> {
  static constexpr int rows = K, cols = N;
};
template <int M, int N, int K> struct tile<accumulator, M, N, K> {
  static constexpr int rows = M, cols = N;
};

/// CUDA's WMMA shapes that this implementation has.
template <int M, int N, int K>
constexpr bool known_shape = (M == 16 && N == 16 && K == 16) || (M == 32 && N == 8 && K == 16) ||
                             (M == 8 && N == 32 && K == 16) || (M == 16 && N == 16 && K == 8) ||
                             (M == 8 && N == 8 && K == 4);

template <class T> struct same_type { using type = T; };
/// T in a non-deduced context (the fragment alone decides T).
template <class T> using nondeduced_t = typename same_type<T>::type;

/// The value an element is computed with: float, int or double.
__device__ inline float widen(__half V) { return __half2float(V); }
__device__ inline float widen(__hip_bfloat16 V) { return __bfloat162float(V); }
__device__ inline float widen(float V) { return V; }
__device__ inline float widen(xfloat32_t V) {
  return __builtin_bit_cast(float, __builtin_bit_cast(unsigned, V.value) & 0xffffe000u);
}
__device__ inline int widen(signed char V) { return V; }
__device__ inline int widen(unsigned char V) { return V; }
__device__ inline int widen(int V) { return V; }
__device__ inline double widen(double V) { return V; }

/// An accumulator's result (float, int or double) as its element type T.
template <class T, class S> __device__ inline T narrow(S V) { return static_cast<T>(V); }
template <> __device__ inline __half narrow<__half, float>(float V) { return __float2half(V); }

/// One step of the dot product: fused multiply-add for floating types (one
/// rounding), 32-bit wrap-around for integers (CUDA's satf = false).
__device__ inline float mac(float A, float B, float C) { return __builtin_fmaf(A, B, C); }
__device__ inline double mac(double A, double B, double C) { return __builtin_fma(A, B, C); }
__device__ inline int mac(int A, int B, int C) {
  return static_cast<int>(static_cast<unsigned>(C) +
                          static_cast<unsigned>(A) * static_cast<unsigned>(B));
}

/// Offset in memory of the tile's element (R, C) for leading dimension Ldm.
__device__ inline unsigned offset(int R, int C, unsigned Ldm, layout_t L) {
  return L == mem_row_major ? R * Ldm + C : C * Ldm + R;
}

/// The memory layout a fragment's layout type stands for.
template <class Layout> constexpr layout_t layout_of() {
  static_assert(std::is_same<Layout, row_major>::value || std::is_same<Layout, col_major>::value,
                "a fragment without a layout type takes load_matrix_sync's and "
                "store_matrix_sync's layout_t argument");
  return std::is_same<Layout, row_major>::value ? mem_row_major : mem_col_major;
}

/// An element read from memory (tf32 tiles: the float the memory holds).
template <class T> __device__ inline T read(const T *P) { return *P; }
__device__ inline xfloat32_t read(const xfloat32_t *P) {
  return xfloat32_t(*reinterpret_cast<const float *>(P));
}


/// The calling lane's elements of a Tile::rows x Tile::cols tile read from
/// (load) or written to (store) memory at `P` with leading dimension `Ldm`.
template <class Tile, class T, int NE>
__device__ inline void load(T (&X)[NE], const T *P, unsigned Ldm, layout_t L) {
  const int Lane = static_cast<int>(cu2hip::lane_id32());
  for (int E = 0; E < NE; ++E) {
    const int Flat = E * 32 + Lane;
    X[E] = read(P + offset(Flat / Tile::cols, Flat % Tile::cols, Ldm, L));
  }
}
template <class Tile, class T, int NE>
__device__ inline void store(T *P, const T (&X)[NE], unsigned Ldm, layout_t L) {
  const int Lane = static_cast<int>(cu2hip::lane_id32());
  for (int E = 0; E < NE; ++E) {
    const int Flat = E * 32 + Lane;
    P[offset(Flat / Tile::cols, Flat % Tile::cols, Ldm, L)] = X[E];
  }
}

} // namespace soft_detail

/// A tile held by the 32 lanes of a logical warp: lane l's x[e] is the
/// tile's element e * 32 + l in row-major order (see the file's head).
template <class Use, int M, int N, int K, class T, class Layout = void> class fragment {
  using Tile = soft_detail::tile<Use, M, N, K>;
  static_assert(soft_detail::known_shape<M, N, K>,
                "cu2hip's software WMMA has CUDA's shapes m16n16k16, m32n8k16, m8n32k16, "
                "m16n16k8 (tf32) and m8n8k4 (double)");

public:
  using element_type = T;
  static constexpr int num_elements = Tile::rows * Tile::cols / 32;
  T x[num_elements];
};

/// Every element of `F` set to `V` (CUDA's fill_fragment).
template <class Use, int M, int N, int K, class T, class Layout>
__device__ inline void fill_fragment(fragment<Use, M, N, K, T, Layout> &F,
                                     const soft_detail::nondeduced_t<T> &V) {
  for (int E = 0; E < F.num_elements; ++E)
    F.x[E] = V;
}

/// Loads a tile from `P` (leading dimension `Ldm`, in elements) laid out as
/// `L` (accumulators: CUDA's form; any fragment without a layout type).
/// Every lane of the warp calls it with the same arguments.
template <class Use, int M, int N, int K, class T>
__device__ inline void load_matrix_sync(fragment<Use, M, N, K, T, void> &F,
                                        const soft_detail::nondeduced_t<T> *P, unsigned Ldm,
                                        layout_t L) {
  soft_detail::load<soft_detail::tile<Use, M, N, K>>(F.x, P, Ldm, L);
}

/// Loads a matrix_a / matrix_b tile laid out as the fragment's layout type.
template <class Use, int M, int N, int K, class T, class Layout>
__device__ inline void load_matrix_sync(fragment<Use, M, N, K, T, Layout> &F,
                                        const soft_detail::nondeduced_t<T> *P, unsigned Ldm) {
  soft_detail::load<soft_detail::tile<Use, M, N, K>>(F.x, P, Ldm,
                                                     soft_detail::layout_of<Layout>());
}

/// Stores a tile to `P` (leading dimension `Ldm`, in elements) laid out as
/// `L` (accumulators: CUDA's form). Every lane of the warp calls it with the
/// same arguments.
template <class Use, int M, int N, int K, class T>
__device__ inline void store_matrix_sync(soft_detail::nondeduced_t<T> *P,
                                         const fragment<Use, M, N, K, T, void> &F, unsigned Ldm,
                                         layout_t L) {
  soft_detail::store<soft_detail::tile<Use, M, N, K>>(P, F.x, Ldm, L);
}

/// Stores a tile laid out as the fragment's layout type.
template <class Use, int M, int N, int K, class T, class Layout>
__device__ inline void store_matrix_sync(soft_detail::nondeduced_t<T> *P,
                                         const fragment<Use, M, N, K, T, Layout> &F,
                                         unsigned Ldm) {
  soft_detail::store<soft_detail::tile<Use, M, N, K>>(P, F.x, Ldm,
                                                      soft_detail::layout_of<Layout>());
}

/// D = A * B + C over the warp (CUDA's mma_sync without satf): the dot
/// products in k order with one rounding per step (see the file's head).
/// D may be C. Lane l's accumulator elements all lie in column l % N, so
/// the lane gathers that column of B once (K shuffles) and, per element,
/// its row of A (K shuffles per source element the row may lie in).
template <int M, int N, int K, class Ta, class La, class Tb, class Lb, class Tc, class Lc,
          class Td, class Ld>
__device__ inline void mma_sync(fragment<accumulator, M, N, K, Td, Ld> &D,
                                const fragment<matrix_a, M, N, K, Ta, La> &A,
                                const fragment<matrix_b, M, N, K, Tb, Lb> &B,
                                const fragment<accumulator, M, N, K, Tc, Lc> &C) {
  using S = decltype(soft_detail::widen(C.x[0]));
  using W = decltype(soft_detail::widen(A.x[0]));
  const int Lane = static_cast<int>(cu2hip::lane_id32());
  W Bcol[K];
  for (int k = 0; k < K; ++k)
    Bcol[k] = cu2hip::detail::shfl32(soft_detail::widen(B.x[k * N / 32]), k * N % 32 + Lane % N);
  constexpr int NE = M * N / 32;
  S Out[NE];
  for (int E = 0; E < NE; ++E) {
    const int Row = (E * 32 + Lane) / N;
    // The rows of element E over the warp, and the A elements holding them.
    const int First = (E * 32) / N * K / 32, Last = (E * 32 + 31) / N * K / 32;
    S Sum = soft_detail::widen(C.x[E]);
    for (int k = 0; k < K; ++k) {
      const int Flat = Row * K + k;
      W Av = W();
      for (int Q = First; Q <= Last; ++Q) {
        W V = cu2hip::detail::shfl32(soft_detail::widen(A.x[Q]), Flat % 32);
        if (Q == Flat / 32)
          Av = V;
      }
      Sum = soft_detail::mac(static_cast<S>(Av), static_cast<S>(Bcol[k]), Sum);
    }
    Out[E] = Sum;
  }
  for (int E = 0; E < NE; ++E)
    D.x[E] = soft_detail::narrow<Td>(Out[E]);
}

} // namespace rocwmma

#endif // device code

#endif // CU2HIP_WMMA_SOFT_H
