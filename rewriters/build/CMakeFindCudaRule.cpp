//===- CMakeFindCudaRule.cpp - build-cmake-findcuda -----------------------===//
//
// The legacy FindCUDA module: find_package(CUDA) becomes find_package(hip)
// (and the ROCm packages the file's CUDA_*_LIBRARIES need);
// cuda_add_executable/cuda_add_library become add_executable/add_library
// (their .cu sources are HIP through build-cmake-sources) and, where the
// file sets CUDA_NVCC_FLAGS, get those flags (translated by
// build-cmake-flags) for their HIP compiles; their OPTIONS (per
// configuration after DEBUG, RELEASE, ...) leave the call and become the
// target's HIP compile options, translated by the same flag table; cuda_include_directories is
// include_directories; the result variables become hip's targets. Other
// cuda_* commands and variables are build-unsupported warnings.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <set>

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

struct VarMap {
  const char *Cuda, *Hip, *Package;
};
/// FindCUDA's result variables, as `${NAME}`.
const VarMap Vars[] = {
    {"CUDA_LIBRARIES", "hip::host", "hip"},
    {"CUDA_CUDART_LIBRARY", "hip::host", "hip"},
    {"CUDA_CUBLAS_LIBRARIES", "roc::hipblas", "hipblas"},
    {"CUDA_cublas_LIBRARY", "roc::hipblas", "hipblas"},
    {"CUDA_curand_LIBRARY", "hip::hiprand", "hiprand"},
    {"CUDA_CUFFT_LIBRARIES", "hip::hipfft", "hipfft"},
    {"CUDA_cufft_LIBRARY", "hip::hipfft", "hipfft"},
    {"CUDA_cusparse_LIBRARY", "roc::hipsparse", "hipsparse"},
    {"CUDA_cusolver_LIBRARY", "roc::hipsolver", "hipsolver"},
    {"CUDA_INCLUDE_DIRS", "${hip_INCLUDE_DIRS}", ""},
};

class CMakeFindCudaRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-findcuda", IdKind::Edit,
         "CMake: the legacy FindCUDA module (find_package(CUDA), cuda_add_executable, "
         "CUDA_NVCC_FLAGS, CUDA_LIBRARIES) to hip"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    std::set<std::string> Packages;
    bool NvccFlags = false;
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      for (const CMakeArg &A : Cmd.Args) {
        variables(C, A, Packages);
        NvccFlags |= A.is("CUDA_NVCC_FLAGS");
      }
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      std::string N = Cmd.lowerName();
      if (N == "find_package" && !Cmd.Args.empty() && Cmd.Args[0].is("CUDA"))
        findPackage(C, Cmd, Packages);
      else if (N == "cuda_add_executable" || N == "cuda_add_library")
        addTarget(C, Cmd, NvccFlags);
      else if (N == "cuda_include_directories")
        C.replace(id(), Cmd.Offset, Cmd.Name.size(), "include_directories");
      else if (N == "cuda_add_cublas_to_target" && Cmd.Args.size() == 1)
        C.replace(id(), Cmd.Offset, Cmd.end() - Cmd.Offset,
                  "target_link_libraries(" + Cmd.Args[0].Text.str() + " roc::hipblas)");
      else if (StringRef(N).startswith("cuda_"))
        C.report(UnsupportedId, Severity::Warning, Cmd.Offset,
                 "FindCUDA's " + Cmd.Name + "() has no hip counterpart: left as written");
    }
  }

