//===- CMakeVarsRule.cpp - build-cmake-vars -------------------------------===//
//
// CMAKE_CUDA_* variables and CUDA_* target properties with a HIP form are
// renamed (CMAKE_CUDA_STANDARD -> CMAKE_HIP_STANDARD, CUDA_STANDARD ->
// HIP_STANDARD, ...). CUDA_SEPARABLE_COMPILATION ON on a target becomes
// -fgpu-rdc for its HIP compiles and links; CUDA_RESOLVE_DEVICE_SYMBOLS and
// CUDA_RUNTIME_LIBRARY are removed with a note (HIP has no separate device
// link step, one shared runtime). Others are build-unsupported warnings.
// CMAKE_CUDA_ARCHITECTURES is build-cmake-arch's.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

/// Suffixes X of CMAKE_CUDA_X / CUDA_X that CMake also knows as HIP_X.
bool hasHipForm(StringRef X) {
  return StringSwitch<bool>(X)
      .Cases("STANDARD", "STANDARD_REQUIRED", "EXTENSIONS", "FLAGS", "FLAGS_INIT", true)
      .Cases("FLAGS_DEBUG", "FLAGS_RELEASE", "FLAGS_RELWITHDEBINFO", "FLAGS_MINSIZEREL", true)
      .Cases("COMPILER", "COMPILER_ID", "COMPILER_LOADED", "COMPILER_LAUNCHER", true)
      .Cases("VISIBILITY_PRESET", "COMPILER_VERSION", "COMPILER_WORKS", true)
      .Default(false);
}

bool isTrue(StringRef V) {
  std::string U = V.upper();
  return U == "ON" || U == "TRUE" || U == "YES" || U == "1" || U == "Y";
}

class CMakeVarsRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-vars", IdKind::Edit,
         "CMake: CMAKE_CUDA_* variables and CUDA_* target properties to their HIP forms"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      std::vector<bool> Done(Cmd.Args.size());
      std::string N = Cmd.lowerName();
      if (N == "set_target_properties")
        targetProperties(C, Cmd, Done);
      else if (N == "set" && Cmd.Args.size() >= 2 &&
               Cmd.Args[0].is("CMAKE_CUDA_SEPARABLE_COMPILATION") &&
               globalRelocatable(C, Cmd))
        continue;
      for (size_t I = 0; I < Cmd.Args.size(); ++I)
        if (!Done[I])
          renameIn(C, Cmd, Cmd.Args[I]);
    }
  }

