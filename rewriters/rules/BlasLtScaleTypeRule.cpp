//===- BlasLtScaleTypeRule.cpp - rule "blaslt-scale-type" -----------------===//
//
// CUDA:  cublasLtMatmulDescCreate(&d, CUBLAS_COMPUTE_32F, CUDA_R_32F);
//        cublasLtMatmulDescSetAttribute(d, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &t, sizeof(t));
// HIP:   cu2hip::hipblasLtMatmulDescCreate(&d, HIPBLAS_COMPUTE_32F, HIP_R_32F);
//        cu2hip::hipblasLtMatmulDescSetAttribute(d, cu2hip::HIPBLASLT_MATMUL_DESC_SCALE_TYPE,
//                                                &t, sizeof(t));
//        + #include <cu2hip/blaslt.h>
// hipBLASLt fixes a descriptor's scale type at creation and has no scale-type
// attribute; runtime/include/cu2hip/blaslt.h records it at creation and
// accepts setting the same type (an error status for another). In a file
// that names CUBLASLT_MATMUL_DESC_SCALE_TYPE, every descriptor create and
// destroy and every set-attribute call is qualified with `cu2hip::` (the
// names rule renames the function itself; this rule inserts before it, so
// the two edits do not overlap); the attribute is renamed through the maps
// (overrides/shims.yaml). Descriptors created in another file are unknown
// to the helper, which then reports HIPBLAS_STATUS_NOT_SUPPORTED.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class BlasLtScaleTypeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"blaslt-scale-type", IdKind::Edit,
         "cuBLASLt scale-type attribute: descriptor calls through cu2hip/blaslt.h"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool Uses = false;
    for (size_t I = 0; I < T.size() && !Uses; ++I)
      Uses = T[I].isIdent("CUBLASLT_MATMUL_DESC_SCALE_TYPE") && !inIncludeDirective(C, I);
    if (!Uses)
      return;
    C.requestHeader("cu2hip/blaslt.h");
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent() || !T[I + 1].is(tok::l_paren) || C.isMemberOrForeignQualified(I) ||
          (I > 0 && T[I - 1].is(tok::coloncolon)) || isMacroNameBeingDefined(C, I))
        continue;
      llvm::StringRef N = T[I].Text;
      if (N != "cublasLtMatmulDescCreate" && N != "cublasLtMatmulDescDestroy" &&
          N != "cublasLtMatmulDescSetAttribute")
        continue;
      if (const NameRef *R = indexedName(C, I))
        if (!R->System)
          continue; // the user's own function of that name
      C.insert(id(), I, "cu2hip::");
      ++C.Stats.EditsPerRule[id()];
    }
  }
};

} // namespace

std::unique_ptr<Rule> createBlasLtScaleTypeRule() {
  return std::make_unique<BlasLtScaleTypeRule>();
}

} // namespace cu2hip