private:
  void variables(BuildContext &C, const CMakeArg &A, std::set<std::string> &Packages) {
    if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
      return;
    StringRef S = A.inner();
    for (const VarMap &V : Vars) {
      std::string Ref = "${" + std::string(V.Cuda) + "}";
      for (size_t P = S.find(Ref); P != StringRef::npos; P = S.find(Ref, P + 1)) {
        C.replace(id(), A.innerOffset() + P, Ref.size(), V.Hip);
        if (V.Package[0])
          Packages.insert(V.Package);
      }
    }
    if (A.K == CMakeArg::Unquoted && A.inner() == "CUDA_FOUND")
      C.replace(id(), A.Offset, 4, "hip");
    for (StringRef Var : {"CUDA_VERSION", "CUDA_TOOLKIT_ROOT_DIR", "CUDA_NVCC_EXECUTABLE",
                          "CUDA_SDK_ROOT_DIR"})
      for (size_t P = S.find(Var); P != StringRef::npos; P = S.find(Var, P + 1))
        if (isWordAt(S, P, Var))
          C.report(UnsupportedId, Severity::Warning, A.innerOffset() + P,
                   "FindCUDA's " + Var + " has no hip counterpart: left as written");
  }

  void findPackage(BuildContext &C, const CMakeCommand &Cmd,
                   const std::set<std::string> &Packages) {
    std::string Flags;
    for (const CMakeArg &A : Cmd.Args)
      if (A.is("REQUIRED") || A.is("QUIET"))
        Flags += " " + A.inner().str();
    std::string Text = "find_package(hip" + Flags + ")";
    for (const std::string &P : Packages)
      if (P != "hip")
        Text += "\n" + C.indentOf(Cmd.Offset).str() + "find_package(" + P + Flags + ")";
    C.replace(id(), Cmd.Offset, Cmd.end() - Cmd.Offset, Text);
  }

  void addTarget(BuildContext &C, const CMakeCommand &Cmd, bool NvccFlags) {
    size_t Options = 0;
    while (Options < Cmd.Args.size() && !Cmd.Args[Options].is("OPTIONS"))
      ++Options;
    std::string Added;
    if (Options < Cmd.Args.size() && !targetOptions(C, Cmd, Options, Added))
      return;
    C.replace(id(), Cmd.Offset, 5, "");
    if (NvccFlags && !Cmd.Args.empty())
      Added = C.indentOf(Cmd.Offset).str() + "target_compile_options(" +
              Cmd.Args[0].Text.str() + " PRIVATE \"$<$<COMPILE_LANGUAGE:HIP>:${CUDA_NVCC_FLAGS}>\")\n" +
              Added;
    if (Added.empty())
      return;
    size_t NL = C.Buffer.find('\n', Cmd.Close);
    unsigned At = NL == StringRef::npos ? C.Buffer.size() : NL + 1;
    C.insert(id(), At, std::string(NL == StringRef::npos ? "\n" : "") + Added);
  }

  /// cuda_add_*(... OPTIONS flags [DEBUG|RELEASE|... flags]): the flags
  /// leave the call and become target_compile_options() for the target's
  /// HIP compiles (per configuration after a configuration keyword),
  /// translated like CUDA_NVCC_FLAGS. False (a warning, the call left as
  /// written) when an option is a generator expression or bracket argument.
  bool targetOptions(BuildContext &C, const CMakeCommand &Cmd, size_t Options,
                     std::string &Added) {
    for (size_t I = Options + 1; I < Cmd.Args.size(); ++I) {
      const CMakeArg &A = Cmd.Args[I];
      if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A)) {
        C.report(UnsupportedId, Severity::Warning, A.Offset,
                 Cmd.Name + "(... OPTIONS ...): a generator expression or bracket argument "
                            "among the nvcc options is not translated; the call is left as "
                            "written");
        return false;
      }
    }
    // Sections: the options for every configuration, then per keyword.
    std::vector<std::pair<std::string, std::vector<const CMakeArg *>>> Sections = {{"", {}}};
    for (size_t I = Options + 1; I < Cmd.Args.size(); ++I) {
      StringRef Config = configOf(Cmd.Args[I].inner());
      if (Cmd.Args[I].K == CMakeArg::Unquoted && !Config.empty())
        Sections.push_back({Config.str(), {}});
      else
        Sections.back().second.push_back(&Cmd.Args[I]);
    }
    std::string Indent = C.indentOf(Cmd.Offset).str();
    for (const auto &[Config, Args] : Sections) {
      std::vector<std::pair<StringRef, unsigned>> Pieces;
      for (const CMakeArg *A : Args)
        Pieces.push_back({A->K == CMakeArg::Quoted ? A->inner() : A->Text, A->Offset});
      std::string Flags = translateToGenexList(C, Pieces);
      if (Flags.empty())
        continue;
      std::string Cond = Config.empty() ? "$<COMPILE_LANGUAGE:HIP>"
                                        : "$<AND:$<COMPILE_LANGUAGE:HIP>,$<CONFIG:" + Config +
                                              ">>";
      Added += Indent + "target_compile_options(" + Cmd.Args[0].Text.str() + " PRIVATE \"$<" +
               Cond + ":" + Flags + ">\")\n";
    }
    unsigned From = Options > 0 ? Cmd.Args[Options - 1].end() : Cmd.Args[Options].Offset;
    C.replace(id(), From, Cmd.Args.back().end() - From, "");
    C.report(id(), Severity::Note, Cmd.Args[Options].Offset,
             Cmd.Name + "(... OPTIONS ...): the nvcc options become target_compile_options() "
                        "for the target's HIP compiles");
    return true;
  }

  /// FindCUDA's configuration keywords in OPTIONS, as $<CONFIG:...> names.
  static StringRef configOf(StringRef Word) {
    return StringSwitch<StringRef>(Word)
        .Case("DEBUG", "Debug")
        .Case("RELEASE", "Release")
        .Case("MINSIZEREL", "MinSizeRel")
        .Case("RELWITHDEBINFO", "RelWithDebInfo")
        .Default("");
  }

};

} // namespace

std::unique_ptr<BuildRule> createCMakeFindCudaRule() {
  return std::make_unique<CMakeFindCudaRule>();
}

} // namespace build
} // namespace cu2hip
