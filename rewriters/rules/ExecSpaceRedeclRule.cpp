//===- ExecSpaceRedeclRule.cpp - rule "exec-space-redecl" -----------------===//
//
// CUDA:  __host__ __device__ float4 getTriNormal(float4, float4, float4);   // header
//        float4 getTriNormal(float4 a, float4 b, float4 c) { ... }          // .cu
// HIP:   __host__ __device__ float4 getTriNormal(float4 a, float4 b, float4 c) { ... }
// nvcc takes a definition written without execution-space specifiers as the
// definition of the `__host__ __device__` function declared before it.
// Clang (hipcc) reads the unadorned definition as a __host__ function and
// rejects it ("__host__ function 'getTriNormal' cannot overload __host__
// __device__ function"), so device callers lose the body. The definition
// gets the earlier declaration's `__host__ __device__`. Decided by the
// parse: a function definition with no CUDA attribute written, and a
// declaration of the same name and type in the same context that is
// `__host__ __device__` (written attributes). Definitions spelled in macros
// and templates are left with a note.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// Does `F` carry a CUDA execution-space attribute written in the source
/// (not one clang implied)?
bool writtenSpace(const FunctionDecl &F) {
  for (const Attr *A : F.attrs())
    if ((isa<CUDAHostAttr>(A) || isa<CUDADeviceAttr>(A) || isa<CUDAGlobalAttr>(A)) &&
        !A->isImplicit())
      return true;
  return false;
}

bool writtenHostDevice(const FunctionDecl &F) {
  const auto *H = F.getAttr<CUDAHostAttr>();
  const auto *D = F.getAttr<CUDADeviceAttr>();
  return H && D && !H->isImplicit() && !D->isImplicit();
}

class ExecSpaceRedeclRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"exec-space-redecl", IdKind::Edit,
         "definition without execution space of a function declared __host__ __device__: "
         "given the declaration's __host__ __device__"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(functionDecl(isDefinition(), unless(cxxMethodDecl())).bind("f"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    const SourceManager &SM = *R.SourceManager;
    if (!F || writtenSpace(*F) || F->isTemplateInstantiation() ||
        F->getDescribedFunctionTemplate() || F->getIdentifier() == nullptr ||
        SM.isInSystemHeader(F->getLocation()))
      return;
    const FunctionDecl *Decl = hostDeviceDeclaration(*F, *R.Context);
    if (!Decl)
      return;
    SourceLocation At = F->getBeginLoc();
    if (!Done.insert(SM.getExpansionLoc(At)).second)
      return;
    if (!At.isFileID() || !ctx().insert(id(), At, "__host__ __device__ ")) {
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(At),
                   "definition of '" + F->getNameAsString() +
                       "' has no execution space but is declared __host__ __device__; "
                       "spelled in a macro: kept (clang reads it as a separate __host__ "
                       "function)",
                   "write __host__ __device__ on the definition");
      return;
    }
    ctx().report(id(), Severity::Note, At,
                 "definition of '" + F->getNameAsString() +
                     "' given __host__ __device__ from its declaration: nvcc takes the "
                     "declared execution space, clang reads an unadorned definition as a "
                     "separate __host__ function");
  }

private:
  std::set<SourceLocation> Done;

  /// A `__host__ __device__` declaration of `F`'s name and type in `F`'s
  /// context (a redeclaration, or the overload clang refused to merge).
  static const FunctionDecl *hostDeviceDeclaration(const FunctionDecl &F, ASTContext &Ctx) {
    for (const FunctionDecl *P = F.getPreviousDecl(); P; P = P->getPreviousDecl())
      if (writtenHostDevice(*P))
        return P;
    const DeclContext *DC = F.getDeclContext()->getRedeclContext();
    for (const NamedDecl *N : DC->lookup(F.getDeclName())) {
      const auto *G = dyn_cast<FunctionDecl>(N);
      if (G && G != &F && writtenHostDevice(*G) &&
          Ctx.hasSameType(G->getType(), F.getType()))
        return G;
    }
    return nullptr;
  }
};

} // namespace

std::unique_ptr<AstRule> createExecSpaceRedeclRule() {
  return std::make_unique<ExecSpaceRedeclRule>();
}

} // namespace cu2hip
