//===- DeviceStdCRule.cpp - rule "device-std-c" ---------------------------===//
//
// CUDA:  __global__ void k() { if (threadIdx.x == 0) std::printf("%d\n", n); }
// HIP:   __global__ void k() { if (threadIdx.x == 0) ::printf("%d\n", n); }
// CUDA declares its device printf before <cstdio> brings `::printf` into
// std, so `std::printf` in device code finds it. HIP declares it
// (amd_device_functions.h: `extern "C" __device__ int printf(const char*,
// ...)`) after the C++ library headers its runtime header includes, so
// `std::printf` names the host function only: "reference to __host__
// function 'printf' in __global__ function". `::printf` finds both and
// CUDA's overloading by execution space picks the device one. Decided by
// the parse: a reference spelled `std::printf` in a __device__ or
// __global__ function to the C library's printf (declared in the global
// namespace, seen through std). Host code is left as it is. (HIP's device
// malloc and free are visible through std: left alone.)
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/NestedNameSpecifier.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

class DeviceStdCRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"device-std-c", IdKind::Edit,
         "std::printf in device code -> ::printf (HIP's device printf is global only)"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(
        declRefExpr(to(functionDecl(hasName("::printf"))),
                    forFunction(functionDecl(anyOf(hasAttr(attr::CUDADevice),
                                                   hasAttr(attr::CUDAGlobal)))))
            .bind("ref"),
        this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref");
    if (!Ref || !Ref->hasQualifier())
      return;
    const NestedNameSpecifier *Q = Ref->getQualifier();
    const NamespaceDecl *NS = Q->getAsNamespace();
    if (!NS || !NS->isStdNamespace() || Q->getPrefix())
      return;
    NestedNameSpecifierLoc QL = Ref->getQualifierLoc();
    SourceRange Range = QL.getSourceRange();
    const SourceManager &SM = *R.SourceManager;
    if (!Seen.insert(Range.getBegin()).second)
      return;
    // `std::` -> `::` (the qualifier's range ends at the `::` token).
    if (!ctx().replace(id(), CharSourceRange::getTokenRange(Range), "::"))
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(Range.getBegin()),
                   "'std::" + Ref->getDecl()->getNameAsString() +
                       "' in device code is spelled in a macro: kept; HIP's device form is "
                       "declared in the global namespace only",
                   "write ::" + Ref->getDecl()->getNameAsString());
  }

private:
  std::set<SourceLocation> Seen;
};

} // namespace

std::unique_ptr<AstRule> createDeviceStdCRule() { return std::make_unique<DeviceStdCRule>(); }

} // namespace cu2hip
