//===- IncludesHostLibcRule.cpp - rule "includes-host-libc" ---------------===//
//
// CUDA:  void pack(char *d, const char *s, int n) { memcpy(d, s, n); }   // no <cstring>
// HIP:   #include <string.h>   (added)
// nvcc's implicit cuda_runtime.h includes <string.h>, <stdlib.h>,
// <stdio.h>, <time.h> and <math.h> (crt/common_functions.h,
// crt/math_functions.h), so host code calls memset, memcpy, strlen, ...
// without an include. ROCm 7.2's hip_runtime.h brings <stdlib.h>,
// <stdio.h>, <time.h> and <math.h> to the host but not <string.h>: clang's
// HIP headers declare only device memset/memcpy there, so a host call is
// "no matching function for call to 'memset'" (candidate is a __device__
// function) and strlen is undeclared. Where a call in host code (a function
// not __device__-only) resolves to a C library function whose standard
// header (the declaring header, or the first standard header above it in
// the include chain) is one HIP's runtime does not bring, the port requests
// that header; the includes rule adds it unless the file includes it (or
// its <cNAME> form) itself.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// C library headers nvcc's implicit runtime include brings and ROCm 7.2's
/// hip_runtime.h does not (checked with hipcc 7.2.4 for gfx942: host
/// memset/memcpy/strlen fail; sqrt, malloc, printf, time compile).
bool missingUnderHip(llvm::StringRef Header) {
  return llvm::StringSwitch<bool>(Header).Cases("string.h", "strings.h", true).Default(false);
}

/// Standard C headers, by file name.
bool isStandardCHeader(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("assert.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", true)
      .Cases("limits.h", "locale.h", "math.h", "setjmp.h", "signal.h", "stdarg.h", true)
      .Cases("stddef.h", "stdint.h", "stdio.h", "stdlib.h", "string.h", "strings.h", true)
      .Cases("time.h", "uchar.h", "wchar.h", "wctype.h", true)
      .Default(false);
}

/// The standard header that declares `D`: the declaring file, or the first
/// standard C header that includes it (glibc declares some functions in
/// bits/ headers). "" when the chain reaches a non-system file first.
std::string standardHeaderOf(const Decl *D, const SourceManager &SM) {
  SourceLocation L = SM.getExpansionLoc(D->getLocation());
  for (int Depth = 0; L.isValid() && Depth < 16; ++Depth) {
    FileID F = SM.getFileID(L);
    if (!SM.isInSystemHeader(L))
      return "";
    if (const FileEntry *E = SM.getFileEntryForID(F)) {
      llvm::StringRef Name = llvm::sys::path::filename(E->getName());
      if (isStandardCHeader(Name))
        return Name.str();
    }
    L = SM.getIncludeLoc(F);
  }
  return "";
}

/// Does host code run `F` (not a __device__-only function or a kernel)?
bool runsOnHost(const FunctionDecl *F) {
  if (F->hasAttr<CUDAGlobalAttr>())
    return false;
  return !F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAHostAttr>();
}

class HostLibcIncludeRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"includes-host-libc", IdKind::Edit,
         "host calls of C library functions nvcc's runtime include declared: the standard "
         "header added"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(callExpr(callee(functionDecl(isExternC()).bind("f")),
                          forFunction(functionDecl().bind("caller")))
                     .bind("call"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    const auto *Caller = R.Nodes.getNodeAs<FunctionDecl>("caller");
    if (!Call || !F || !Caller || !runsOnHost(Caller) || F->isInStdNamespace() ||
        !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return;
    const SourceManager &SM = *R.SourceManager;
    std::string Header = standardHeaderOf(F->getCanonicalDecl(), SM);
    if (Header.empty() || !missingUnderHip(Header))
      return;
    SourceLocation At = SM.getExpansionLoc(Call->getBeginLoc());
    if (!ctx().portedFile(At).empty())
      ctx().requestHeader(At, Header);
  }
};

} // namespace

std::unique_ptr<AstRule> createHostLibcIncludeRule() {
  return std::make_unique<HostLibcIncludeRule>();
}

} // namespace cu2hip
