//===- BlasComputeTypeRule.cpp - rule "blas-compute-type" -----------------===//
//
// CUDA:  cublasGemmEx(h, ta, tb, m, n, k, &al, A, CUDA_R_8I, lda, B, CUDA_R_8I, ldb,
//                     &be, C, CUDA_R_32I, ldc, CUDA_R_32I, CUBLAS_GEMM_DEFAULT);
// HIP:   hipblasGemmEx(..., HIP_R_32I, ldc, cu2hip::blas_compute_type(HIP_R_32I),
//                      HIPBLAS_GEMM_DEFAULT);
//
// cuBLAS's C++ overload of cublasGemmEx / cublasGemmBatchedEx /
// cublasGemmStridedBatchedEx (and the _64 forms) accepts a legacy
// cudaDataType as the compute type; hipBLAS 3 (ROCm 7) takes only
// hipblasComputeType_t ("no matching function"). The compute-type argument
// (index 17, 18 and 21), unless it is a CUBLAS_COMPUTE_* enumerator, is
// wrapped in cu2hip::blas_compute_type (cu2hip/blas.h), whose constexpr
// overloads decide by the argument's type in the compiled port: a
// hipDataType becomes the compute type cuBLAS documents for it (R_16F ->
// 16F, R_32F and C_32F -> 32F, R_64F and C_64F -> 64F, R_32I -> 32I), a
// hipblasComputeType_t passes unchanged. (Wrapping, not replacing the
// enumerator, leaves its rename to rule `names`.)
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

/// Index of the compute-type argument of the GEMM `N` ("cublasGemmEx",
/// ...), or -1.
int computeTypeArg(llvm::StringRef N) {
  N.consume_back("_64");
  return llvm::StringSwitch<int>(N)
      .Case("cublasGemmEx", 17)
      .Case("cublasGemmBatchedEx", 18)
      .Case("cublasGemmStridedBatchedEx", 21)
      .Default(-1);
}

class BlasComputeTypeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"blas-compute-type", IdKind::Edit,
         "legacy cudaDataType compute type of cublasGemm*Ex -> hipblasComputeType_t"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent() || !T[I + 1].is(tok::l_paren) || C.isMemberOrForeignQualified(I) ||
          isMacroNameBeingDefined(C, I))
        continue;
      int Idx = computeTypeArg(T[I].Text);
      if (Idx < 0)
        continue;
      if (const NameRef *R = indexedName(C, I))
        if (!R->System)
          continue; // the user's own function of that name
      std::optional<ArgList> Args = callArgs(C, I);
      if (!Args || (int)Args->Args.size() <= Idx)
        continue;
      const ArgList::Arg &A = Args->Args[Idx];
      if (A.First > A.Last)
        continue;
      if (A.First == A.Last && (T[A.First].Text.startswith("CUBLAS_COMPUTE_") ||
                                T[A.First].Text.startswith("HIPBLAS_COMPUTE_")))
        continue;
      wrapArg(C, id(), A, "cu2hip::blas_compute_type(", ")");
      C.requestHeader("cu2hip/blas.h");
      ++C.Stats.EditsPerRule[id()];
    }
  }
};

} // namespace

std::unique_ptr<Rule> createBlasComputeTypeRule() {
  return std::make_unique<BlasComputeTypeRule>();
}

} // namespace cu2hip
