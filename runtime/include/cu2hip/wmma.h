//===- cu2hip/wmma.h - CUDA WMMA element types as rocWMMA's ---------------===//
//
// Ports of nvcuda::wmma code (rule wmma) include this header where a
// fragment's element type differs between CUDA and rocWMMA:
//   CUDA __nv_bfloat16 -> HIP __hip_bfloat16, but rocWMMA's bf16 fragments
//   take rocwmma::bfloat16_t (hip_bfloat16, the older HIP type; same 16 bits).
// cu2hip::wmma_elem_t<T> is the rocWMMA element type for the HIP type T
// (T itself for every type rocWMMA takes as it is: __half, float, int,
// signed char, ...). Load and store pointers of such fragments are cast to
// the rocWMMA element type by the port (reinterpret_cast: both types hold a
// bf16 value in one 16-bit word).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_WMMA_H
#define CU2HIP_WMMA_H

#include <hip/hip_bf16.h>
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

namespace cu2hip {

/// The rocWMMA fragment element type for the HIP element type T.
template <class T> struct wmma_elem { using type = T; };
template <> struct wmma_elem<__hip_bfloat16> { using type = rocwmma::bfloat16_t; };

/// Shorthand: wmma_elem_t<__hip_bfloat16> is rocwmma::bfloat16_t.
template <class T> using wmma_elem_t = typename wmma_elem<T>::type;

static_assert(sizeof(rocwmma::bfloat16_t) == sizeof(__hip_bfloat16),
              "rocWMMA's bf16 and HIP's bf16 must both be one 16-bit word");

} // namespace cu2hip

#endif // CU2HIP_WMMA_H
