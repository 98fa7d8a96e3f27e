//===- CMakePackagesRule.cpp - build-cmake-packages -----------------------===//
//
// find_package(CUDAToolkit) becomes find_package(hip) plus one
// find_package() per ROCm library the file links; FindCUDAToolkit's
// imported targets (CUDA::cublas) become the ROCm ones (roc::hipblas, as the
// ROCm 7.2 CMake configs export them; BuildMaps.cpp). A file that links
// such a target without finding CUDAToolkit itself (a subdirectory) gets
// the find_package() before its first use. CUDAToolkit_FOUND and
// CUDAToolkit_INCLUDE_DIRS become hip_FOUND and hip_INCLUDE_DIRS; other
// CUDAToolkit_* variables are build-unsupported warnings.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

/// One CUDA::name spelled in an argument.
struct TargetUse {
  unsigned Offset;
  StringRef Name; ///< "CUDA::cublas"
  const CMakeCommand *Cmd;
};

class CMakePackagesRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-packages", IdKind::Edit,
         "CMake: find_package(CUDAToolkit) and CUDA:: targets to hip and the ROCm "
         "libraries' packages and targets"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    std::vector<TargetUse> Uses = targetUses(C);
    std::set<std::string> Packages;
    for (const TargetUse &U : Uses)
      renameTarget(C, U, Packages);
    bool Found = false;
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      if (Cmd.lowerName() == "find_package" && !Cmd.Args.empty() &&
          Cmd.Args[0].is("CUDAToolkit")) {
        findPackage(C, Cmd, Packages);
        Found = true;
      }
      variables(C, Cmd);
    }
    if (!Found)
      findWhereUsed(C, Uses);
  }

private:
  static std::vector<TargetUse> targetUses(BuildContext &C) {
    std::vector<TargetUse> Out;
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      for (const CMakeArg &A : Cmd.Args) {
        if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
          continue;
        StringRef S = A.inner();
        for (size_t P = S.find("CUDA::"); P != StringRef::npos; P = S.find("CUDA::", P + 1)) {
          size_t E = P + 6;
          while (E < S.size() && (isAlnum(S[E]) || S[E] == '_'))
            ++E;
          Out.push_back({unsigned(A.innerOffset() + P), S.slice(P, E), &Cmd});
        }
      }
    return Out;
  }

  void renameTarget(BuildContext &C, const TargetUse &U, std::set<std::string> &Packages) {
    const TargetMap *M = lookupTarget(U.Name);
    if (!M || !M->Rocm[0]) {
      C.report(UnsupportedId, Severity::Warning, U.Offset,
               "'" + U.Name + "' has no ROCm target" +
                   (M && M->Warning[0] ? ": " + std::string(M->Warning) : std::string()) +
                   "; left as written");
      return;
    }
    C.replace(id(), U.Offset, U.Name.size(), M->Rocm);
    if (M->Package[0])
      Packages.insert(M->Package);
    else
      C.report(id(), Severity::Note, U.Offset,
               "'" + U.Name + "' -> library '" + M->Rocm + "', linked by name (ROCm ships "
               "no CMake package for it)");
  }

  static std::string findLines(const std::set<std::string> &Packages, StringRef Flags,
                               StringRef Indent, bool WithHip) {
    std::string Out = WithHip ? "find_package(hip" + Flags.str() + ")" : "";
    for (const std::string &P : Packages)
      if (P != "hip")
        Out += (Out.empty() ? "" : "\n" + Indent.str()) + "find_package(" + P + Flags.str() +
               ")";
    return Out;
  }

  void findPackage(BuildContext &C, const CMakeCommand &Cmd,
                   const std::set<std::string> &Packages) {
    std::string Flags;
    for (const CMakeArg &A : Cmd.Args)
      if (A.is("REQUIRED") || A.is("QUIET"))
        Flags += " " + A.inner().str();
    if (Cmd.Args.size() > 1 && !Cmd.Args[1].inner().empty() && isDigit(Cmd.Args[1].inner()[0]))
      C.report(id(), Severity::Note, Cmd.Args[1].Offset,
               "CUDA Toolkit version '" + Cmd.Args[1].inner() + "' dropped: hip has its own "
               "versions");
    C.replace(id(), Cmd.Offset, Cmd.end() - Cmd.Offset,
              findLines(Packages, Flags, C.indentOf(Cmd.Offset), true));
  }

  void findWhereUsed(BuildContext &C, const std::vector<TargetUse> &Uses) {
    std::set<std::string> Done;
    for (const TargetUse &U : Uses) {
      const TargetMap *M = lookupTarget(U.Name);
      if (!M || !M->Package[0] || StringRef(M->Package) == "hip" || !Done.insert(M->Package).second)
        continue;
      unsigned At = C.lineStart(U.Cmd->Offset);
      StringRef Indent = C.indentOf(U.Cmd->Offset);
      if (At + Indent.size() != U.Cmd->Offset) {
        C.report(UnsupportedId, Severity::Warning, U.Offset,
                 "add find_package(" + std::string(M->Package) + " REQUIRED) before this line");
        continue;
      }
      C.insert(id(), At, Indent.str() + "find_package(" + M->Package + " REQUIRED)\n");
    }
  }

  void variables(BuildContext &C, const CMakeCommand &Cmd) {
    for (const CMakeArg &A : Cmd.Args) {
      if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
        continue;
      StringRef S = A.inner();
      for (size_t P = S.find("CUDAToolkit_"); P != StringRef::npos;
           P = S.find("CUDAToolkit_", P + 1)) {
        size_t E = P + 12;
        while (E < S.size() && (isAlnum(S[E]) || S[E] == '_'))
          ++E;
        StringRef Var = S.slice(P, E);
        unsigned At = A.innerOffset() + P;
        if (Var == "CUDAToolkit_FOUND" || Var == "CUDAToolkit_INCLUDE_DIRS")
          C.replace(id(), At, 11, "hip");
        else
          C.report(UnsupportedId, Severity::Warning, At,
                   "'" + Var + "' has no hip counterpart: left as written");
      }
    }
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakePackagesRule() {
  return std::make_unique<CMakePackagesRule>();
}

} // namespace build
} // namespace cu2hip
