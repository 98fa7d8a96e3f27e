//===- Driver.h - a port run, as a library --------------------------------===//
//
// What `cu2hip` does with its options (RunOptions.h), without the command
// line: plan the inputs (Inputs.h), port them (cu2hip/Porter.h), keep what
// the out-root's manifest shows unchanged (Manifest.h), or export/apply
// per-unit edits (EditExport.h), write (OutputWriter.h), port the build
// files, copy the rest of the tree, and report (Summary.h, Sarif.h).
// CommandLine.cpp turns argv into RunOptions and calls runPort; unit tests
// call it directly.
//
// Files: Driver.cpp (options, maps, inputs: prepare), Incremental.cpp
// (manifest, digests, stale outputs), ExportApply.cpp (--export-edits,
// `apply`), Run.cpp (the run's steps: port, write, copy, report).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_DRIVER_H
#define CU2HIP_TOOL_DRIVER_H

#include "RunOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace cu2hip {

/// "cu2hip <version> (Clang/LLVM <version>)", for --version and doctor.
std::string versionLine();
/// The first existing directory of the installed layout (`Installed`,
/// relative to the executable's parent directory) and the source-tree
/// layout (`Source`); "" when neither exists.
std::string findDataDir(llvm::StringRef Argv0, llvm::StringRef Installed,
                        llvm::StringRef Source);
/// The directory holding <cu2hip/wave.h> etc. (--print-include-dir).
std::string runtimeIncludeDir(llvm::StringRef Argv0);
/// The bundled declaration-only CUDA headers (docs/sdk-free.md), or "".
std::string bundledCudaDeclsDir(llvm::StringRef Argv0);
/// Clang's resource directory this cu2hip was built with.
llvm::StringRef clangResourceDir();

/// Ports what `O` names and writes the outputs, the manifest and the
/// report; prints findings and the summary on stderr. Returns the exit
/// status: 0, or 1 when a file failed (parse error, I/O error, edit
/// conflict, a stale export). A usage or setup error (bad option, missing
/// input, an output that is an input) is an Error: nothing was written and
/// the exit status is 2.
llvm::Expected<int> runPort(const RunOptions &O);

} // namespace cu2hip

#endif
