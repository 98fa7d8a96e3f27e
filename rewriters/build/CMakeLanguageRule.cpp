//===- CMakeLanguageRule.cpp - build-cmake-language -----------------------===//
//
// The CUDA language becomes HIP: project(... LANGUAGES ... CUDA) (with CXX
// added where CUDA was the only language),
// enable_language(CUDA), check_language(CUDA), the LANGUAGE and
// LINKER_LANGUAGE properties of sources and targets, cuda_std_NN compile
// features; cmake_minimum_required below 3.21 (the first CMake with HIP)
// is raised to 3.21.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

class CMakeLanguageRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-language", IdKind::Edit,
         "CMake: the CUDA language becomes HIP (project, enable_language, LANGUAGE "
         "properties, cuda_std_NN)"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    bool Cuda = cmakeUsesCuda(C.CMake);
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      std::string N = Cmd.lowerName();
      if (N == "project")
        project(C, Cmd);
      else if (N == "enable_language" || N == "check_language")
        renameLanguageArgs(C, Cmd, 0);
      else if (N == "set_source_files_properties" || N == "set_target_properties" ||
               N == "set_property")
        languageProperty(C, Cmd);
      else if (N == "target_compile_features")
        features(C, Cmd);
      else if (N == "cmake_minimum_required" && Cuda)
        minimumVersion(C, Cmd);
    }
  }

private:
  static bool isProjectKeyword(StringRef S) {
    return S == "VERSION" || S == "DESCRIPTION" || S == "HOMEPAGE_URL" || S == "LANGUAGES";
  }

  void project(BuildContext &C, const CMakeCommand &Cmd) {
    // Languages: after LANGUAGES, or (short form) right after the name.
    size_t From = 1;
    for (size_t I = 1; I < Cmd.Args.size(); ++I)
      if (Cmd.Args[I].is("LANGUAGES"))
        From = I + 1;
    bool HasHip = false, HasHost = false;
    for (size_t I = From; I < Cmd.Args.size() && !isProjectKeyword(Cmd.Args[I].inner()); ++I) {
      HasHip |= Cmd.Args[I].is("HIP");
      HasHost |= Cmd.Args[I].is("C") || Cmd.Args[I].is("CXX");
    }
    for (size_t I = From; I < Cmd.Args.size() && !isProjectKeyword(Cmd.Args[I].inner()); ++I)
      if (Cmd.Args[I].is("CUDA")) {
        dropOrRename(C, Cmd, I, HasHip, HasHost);
        HasHost = true; // one CXX at most
      }
  }

  /// CUDA becomes HIP, or goes where HIP is listed already. A project of
  /// CUDA alone gets CXX too: HIP's CMake package (find_package(hip),
  /// hip-config-amd.cmake) finds Threads, which needs C or CXX enabled,
  /// where nvcc compiled the host code itself.
  void dropOrRename(BuildContext &C, const CMakeCommand &Cmd, size_t I, bool HasHip,
                    bool HasHost) {
    const CMakeArg &A = Cmd.Args[I];
    if (!HasHip) {
      C.replace(id(), A.innerOffset(), 4, HasHost ? "HIP" : "CXX HIP");
      return;
    }
    if (!HasHost) {
      C.replace(id(), A.innerOffset(), 4, "CXX");
      return;
    }
    // HIP is there already: drop CUDA with the blanks before it.
    unsigned From = I > 0 ? Cmd.Args[I - 1].end() : A.Offset;
    C.replace(id(), From, A.end() - From, "");
  }

  void renameLanguageArgs(BuildContext &C, const CMakeCommand &Cmd, size_t From) {
    for (size_t I = From; I < Cmd.Args.size(); ++I)
      if (Cmd.Args[I].is("CUDA"))
        C.replace(id(), Cmd.Args[I].innerOffset(), 4, "HIP");
  }

  void languageProperty(BuildContext &C, const CMakeCommand &Cmd) {
    for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
      if ((Cmd.Args[I].is("LANGUAGE") || Cmd.Args[I].is("LINKER_LANGUAGE")) &&
          Cmd.Args[I + 1].is("CUDA"))
        C.replace(id(), Cmd.Args[I + 1].innerOffset(), 4, "HIP");
  }

  void features(BuildContext &C, const CMakeCommand &Cmd) {
    for (const CMakeArg &A : Cmd.Args)
      if (!hasGenex(A) && A.inner().startswith("cuda_std_"))
        C.replace(id(), A.innerOffset(), 4, "hip");
  }

  void minimumVersion(BuildContext &C, const CMakeCommand &Cmd) {
    for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I) {
      if (!Cmd.Args[I].is("VERSION"))
        continue;
      const CMakeArg &V = Cmd.Args[I + 1];
      auto [Min, Max] = V.inner().split("...");
      if (!below321(Min))
        return;
      C.replace(id(), V.innerOffset(), Min.size(), "3.21");
      // A `min...max` range stays valid: a max below 3.21 is raised too
      // (CMake refuses a range whose max is below its min).
      if (V.inner().contains("...") && below321(Max))
        C.replace(id(), V.innerOffset() + Min.size() + 3, Max.size(), "3.21");
    }
  }

  /// True when `V` (major.minor[...]) is a version below 3.21; false when it
  /// is not a version.
  static bool below321(StringRef V) {
    unsigned Major = 0, Minor = 0;
    auto [MajS, Rest] = V.split('.');
    if (MajS.getAsInteger(10, Major) || Rest.split('.').first.getAsInteger(10, Minor))
      return false;
    return Major < 3 || (Major == 3 && Minor < 21);
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeLanguageRule() {
  return std::make_unique<CMakeLanguageRule>();
}

} // namespace build
} // namespace cu2hip
