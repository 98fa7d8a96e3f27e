//===- NamesOverloadCollisionRule.cpp - rule "names-overload-collision" ---===//
//
// CUDA:  static const char *errName(cudaError_t e) { return cudaGetErrorName(e); }
//        static const char *errName(CUresult e) { ... cuGetErrorName(e, &s) ... }
// HIP:   static const char *errName(hipError_t e) { return hipGetErrorName(e); }
//        #define CU2HIP_DEFINED_errName_1f0c29a3
//        #ifndef CU2HIP_DEFINED_errName_1f0c29a3
//        static const char *errName(hipError_t e) { ... hipDrvGetErrorName(e, &s) ... }
//        #endif
// Two CUDA types that map to one HIP type (cudaError_t and CUresult are both
// hipError_t) turn two overloads into two definitions of one function
// ("redefinition of 'errName'"). Decided by declaration identity from the
// parse: two definitions of distinct functions (not redeclarations of one)
// of the same name, context and execution space whose parameter types,
// each SDK type named through the maps, become the same. The later
// definition is compiled only where the earlier one is not (a macro the
// earlier one defines guards it), so every configuration keeps exactly one
// and calls resolve to it; a warning names both. Templates, and
// definitions whose start or end is spelled in a macro, are left with a note.
// Default arguments do not hide a collision: each number of arguments a
// definition can be called with (from its required parameters to all of
// them) is compared, so `errName(cudaError_t e, bool full = false)` and
// `errName(CUresult e)` collide on calls with one argument. Where the
// earlier definition takes every call the later one does, the later one is
// guarded as above; otherwise (the later one takes more arguments) a
// warning names both. A pair whose CUDA parameter types are already the
// same over the shared arguments is CUDA's own overload set: left.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"
#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// The HIP name the maps give a type the SDK declares (`D`, a typedef or
/// tag declared in a system header), or "".
std::string mappedTypeName(const NamedDecl *D, const MapTable &Maps, const SourceManager &SM) {
  if (!D || !D->getIdentifier() || !SM.isInSystemHeader(D->getLocation()))
    return "";
  const MapEntry *E = Maps.lookupName(D->getName());
  if (!E || E->Hip.empty() || E->status() == MapStatus::Unsupported || E->Kind != "type")
    return "";
  return E->Hip;
}

/// The spelling `T` has after the port: each SDK type on the way down
/// (pointers, references, typedef chains, elaborated names) that the maps
/// rename is replaced by its HIP name; anything else is its canonical
/// spelling. Two CUDA types with one HIP name spell alike ("hipError_t").
std::string portedType(QualType T, const MapTable &Maps, const SourceManager &SM) {
  std::string Q = T.getLocalQualifiers().getAsString();
  if (!Q.empty())
    Q += " ";
  const Type *Ty = T.getTypePtr();
  if (const auto *E = dyn_cast<ElaboratedType>(Ty))
    return Q + portedType(E->getNamedType(), Maps, SM);
  if (const auto *P = dyn_cast<PointerType>(Ty))
    return Q + portedType(P->getPointeeType(), Maps, SM) + " *";
  if (const auto *R = dyn_cast<ReferenceType>(Ty))
    return Q + portedType(R->getPointeeTypeAsWritten(), Maps, SM) +
           (isa<RValueReferenceType>(R) ? " &&" : " &");
  const NamedDecl *D = nullptr;
  if (const auto *TD = dyn_cast<TypedefType>(Ty))
    D = TD->getDecl();
  else if (const auto *Tag = dyn_cast<TagType>(Ty))
    D = Tag->getDecl();
  std::string Hip = mappedTypeName(D, Maps, SM);
  if (!Hip.empty())
    return Q + Hip;
  if (const auto *TD = dyn_cast<TypedefType>(Ty))
    return Q + portedType(TD->desugar(), Maps, SM);
  return Q + QualType(Ty, 0).getCanonicalType().getAsString();
}

/// "h", "d", "hd", "g" or "" (none written or implied): the execution space
/// clang overloads on.
std::string space(const FunctionDecl &F) {
  if (F.hasAttr<CUDAGlobalAttr>())
    return "g";
  return std::string(F.hasAttr<CUDAHostAttr>() ? "h" : "") +
         (F.hasAttr<CUDADeviceAttr>() ? "d" : "");
}

class OverloadCollisionRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"names-overload-collision", IdKind::Edit,
         "overloads whose CUDA parameter types map to one HIP type: the later definition "
         "compiled only where the earlier is not"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(functionDecl(isDefinition()).bind("f"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    const SourceManager &SM = *R.SourceManager;
    if (!F || !F->getIdentifier() || F->isTemplateInstantiation() ||
        F->getDescribedFunctionTemplate() || F->isDependentContext() ||
        SM.isInSystemHeader(F->getLocation()) || F->getNumParams() == 0)
      return;
    unsigned All = F->getNumParams(), Least = std::max(1u, F->getMinRequiredArguments());
    for (unsigned N = All + 1; N-- > Least;) {
      auto It = First.find(signatureKey(*F, SM, N));
      if (It == First.end() || It->second->getCanonicalDecl() == F->getCanonicalDecl() ||
          sameCudaTypes(*It->second, *F, N))
        continue;
      const FunctionDecl &Prev = *It->second;
      if (N == All && Prev.getMinRequiredArguments() <= F->getMinRequiredArguments())
        guard(Prev, *F, signatureKey(*F, SM, All), SM);
      else
        ambiguous(Prev, *F, N, SM);
      break;
    }
    for (unsigned N = Least; N <= All; ++N)
      First.emplace(signatureKey(*F, SM, N), F);
  }

private:
  /// By the key of each number of arguments a definition takes.
  std::map<std::string, const FunctionDecl *> First;

  /// Name, context, execution space and the ported types of the first `N`
  /// parameters of `F` (N = all: its whole signature).
  std::string signatureKey(const FunctionDecl &F, const SourceManager &SM, unsigned N) {
    std::string K;
    llvm::raw_string_ostream OS(K);
    OS << static_cast<const void *>(F.getDeclContext()->getRedeclContext()) << ' '
       << F.getName() << ' ' << space(F) << '(';
    if (const auto *P = F.getType()->getAs<FunctionProtoType>()) {
      for (QualType A : P->getParamTypes().take_front(N))
        OS << portedType(A, ctx().maps(), SM) << ", ";
      OS << (P->isVariadic() ? "..." : "") << ')' << P->getMethodQuals().getAsString();
    }
    return OS.str();
  }

  /// Do `A` and `B` take the same CUDA types in their first `N` parameters?
  static bool sameCudaTypes(const FunctionDecl &A, const FunctionDecl &B, unsigned N) {
    for (unsigned I = 0; I < N; ++I)
      if (A.getParamDecl(I)->getType().getCanonicalType() !=
          B.getParamDecl(I)->getType().getCanonicalType())
        return false;
    return true;
  }

  /// `F` takes more arguments than `Prev`, which is defined first: calls
  /// with `N` arguments match both after the port; neither can be guarded
  /// out without losing calls.
  void ambiguous(const FunctionDecl &Prev, const FunctionDecl &F, unsigned N,
                 const SourceManager &SM) {
    std::string Where = SM.getFilename(SM.getExpansionLoc(Prev.getLocation())).rsplit('/').second.str() +
                        ":" + std::to_string(SM.getExpansionLineNumber(Prev.getLocation()));
    ctx().report(id(), Severity::Warning, SM.getExpansionLoc(F.getLocation()),
                 "this '" + F.getNameAsString() + "' and the one at " + Where + " take the " +
                     "same parameter types after the port for calls with " +
                     std::to_string(N) + " argument(s) (default arguments; CUDA types that "
                     "map to one HIP type): such calls are ambiguous on ROCm",
                 "merge the two definitions, or give one of them another name");
  }

  /// A file location for an edit at `L`: `L` itself, or the expansion site
  /// of a macro that `L` starts (`AtEnd`: ends); invalid otherwise.
  SourceLocation fileLoc(SourceLocation L, bool AtEnd, const SourceManager &SM) {
    if (L.isFileID())
      return L;
    SourceLocation Out;
    const LangOptions &LO = ctx().langOptions();
    if (AtEnd ? Lexer::isAtEndOfMacroExpansion(L, SM, LO, &Out)
              : Lexer::isAtStartOfMacroExpansion(L, SM, LO, &Out))
      return Out;
    return SourceLocation();
  }

  /// "" when the rest of the line after the token at `L` is blank or a
  /// comment (a directive inserted after the token ends with the line),
  /// else a newline that moves the rest off the directive's line.
  std::string lineTail(SourceLocation L, const SourceManager &SM) {
    SourceLocation After = Lexer::getLocForEndOfToken(L, 0, SM, ctx().langOptions());
    const char *P = After.isValid() ? SM.getCharacterData(After) : nullptr;
    while (P && (*P == ' ' || *P == '\t'))
      ++P;
    return !P || *P == '\n' || *P == '\r' || (P[0] == '/' && P[1] == '/') ? "" : "\n";
  }

  void guard(const FunctionDecl &Prev, const FunctionDecl &F, llvm::StringRef Key,
             const SourceManager &SM) {
    std::string Name = F.getNameAsString();
    std::string Macro;
    llvm::raw_string_ostream(Macro)
        << "CU2HIP_DEFINED_" << Name << "_"
        << llvm::format_hex_no_prefix(static_cast<uint32_t>(llvm::xxHash64(Key.substr(Key.find(' ')))), 8);
    SourceLocation PrevEnd = fileLoc(Prev.getEndLoc(), true, SM);
    SourceLocation Begin = fileLoc(F.getBeginLoc(), false, SM);
    SourceLocation End = fileLoc(F.getEndLoc(), true, SM);
    std::string Where = SM.getFilename(SM.getExpansionLoc(Prev.getLocation())).rsplit('/').second.str() +
                        ":" + std::to_string(SM.getExpansionLineNumber(Prev.getLocation()));
    if (PrevEnd.isInvalid() || Begin.isInvalid() || End.isInvalid() ||
        !ctx().insert(id(), PrevEnd, "\n#define " + Macro + lineTail(PrevEnd, SM), true) ||
        !ctx().insert(id(), Begin,
                      std::string(SM.getSpellingColumnNumber(Begin) == 1 ? "" : "\n") + "#ifndef " +
                          Macro + "\n") ||
        !ctx().insert(id(), End, "\n#endif // " + Macro + lineTail(End, SM), true)) {
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(F.getLocation()),
                   "'" + Name + "' here and at " + Where +
                       " take the same HIP parameter types; spelled in a macro: kept "
                       "(a redefinition on ROCm)",
                   "keep one of the two definitions");
      return;
    }
    ctx().report(id(), Severity::Warning, F.getLocation(),
                 "this '" + Name + "' and the one at " + Where +
                     " take the same parameter types after the port (CUDA types that map "
                     "to one HIP type): this definition is compiled only where that one "
                     "is not, and calls use that one",
                 "check that the kept definition is right for both CUDA types; merge "
                 "them by hand if their bodies differ in meaning");
  }
};

} // namespace

std::unique_ptr<AstRule> createOverloadCollisionRule() {
  return std::make_unique<OverloadCollisionRule>();
}

} // namespace cu2hip