private:
  void renameIn(BuildContext &C, const CMakeCommand &Cmd, const CMakeArg &A) {
    if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
      return;
    StringRef S = A.inner();
    for (size_t P = S.find("CUDA_"); P != StringRef::npos; P = S.find("CUDA_", P + 1)) {
      bool Cmake = P >= 6 && S.substr(P - 6).startswith("CMAKE_") &&
                   (P == 6 || !(isAlnum(S[P - 7]) || S[P - 7] == '_'));
      size_t B = Cmake ? P - 6 : P;
      if (B > 0 && (isAlnum(S[B - 1]) || S[B - 1] == '_'))
        continue;
      size_t E = P + 5;
      while (E < S.size() && (isAlnum(S[E]) || S[E] == '_'))
        ++E;
      StringRef X = S.slice(P + 5, E);
      // Plain CUDA_X names are properties only where a property is named.
      if (!Cmake && !isPropertyPosition(Cmd, A))
        continue;
      if (X == "ARCHITECTURES")
        continue; // build-cmake-arch
      unsigned At = A.innerOffset() + P;
      if (hasHipForm(X)) {
        C.replace(id(), At, 4, "HIP");
        if (X == "COMPILER_VERSION")
          C.report(UnsupportedId, Severity::Warning, At,
                   "CMAKE_HIP_COMPILER_VERSION is the clang version, not a CUDA version: "
                   "check the comparison");
        continue;
      }
      C.report(UnsupportedId, Severity::Warning, At,
               "'" + S.slice(B, E) + "' has no HIP form: left as written");
    }
  }

  /// A CUDA_X word names a target property in get/set_target_properties,
  /// set/get_property(... PROPERTY X) or define_property.
  static bool isPropertyPosition(const CMakeCommand &Cmd, const CMakeArg &A) {
    std::string N = Cmd.lowerName();
    if (N == "set_target_properties" || N == "get_target_property")
      return true;
    if (N != "set_property" && N != "get_property")
      return false;
    for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
      if (Cmd.Args[I].is("PROPERTY") && &Cmd.Args[I + 1] == &A)
        return true;
    return false;
  }

  void targetProperties(BuildContext &C, const CMakeCommand &Cmd, std::vector<bool> &Done) {
    size_t Props = 0;
    while (Props < Cmd.Args.size() && !Cmd.Args[Props].is("PROPERTIES"))
      ++Props;
    size_t Pairs = (Cmd.Args.size() - std::min(Cmd.Args.size(), Props + 1)) / 2;
    std::vector<size_t> Removed;
    for (size_t I = Props + 1; I + 1 < Cmd.Args.size(); I += 2) {
      StringRef Name = Cmd.Args[I].inner();
      if (Name != "CUDA_SEPARABLE_COMPILATION" && Name != "CUDA_RESOLVE_DEVICE_SYMBOLS" &&
          Name != "CUDA_RUNTIME_LIBRARY")
        continue;
      Done[I] = Done[I + 1] = true;
      Removed.push_back(I);
      if (Name == "CUDA_SEPARABLE_COMPILATION" && isTrue(Cmd.Args[I + 1].inner()))
        relocatable(C, Cmd, Props);
      else
        C.report(id(), Severity::Note, Cmd.Args[I].Offset,
                 Name + (Name == "CUDA_RUNTIME_LIBRARY"
                             ? " removed: HIP has one shared runtime (libamdhip64)"
                             : " removed: HIP has no separate device link step"));
    }
    if (Removed.empty())
      return;
    if (Removed.size() == Pairs) {
      C.removeCommand(id(), Cmd);
      return;
    }
    for (size_t I : Removed)
      C.replace(id(), Cmd.Args[I].Offset,
                blanksAfter(C.Buffer, Cmd.Args[I + 1].end()) - Cmd.Args[I].Offset, "");
  }

  /// set(CMAKE_CUDA_SEPARABLE_COMPILATION ON|OFF [CACHE ...]): the default
  /// of the targets made after it. ON becomes -fgpu-rdc for the HIP compiles
  /// and links of the directory's (and its subdirectories') later targets
  /// (add_compile_options/add_link_options, which also start there); OFF,
  /// CMake's default, is removed. False when the value is not a constant
  /// (left to the warning of renameIn).
  bool globalRelocatable(BuildContext &C, const CMakeCommand &Cmd) {
    const CMakeArg &V = Cmd.Args[1];
    if (V.K == CMakeArg::Bracket || V.K == CMakeArg::Paren || V.inner().contains("$"))
      return false;
    std::string Indent = C.indentOf(Cmd.Offset).str();
    if (!isTrue(V.inner())) {
      C.removeCommand(id(), Cmd);
      C.report(id(), Severity::Note, Cmd.Offset,
               "CMAKE_CUDA_SEPARABLE_COMPILATION " + V.inner() +
                   " removed: whole-program device code is HIP's default too");
      return true;
    }
    C.replace(id(), Cmd.Offset, Cmd.end() - Cmd.Offset,
              "# cu2hip: CMAKE_CUDA_SEPARABLE_COMPILATION ON: relocatable device code for the\n" +
                  Indent + "# HIP compiles and links of the targets made after this point\n" +
                  Indent + "add_compile_options($<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n" +
                  Indent + "add_link_options(\"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")");
    C.report(id(), Severity::Note, Cmd.Offset,
             "CMAKE_CUDA_SEPARABLE_COMPILATION ON: -fgpu-rdc for the HIP compiles and links of "
             "the targets made after it (in this directory and below)");
    return true;
  }

  /// CUDA_SEPARABLE_COMPILATION ON: relocatable device code for the HIP
  /// sources of the targets, and a device link at their link.
  void relocatable(BuildContext &C, const CMakeCommand &Cmd, size_t Props) {
    size_t NL = C.Buffer.find('\n', Cmd.Close);
    unsigned At = NL == StringRef::npos ? C.Buffer.size() : NL + 1;
    std::string Indent = C.indentOf(Cmd.Offset).str(), Text;
    for (size_t T = 0; T < Props; ++T) {
      StringRef Target = Cmd.Args[T].Text;
      Text += Indent + "target_compile_options(" + Target.str() +
              " PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n" + Indent +
              "target_link_options(" + Target.str() +
              " PRIVATE \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n";
    }
    C.insert(id(), At, (NL == StringRef::npos ? "\n" : "") + Text);
    C.report(id(), Severity::Note, Cmd.Offset,
             "CUDA_SEPARABLE_COMPILATION: relocatable device code is -fgpu-rdc for the HIP "
             "compiles and links of the target");
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeVarsRule() { return std::make_unique<CMakeVarsRule>(); }

} // namespace build
} // namespace cu2hip
