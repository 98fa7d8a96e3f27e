//===- IncludesImplicitRule.cpp - rule "includes-implicit" ----------------===//
//
// CUDA:  float m = FLT_MAX;  if (!isfinite(r)) ...;  x[min(C - 1, i + u)]
//        #if CUDART_VERSION >= 2020   (renamed CU2HIP_CUDART_VERSION by the maps)
// HIP:   #include <cu2hip/implicit.h>   (added; the code is kept as written)
// nvcc includes cuda_runtime.h, and with it <float.h>, <math.h> and CUDA's
// min/max (mixed signedness; umin, llmin, ullmin and the max forms), into
// every .cu file; HIP's runtime header does
// not (runtime/include/cu2hip/implicit.h says what fails without them). A
// CUDA file that uses one of those names gets <cu2hip/implicit.h>.
// Context-free (names only), so a token rule: it runs alike in inactive
// branches and macro bodies.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {
namespace {

/// Names CUDA code gets from nvcc's implicit includes and HIP code does not.
bool isImplicitName(llvm::StringRef N) {
  if (N.startswith("FLT_") || N.startswith("DBL_") || N.startswith("LDBL_"))
    return true;
  return llvm::StringSwitch<bool>(N)
      .Cases("isfinite", "isnan", "isinf", "signbit", "fpclassify", "isnormal", true)
      .Cases("min", "max", true)
      .Cases("umin", "umax", "llmin", "llmax", "ullmin", "ullmax", true)
      .Cases("CUDART_VERSION", "CUDA_VERSION", "__CUDACC_VER_MAJOR__", true)
      .Cases("__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__", "CUBLAS_VERSION", true)
      .Default(false);
}

/// A file nvcc would have compiled with the runtime included: it has CUDA
/// syntax or CUDA API names.
bool isCudaFile(const FileContext &C) {
  for (const Tok &K : C.Toks.tokens()) {
    if (K.is(clang::tok::lesslessless))
      return true;
    if (K.isIdent() && (K.Text == "__global__" || K.Text == "__device__" ||
                        C.Maps.lookupName(K.Text)))
      return true;
  }
  return false;
}

class ImplicitIncludesRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"includes-implicit", IdKind::Edit,
         "<cu2hip/implicit.h> where code uses what nvcc includes implicitly"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    bool Uses = false;
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size() && !Uses; ++I)
      Uses = T[I].isIdent() && isImplicitName(T[I].Text) && !C.isMemberOrForeignQualified(I) &&
             !inIncludeDirective(C, I);
    if (Uses && isCudaFile(C)) {
      C.requestHeader("cu2hip/implicit.h");
      ++C.Stats.EditsPerRule[id()];
    }
  }
};

} // namespace

std::unique_ptr<Rule> createImplicitIncludesRule() {
  return std::make_unique<ImplicitIncludesRule>();
}

} // namespace cu2hip
