//===- BitIntrinsicArgRule.cpp - rule "bit-intrinsic-arg" -----------------===//
//
// CUDA:  uint64_t m = ...;  int lane = __ffsll(m) - 1;  int n = __popc(w64);
// HIP:   int lane = __ffsll((long long)(m)) - 1;   int n = __popc((unsigned int)(w64));
// (an int, unsigned, long long or unsigned long long argument of the
// parameter's width is left as it is: HIP has an exact overload for it)
// CUDA declares one form of each bit intrinsic (crt/device_functions.h:
// __ffsll(long long), __ffs(int), __popcll(unsigned long long), ...), so an
// argument of another integer type converts. HIP declares several
// (amd_device_functions.h: __ffsll(long long) and __ffsll(unsigned long
// long), __ffs(int) and __ffs(unsigned int)), so a uint64_t (unsigned long on
// LP64), a long or an unsigned argument is an ambiguous call ("call to
// '__ffsll' is ambiguous"). Where the parse says an argument's type differs
// from the parameter type of CUDA's declaration, the argument is cast to
// that type: the conversion CUDA's call made, now explicit. AST rule: types
// come from the parse; arguments spelled in macros are left as they are.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// True when HIP resolves the call without a cast: HIP declares each bit
/// intrinsic for int and unsigned int (or long long and unsigned long long),
/// so an argument of one of those four types and of the parameter's width
/// finds an exact overload, or the only one (amd_device_functions.h).
bool hasExactHipOverload(const ASTContext &Ctx, QualType Arg, QualType Param) {
  const auto *B = Arg->getAs<BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
    return Ctx.getTypeSize(Arg) == Ctx.getTypeSize(Param);
  default:
    return false;
  }
}

class BitIntrinsicArgRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"bit-intrinsic-arg", IdKind::Edit,
         "bit intrinsic argument of another integer type: cast to CUDA's parameter type"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    // The intrinsics HIP overloads where CUDA has one form, and their
    // siblings (one cast rule for the family).
    F.addMatcher(callExpr(callee(functionDecl(hasAnyName("::__ffs", "::__ffsll", "::__popc",
                                                         "::__popcll", "::__clz", "::__clzll",
                                                         "::__brev", "::__brevll"))
                                     .bind("f")))
                     .bind("call"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    const SourceManager &SM = *R.SourceManager;
    // Only the SDK's intrinsic; a tree's own function of that name is
    // names-hip-collision's.
    if (!Call || !F || !SM.isInSystemHeader(F->getCanonicalDecl()->getLocation()))
      return;
    PrintingPolicy PP(R.Context->getLangOpts());
    PP.SuppressTagKeyword = true;
    for (unsigned I = 0; I < Call->getNumArgs() && I < F->getNumParams(); ++I) {
      const Expr *A = Call->getArg(I);
      if (A->isValueDependent() || A->isTypeDependent())
        continue;
      QualType Param = F->getParamDecl(I)->getType().getCanonicalType().getUnqualifiedType();
      QualType Arg = A->IgnoreImpCasts()->getType().getCanonicalType().getUnqualifiedType();
      if (Param == Arg || !Arg->isIntegralOrEnumerationType() ||
          hasExactHipOverload(*R.Context, Arg, Param))
        continue;
      std::string T = Param.getAsString(PP);
      // Both insertions or neither: only an argument spelled outside
      // macros (a macro could expand it more than once, or not at all).
      if (!A->getBeginLoc().isFileID() || !A->getEndLoc().isFileID())
        continue;
      if (ctx().insert(id(), A->getBeginLoc(), "(" + T + ")("))
        ctx().insert(id(), A->getEndLoc(), ")", /*After=*/true);
    }
  }
};

} // namespace

std::unique_ptr<AstRule> createBitIntrinsicArgRule() {
  return std::make_unique<BitIntrinsicArgRule>();
}

} // namespace cu2hip
