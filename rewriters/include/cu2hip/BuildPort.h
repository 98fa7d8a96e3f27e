//===- BuildPort.h - porting CMake and make files -------------------------===//
//
// Build files of a ported tree (CMakeLists.txt, *.cmake, Makefile, *.mk)
// are rewritten by the build rules (rewriters/build/, family `build-*`,
// docs/rules.md): CUDA languages, variables, properties, packages and
// targets become their HIP forms, nvcc commands and flags hipcc's, CUDA
// libraries and SDK paths ROCm's. What cannot be translated soundly is a
// finding with file:line; a file that does not lex is written unchanged
// with an error (build-syntax).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BUILDPORT_H
#define CU2HIP_BUILDPORT_H

#include "cu2hip/Porter.h"
#include "cu2hip/Rule.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

enum class BuildKind { None, CMake, Make };

/// What kind of build file `Path` names: CMakeLists.txt and *.cmake are
/// CMake; Makefile, makefile, GNUmakefile, *.mk and *.make are make.
BuildKind buildKindOf(llvm::StringRef Path);

/// Options of the build rules.
struct BuildOptions {
  /// AMD GPU targets, ';'-separated (--offload-arch): the default of the
  /// CMAKE_HIP_ARCHITECTURES cache variable and of make's OFFLOAD_ARCH.
  std::string OffloadArch = "gfx942;gfx90a;gfx1100";
  /// cu2hip's runtime header directory (<cu2hip/wave.h>, ...), when the
  /// ported sources include those headers; "" when none does. Written as
  /// an overridable default: CMake's CU2HIP_INCLUDE_DIR cache variable,
  /// make's CU2HIP_INCLUDE.
  std::string RuntimeInclude;
  /// RuntimeInclude is relative to the build file's own directory (the
  /// headers copied into the ported tree, tool/RuntimeBundle.h): CMake gets
  /// ${CMAKE_CURRENT_LIST_DIR}/<dir>, make the directory of the makefile
  /// (from MAKEFILE_LIST) followed by <dir>. Otherwise it is absolute.
  bool RuntimeIncludeRelative = false;
  /// The ported sources call roctx (NVTX ported to <cu2hip/roctx.h>), whose
  /// library the build must link: NVTX 3 is header-only on CUDA, so the
  /// original build file names no library. Make files get
  /// CU2HIP_ROCTX_LIBS ?= -lroctx64 and link it (build-make-flags).
  bool LinkRoctx = false;
};

/// Ports one build file of kind `Kind` (not None). Never fails as a whole:
/// a lexing error leaves Ported == Original, Failed set and a build-syntax
/// finding naming the line.
FileResult portBuildFile(llvm::StringRef Path, llvm::StringRef Text, BuildKind Kind,
                         const BuildOptions &Opts);

/// Every id the build rules emit (for the rule catalogue).
std::vector<RuleIdInfo> buildRuleIds();

} // namespace cu2hip

#endif
