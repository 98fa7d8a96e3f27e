//===- CMakeArchRule.cpp - build-cmake-arch -------------------------------===//
//
// GPU targets: CUDA's compute capabilities (CMAKE_CUDA_ARCHITECTURES, the
// CUDA_ARCHITECTURES target property) mean nothing on AMD. The AMD list
// (--offload-arch) is written once, before the first project() that turns
// CUDA on, as the cache variable CMAKE_HIP_ARCHITECTURES (so
// -DCMAKE_HIP_ARCHITECTURES=gfx90a overrides it); set() of the CUDA list is
// commented out, per-target lists follow the cache variable.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

constexpr StringRef CudaVar = "CMAKE_CUDA_ARCHITECTURES";

class CMakeArchRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-arch", IdKind::Edit,
         "CMake: GPU targets from --offload-arch, as the CMAKE_HIP_ARCHITECTURES cache "
         "variable"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    addCacheVariable(C);
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      std::string N = Cmd.lowerName();
      if (N == "set" && !Cmd.Args.empty() && Cmd.Args[0].is(CudaVar)) {
        C.removeCommand(id(), Cmd);
        C.report(id(), Severity::Note, Cmd.Offset,
                 "CUDA compute capabilities removed: the AMD targets are the cache "
                 "variable CMAKE_HIP_ARCHITECTURES");
        continue;
      }
      if (N == "set_target_properties")
        targetProperties(C, Cmd);
      else if (N == "set_property")
        setProperty(C, Cmd);
      renameReferences(C, Cmd);
    }
  }

private:
  void addCacheVariable(BuildContext &C) {
    const CMakeCommand *At = nullptr;
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      if (Cmd.lowerName() == "project" && enablesCuda(Cmd)) {
        At = &Cmd;
        break;
      }
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      if (!At && enablesCuda(Cmd))
        At = &Cmd;
    if (!At)
      return;
    std::string Indent = C.indentOf(At->Offset).str();
    C.insert(id(), C.lineStart(At->Offset),
             Indent + "# cu2hip: AMD GPU targets (cu2hip --offload-arch); override with\n" +
                 Indent + "# -DCMAKE_HIP_ARCHITECTURES=...\n" + Indent +
                 "set(CMAKE_HIP_ARCHITECTURES \"" + C.Opts.OffloadArch +
                 "\" CACHE STRING \"AMD GPU targets\")\n");
  }

  void targetProperties(BuildContext &C, const CMakeCommand &Cmd) {
    for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
      if (Cmd.Args[I].is("CUDA_ARCHITECTURES")) {
        const CMakeArg &V = Cmd.Args[I + 1];
        C.replace(id(), Cmd.Args[I].Offset, V.end() - Cmd.Args[I].Offset,
                  "HIP_ARCHITECTURES \"${CMAKE_HIP_ARCHITECTURES}\"");
        note(C, V);
      }
  }

  void setProperty(BuildContext &C, const CMakeCommand &Cmd) {
    for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
      if (Cmd.Args[I].is("PROPERTY") && Cmd.Args[I + 1].is("CUDA_ARCHITECTURES")) {
        const CMakeArg &Name = Cmd.Args[I + 1];
        if (I + 2 >= Cmd.Args.size()) {
          C.replace(id(), Name.Offset, Name.Text.size(), "HIP_ARCHITECTURES");
          return;
        }
        C.replace(id(), Name.Offset, Cmd.Args.back().end() - Name.Offset,
                  "HIP_ARCHITECTURES \"${CMAKE_HIP_ARCHITECTURES}\"");
        note(C, Cmd.Args[I + 2]);
        return;
      }
  }

  void note(BuildContext &C, const CMakeArg &V) {
    C.report(id(), Severity::Note, V.Offset,
             "target's CUDA architectures '" + V.inner() +
                 "' replaced by the AMD targets of CMAKE_HIP_ARCHITECTURES");
  }

  void renameReferences(BuildContext &C, const CMakeCommand &Cmd) {
    for (const CMakeArg &A : Cmd.Args) {
      if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
        continue;
      StringRef S = A.inner();
      for (size_t P = S.find(CudaVar); P != StringRef::npos; P = S.find(CudaVar, P + 1))
        if (isWordAt(S, P, CudaVar))
          C.replace(id(), A.innerOffset() + P + 6, 4, "HIP");
    }
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeArchRule() { return std::make_unique<CMakeArchRule>(); }

} // namespace build
} // namespace cu2hip
