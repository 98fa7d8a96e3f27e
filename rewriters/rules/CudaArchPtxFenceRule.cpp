//===- CudaArchPtxFenceRule.cpp - rule "cuda-arch-ptx-fence" --------------===//
//
// CUDA:  #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 300
//        template <class T> __device__ T shfl_down(T x, int o) { ... }   // portable
//        __device__ float shfl_add(float x, int o) { asm("shfl.sync..."); }
//        #endif
// HIP:   #if defined(__HIP_DEVICE_COMPILE__) && CU2HIP_CUDA_ARCH >= 300
//        template <class T> __device__ T shfl_down(T x, int o) { ... }
//        #if !defined(__HIP_PLATFORM_AMD__) // inline PTX: no AMD form
//        __device__ float shfl_add(float x, int o) { asm("shfl.sync..."); }
//        #endif
//        #endif
// A `__CUDA_ARCH__ >= N` gate whose chain holds inline PTX is kept by
// cuda-macros (cuda-arch-version: undefined on AMD, so the fallback branch
// is taken). A gate with no #else has no fallback: when its block also
// defines portable helpers, they exist on no AMD target and every caller
// fails ("use of undeclared identifier"). Where each piece of PTX in such a
// block lies in a definition of its own, this rule fences off just those
// definitions for AMD (they still compile with HIP on NVIDIA) and the gate
// gets its AMD meaning as gates without PTX do (CU2HIP_CUDA_ARCH). Decided
// by the device parse: a function definition (a template's pattern, or one
// a macro expansion spells) whose body holds an asm statement, by its
// expansion range; a #define whose body holds `asm` is a unit of its own.
// One warning per fenced definition. The fenced ranges are claimed under
// this id, which is how cuda-macros (CudaArchGate.cpp) knows the chain
// compiles. Chains with an #else or #elif keep the author's fallback.
//===----------------------------------------------------------------------===//
#include "CudaArchGate.h"
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// A definition (or #define) holding PTX: [Begin, End) byte offsets, and
/// the name for the finding.
struct Unit {
  unsigned Begin, End;
  std::string Name;
  bool operator<(const Unit &O) const { return std::tie(Begin, End) < std::tie(O.Begin, O.End); }
};

bool isAsm(const Tok &K) {
  return K.isIdent("asm") || K.isIdent("__asm__") || K.isIdent("__asm");
}

/// The #define directives of `T` whose body holds `asm`.
std::vector<Unit> asmDefines(const TokenStream &T) {
  std::vector<Unit> U;
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (!T[I].StartOfLine || !T[I].is(tok::hash) || !T[I + 1].isIdent("define"))
      continue;
    size_t E = I + 1;
    bool Asm = false;
    while (E + 1 < T.size() && T[E + 1].InDirective && !T[E + 1].StartOfLine)
      Asm |= isAsm(T[++E]);
    if (Asm)
      U.push_back({T[I].Offset, T[E].end(), "macro '" + T[I + 2].Text.str() + "'"});
    I = E;
  }
  return U;
}

/// Is the identifier `__CUDA_ARCH__` at `I` used as a number (not after
/// `defined`, `#ifdef`, `#ifndef`)?
bool numericArch(const TokenStream &T, size_t I) {
  if (!T[I].isIdent("__CUDA_ARCH__"))
    return false;
  if (I >= 1 && (T[I - 1].isIdent("defined") || T[I - 1].isIdent("ifdef") ||
                 T[I - 1].isIdent("ifndef")))
    return false;
  return !(I >= 2 && T[I - 1].is(tok::l_paren) && T[I - 2].isIdent("defined"));
}

class CudaArchPtxFenceRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cuda-arch-ptx-fence", IdKind::Edit,
         "a definition with inline PTX in a __CUDA_ARCH__ gate without #else: fenced off for "
         "AMD, so the gate is ported and its portable definitions compile"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(functionDecl(isDefinition(), hasDescendant(asmStmt())).bind("f"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    if (!F || !R.Context->getLangOpts().CUDAIsDevice || F->isTemplateInstantiation() ||
        F->getMemberSpecializationInfo())
      return;
    const Decl *D = F;
    if (const FunctionTemplateDecl *FT = F->getDescribedFunctionTemplate())
      D = FT;
    const SourceManager &SM = *R.SourceManager;
    CharSourceRange Range = SM.getExpansionRange(D->getSourceRange());
    SourceLocation B = Range.getBegin(), E = Range.getEnd();
    if (B.isInvalid() || E.isInvalid() || !SM.isWrittenInSameFile(B, E) ||
        ctx().portedFile(B).empty())
      return;
    FileID FID = SM.getFileID(B);
    unsigned End = SM.getFileOffset(E) +
                   (Range.isTokenRange()
                        ? Lexer::MeasureTokenLength(E, SM, R.Context->getLangOpts())
                        : 0);
    Units[FID].insert({SM.getFileOffset(B), End, "'" + F->getNameAsString() + "'"});
    this->SM = &SM;
  }

  void onEndOfTranslationUnit() override {
    for (auto &KV : Units)
      fenceFile(KV.first, KV.second);
    Units.clear();
  }

private:
  std::map<FileID, std::set<Unit>> Units;
  const SourceManager *SM = nullptr;

  /// Fences, in file `FID`, the units of each qualifying gate chain.
  void fenceFile(FileID FID, const std::set<Unit> &Defs) {
    llvm::StringRef Buf = SM->getBufferData(FID);
    TokenStream T(Buf);
    std::vector<Unit> All(Defs.begin(), Defs.end());
    for (Unit &U : asmDefines(T))
      All.push_back(U);
    std::set<Unit> Fence;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!numericArch(T, I))
        continue;
      size_t H = directiveStart(T, I);
      if (H == std::string::npos || directiveName(T, H) != "if")
        continue;
      auto [B, E] = chainRange(T, H);
      if (E >= T.size() || chainHasElse(T, B, E))
        continue;
      std::vector<Unit> In = unitsIn(All, T[B].Offset, T[E].Offset, Buf);
      auto Fenced = [&](unsigned Off) {
        return llvm::any_of(In, [&](const Unit &U) { return U.Begin <= Off && Off < U.End; });
      };
      if (!In.empty() && archBlocker(T, ctx().maps(), B, E, Fenced).empty())
        Fence.insert(In.begin(), In.end());
    }
    emit(FID, Buf, Fence);
  }

  /// The units inside [Begin, End) that start their line (only blanks
  /// before them), outermost only; empty when some unit inside does not.
  static std::vector<Unit> unitsIn(const std::vector<Unit> &All, unsigned Begin, unsigned End,
                                   llvm::StringRef Buf) {
    std::vector<Unit> In;
    for (const Unit &U : All) {
      if (U.Begin < Begin || U.End > End)
        continue;
      size_t LineStart = Buf.rfind('\n', U.Begin);
      LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
      if (!Buf.slice(LineStart, U.Begin).trim().empty())
        return {};
      In.push_back(U);
    }
    std::sort(In.begin(), In.end());
    std::vector<Unit> Outer;
    for (const Unit &U : In)
      if (Outer.empty() || U.Begin >= Outer.back().End)
        Outer.push_back(U);
    return Outer;
  }

  /// Writes one fence around each run of units with only blanks between,
  /// claims it and reports each unit.
  void emit(FileID FID, llvm::StringRef Buf, const std::set<Unit> &Fence) {
    std::vector<Unit> Us(Fence.begin(), Fence.end());
    for (size_t I = 0; I < Us.size();) {
      size_t J = I;
      while (J + 1 < Us.size() && Buf.slice(Us[J].End, Us[J + 1].Begin).trim().empty())
        ++J;
      size_t Open = Buf.rfind('\n', Us[I].Begin);
      Open = Open == llvm::StringRef::npos ? 0 : Open + 1;
      size_t Close = Buf.find('\n', Us[J].End);
      if (Close == llvm::StringRef::npos)
        Close = Buf.size();
      else if (Close > 0 && Buf[Close - 1] == '\r')
        --Close;
      SourceLocation OpenLoc = SM->getComposedLoc(FID, Open);
      SourceLocation CloseLoc = SM->getComposedLoc(FID, Close);
      ctx().insert(id(), OpenLoc,
                   "#if !defined(__HIP_PLATFORM_AMD__) // inline PTX: no AMD form\n");
      ctx().insert(id(), CloseLoc, "\n#endif // !defined(__HIP_PLATFORM_AMD__)");
      ctx().claim(id(), CharSourceRange::getCharRange(OpenLoc, CloseLoc));
      for (size_t K = I; K <= J; ++K)
        ctx().report(id(), Severity::Warning, SM->getComposedLoc(FID, Us[K].Begin),
                     "definition of " + Us[K].Name +
                         " holds inline PTX inside a __CUDA_ARCH__ gate with no #else: "
                         "fenced off on AMD (it has no AMD form), so the gate's portable "
                         "definitions compile there",
                     "if AMD callers need it, give it an AMD implementation (__shfl_*, "
                     "__builtin_amdgcn_*)");
      I = J + 1;
    }
  }
};

} // namespace

std::unique_ptr<AstRule> createCudaArchPtxFenceRule() {
  return std::make_unique<CudaArchPtxFenceRule>();
}

} // namespace cu2hip
