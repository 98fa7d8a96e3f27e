//===- CMakeFlagsRule.cpp - build-cmake-flags -----------------------------===//
//
// nvcc options where CMake passes them to the CUDA compiler: the arguments
// of target_compile_options() and add_compile_options(), the values of
// CMAKE_CUDA_FLAGS[_<CONFIG>] (set, string(APPEND)) and of FindCUDA's
// CUDA_NVCC_FLAGS (set, list(APPEND)). Each is translated for clang's HIP
// driver by the flag table (BuildMaps.cpp), dropped with a note where it
// has no counterpart; GPU target flags are dropped, the targets being
// CMAKE_HIP_ARCHITECTURES. Inside a quoted argument the flags are the
// blank-separated words; generator expressions are left as written.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

bool isCudaFlagsVar(StringRef V) {
  return V == "CMAKE_CUDA_FLAGS" || V.startswith("CMAKE_CUDA_FLAGS_") || V == "CUDA_NVCC_FLAGS";
}

class CMakeFlagsRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-flags", IdKind::Edit,
         "CMake: nvcc options in compile options and CUDA flag variables to clang's HIP "
         "options, or dropped with a note"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      size_t From = flagsStart(Cmd);
      if (From == StringRef::npos)
        continue;
      std::vector<MakeWord> Words;
      for (size_t I = From; I < Cmd.Args.size(); ++I) {
        const CMakeArg &A = Cmd.Args[I];
        if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
          continue;
        if (A.K == CMakeArg::Quoted)
          for (const MakeWord &W : splitFlagWords(A.inner(), A.innerOffset()))
            Words.push_back(W);
        else
          Words.push_back({A.Offset, A.Text, 0});
      }
      FlagResult R;
      translateNvccFlags(C.Buffer, Words, {"", "CMAKE_HIP_ARCHITECTURES"}, R);
      for (const TextEdit &E : R.Edits)
        C.replace(id(), E.Offset, E.Length, E.Text);
      for (const FlagNote &N : R.Notes)
        C.report(N.Sev == Severity::Note ? id() : StringRef(UnsupportedId), N.Sev, N.Offset,
                 N.Message);
    }
  }

private:
  /// Index of the first flag argument of `Cmd`, or npos.
  static size_t flagsStart(const CMakeCommand &Cmd) {
    std::string N = Cmd.lowerName();
    const auto &A = Cmd.Args;
    if (N == "add_compile_options")
      return 0;
    if (N == "target_compile_options") {
      size_t I = 1;
      while (I < A.size() && (A[I].is("BEFORE") || A[I].is("PRIVATE") || A[I].is("PUBLIC") ||
                              A[I].is("INTERFACE")))
        ++I;
      return I;
    }
    if (N == "set" && !A.empty() && isCudaFlagsVar(A[0].inner()))
      return 1;
    if ((N == "string" || N == "list") && A.size() > 1 && A[0].is("APPEND") &&
        isCudaFlagsVar(A[1].inner()))
      return 2;
    return StringRef::npos;
  }
};

class CMakeGenexRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {GenexId, IdKind::Warning,
         "a CMake generator expression about CUDA, left as written"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      for (const CMakeArg &A : Cmd.Args)
        if (hasGenex(A) && mentionsCuda(A.Text))
          C.report(GenexId, Severity::Warning, A.Offset,
                   "generator expression left as written: '" + A.Text.take_front(80) +
                       "'; a CUDA language condition is never true for HIP sources "
                       "(write $<COMPILE_LANGUAGE:HIP> and hipcc's options there)");
  }

private:
  static bool mentionsCuda(StringRef S) {
    for (StringRef K : {":CUDA>", ":CUDA,", "CUDA::", "CUDA_", "CMAKE_CUDA"})
      if (S.contains(K))
        return true;
    return false;
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeFlagsRule() { return std::make_unique<CMakeFlagsRule>(); }
std::unique_ptr<BuildRule> createCMakeGenexRule() { return std::make_unique<CMakeGenexRule>(); }

} // namespace build
} // namespace cu2hip
