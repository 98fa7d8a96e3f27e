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

/// The helper, and the runtime headers' directory when the sources need it.
std::string block(const BuildContext &C) {
  std::string B = Helper;
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
    if (!cmakeUsesCuda(C.CMake) || C.Buffer.contains("cu2hip_cu_sources_as_hip"))
      return; // no CUDA, or ported already
    bool HasTarget = false;
    for (const CMakeCommand &Cmd : C.CMake.Commands)
      HasTarget |= isTargetCommand(Cmd.lowerName());
    if (!HasTarget || C.CMake.Commands.empty())
      return;
    // At the top level: after project(), or before the file's first command.
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      if (Cmd.lowerName() != "project")
        continue;
      size_t NL = C.Buffer.find('\n', Cmd.Close);
      if (NL == StringRef::npos)
        C.insert(id(), C.Buffer.size(), "\n" + block(C));
      else
        C.insert(id(), NL + 1, block(C));
      return;
    }
    C.insert(id(), C.lineStart(C.CMake.Commands.front().Offset), block(C));
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeSourcesRule() {
  return std::make_unique<CMakeSourcesRule>();
}

} // namespace build
} // namespace cu2hip
