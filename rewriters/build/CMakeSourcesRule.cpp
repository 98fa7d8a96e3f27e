//===- CMakeSourcesRule.cpp - build-cmake-sources -------------------------===//
//
// cu2hip keeps file names, so ported sources are still `.cu`; CMake gives
// the HIP language only to `.hip` files and would not compile them. In a
// file that makes targets from CUDA sources the rule adds, after project()
// (or before the first command), a function that marks the `.cu` sources of
// every target of the directory LANGUAGE HIP, deferred (cmake_language(DEFER),
// CMake >= 3.19) to the end of the directory, so sources from variables,
// globs and later target_sources() calls count too. Such a target also links
// hip::host (where find_package(hip) made it): a CUDA target links the CUDA
// runtime by itself, and its C++ sources that include the runtime's header
// (ported: <hip/hip_runtime.h>) need hip::host's __HIP_PLATFORM_AMD__.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

const char *Helper =
    "# cu2hip: the .cu sources of this directory's targets compile as HIP (CMake gives\n"
    "# HIP only to .hip files) and their targets link the HIP runtime; run at the\n"
    "# end of the directory.\n"
    "if(NOT COMMAND cu2hip_cu_sources_as_hip)\n"
    "  function(cu2hip_cu_sources_as_hip)\n"
    "    get_property(_cu2hip_targets DIRECTORY PROPERTY BUILDSYSTEM_TARGETS)\n"
    "    foreach(_cu2hip_target IN LISTS _cu2hip_targets)\n"
    "      get_target_property(_cu2hip_sources ${_cu2hip_target} SOURCES)\n"
    "      if(_cu2hip_sources)\n"
    "        list(FILTER _cu2hip_sources INCLUDE REGEX \"\\\\.cu$\")\n"
    "      endif()\n"
    "      if(_cu2hip_sources)\n"
    "        set_source_files_properties(${_cu2hip_sources} PROPERTIES LANGUAGE HIP)\n"
    "        get_target_property(_cu2hip_type ${_cu2hip_target} TYPE)\n"
    "        if(TARGET hip::host AND NOT _cu2hip_type STREQUAL \"INTERFACE_LIBRARY\")\n"
    "          set_property(TARGET ${_cu2hip_target} APPEND PROPERTY LINK_LIBRARIES hip::host)\n"
    "        endif()\n"
    "      endif()\n"
    "    endforeach()\n"
    "  endfunction()\n"
    "endif()\n"
    "cmake_language(DEFER CALL cu2hip_cu_sources_as_hip)\n";

/// The runtime headers' directory when the sources need it, else "".
std::string runtimeBlock(const BuildContext &C) {
  std::string B;
  if (C.Opts.RuntimeInclude.empty())
    return B;
  if (C.Opts.RuntimeIncludeRelative)
    B += "# cu2hip: the ported sources include cu2hip's runtime headers (copied into the\n"
         "# ported tree; -DCU2HIP_INCLUDE_DIR=... picks others)\n"
         "set(CU2HIP_INCLUDE_DIR \"${CMAKE_CURRENT_LIST_DIR}/" +
         C.Opts.RuntimeInclude + "\" CACHE PATH \"cu2hip's runtime headers\")\n";
  else
    B += "# cu2hip: the ported sources include cu2hip's runtime headers\n"
         "set(CU2HIP_INCLUDE_DIR \"" +
         C.Opts.RuntimeInclude +
         "\" CACHE PATH \"cu2hip's runtime headers (cu2hip --print-include-dir)\")\n";
  return B + "include_directories(${CU2HIP_INCLUDE_DIR})\n";
}

/// True when the file finds the CUDA toolkit (FindCUDAToolkit, FindCUDA) or
/// links its CUDA:: targets: a C++-only project that calls CUDA libraries,
/// whose ported sources may include the runtime headers too.
bool usesToolkit(const CMakeFile &F) {
  for (const CMakeCommand &Cmd : F.Commands) {
    if (Cmd.lowerName() == "find_package" && !Cmd.Args.empty() &&
        (Cmd.Args[0].is("CUDAToolkit") || Cmd.Args[0].is("CUDA")))
      return true;
    for (const CMakeArg &A : Cmd.Args)
      if (A.inner().startswith("CUDA::"))
        return true;
  }
  return false;
}

/// Where the block goes: after project(), or before the file's first command.
unsigned blockOffset(const BuildContext &C) {
  for (const CMakeCommand &Cmd : C.CMake.Commands) {
    if (Cmd.lowerName() != "project")
      continue;
    size_t NL = C.Buffer.find('\n', Cmd.Close);
    return NL == StringRef::npos ? C.Buffer.size() : NL + 1;
  }
  return C.lineStart(C.CMake.Commands.front().Offset);
}

class CMakeSourcesRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-sources", IdKind::Edit,
         "CMake: the .cu sources of a directory's targets are compiled as HIP"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    bool HasTarget = false;
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      HasTarget |= isTargetCommand(Cmd.lowerName());
    if (!HasTarget || C.CMake.Commands.empty())
      return;
    std::string Block;
    if (cmakeUsesCuda(C.CMake)) {
      if (C.Buffer.contains("cu2hip_cu_sources_as_hip"))
        return; // ported already
      Block = Helper + runtimeBlock(C);
    } else if (usesToolkit(C.CMake) && !C.Buffer.contains("CU2HIP_INCLUDE_DIR")) {
      Block = runtimeBlock(C); // C++ sources calling CUDA libraries
    }
    if (Block.empty())
      return;
    unsigned At = blockOffset(C);
    C.insert(id(), At, At == C.Buffer.size() && !C.Buffer.endswith("\n") ? "\n" + Block : Block);
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeSourcesRule() {
  return std::make_unique<CMakeSourcesRule>();
}

} // namespace build
} // namespace cu2hip
