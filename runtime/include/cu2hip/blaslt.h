//===- cu2hip/blaslt.h - cuBLASLt's scale-type attribute on hipBLASLt -----===//
//
// cuBLASLt lets code set a matmul descriptor's scale type after creation
// (cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE,
// &t, sizeof t)); hipBLASLt (ROCm 7.2) fixes it at hipblasLtMatmulDescCreate
// and has no such attribute ("use of undeclared identifier"). The rule
// `blaslt-scale-type` routes a file's descriptor create/destroy calls and
// its set-attribute calls through the helpers below: the create records the
// scale type of each descriptor, and setting the scale type succeeds when it
// equals the recorded one (llm.c sets the type it created with) and returns
// HIPBLAS_STATUS_NOT_SUPPORTED otherwise, or for a descriptor created
// elsewhere: never a silently different computation. Other attributes are
// passed to hipBLASLt unchanged.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BLASLT_H
#define CU2HIP_BLASLT_H

#include <hipblaslt/hipblaslt.h>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace cu2hip {

/// Stands for CUBLASLT_MATMUL_DESC_SCALE_TYPE, only meaningful to
/// cu2hip::hipblasLtMatmulDescSetAttribute: hipBLASLt's end-of-list
/// sentinel, which is no attribute (a value past it is outside the enum's
/// range and no constant expression).
constexpr hipblasLtMatmulDescAttributes_t HIPBLASLT_MATMUL_DESC_SCALE_TYPE =
    HIPBLASLT_MATMUL_DESC_MAX;

namespace detail {
struct ScaleTypes {
  std::mutex Lock;
  std::unordered_map<hipblasLtMatmulDesc_t, hipDataType> Of;
};
inline ScaleTypes &scaleTypes() {
  static ScaleTypes S;
  return S;
}
} // namespace detail

/// hipblasLtMatmulDescCreate, remembering the descriptor's scale type.
inline hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t *desc,
                                                 hipblasComputeType_t computeType,
                                                 hipDataType scaleType) {
  hipblasStatus_t St = ::hipblasLtMatmulDescCreate(desc, computeType, scaleType);
  if (St == HIPBLAS_STATUS_SUCCESS) {
    detail::ScaleTypes &S = detail::scaleTypes();
    std::lock_guard<std::mutex> G(S.Lock);
    S.Of[*desc] = scaleType;
  }
  return St;
}

/// hipblasLtMatmulDescDestroy, forgetting the descriptor.
inline hipblasStatus_t hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t desc) {
  {
    detail::ScaleTypes &S = detail::scaleTypes();
    std::lock_guard<std::mutex> G(S.Lock);
    S.Of.erase(desc);
  }
  return ::hipblasLtMatmulDescDestroy(desc);
}

/// hipblasLtMatmulDescSetAttribute that also takes the scale type: success
/// when `buf` holds the hipDataType the descriptor was created with,
/// HIPBLAS_STATUS_INVALID_VALUE for a wrong size, HIPBLAS_STATUS_NOT_SUPPORTED
/// for another type or an unknown descriptor.
inline hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t desc,
                                                       hipblasLtMatmulDescAttributes_t attr,
                                                       const void *buf, size_t sizeInBytes) {
  if (attr != HIPBLASLT_MATMUL_DESC_SCALE_TYPE)
    return ::hipblasLtMatmulDescSetAttribute(desc, attr, buf, sizeInBytes);
  if (!buf || sizeInBytes != sizeof(hipDataType))
    return HIPBLAS_STATUS_INVALID_VALUE;
  hipDataType Want;
  std::memcpy(&Want, buf, sizeof Want);
  detail::ScaleTypes &S = detail::scaleTypes();
  std::lock_guard<std::mutex> G(S.Lock);
  auto It = S.Of.find(desc);
  return It != S.Of.end() && It->second == Want ? HIPBLAS_STATUS_SUCCESS
                                                : HIPBLAS_STATUS_NOT_SUPPORTED;
}

} // namespace cu2hip

#endif // CU2HIP_BLASLT_H
