//===- RuntimeBundle.h - cu2hip's runtime headers inside a ported tree ----===//
//
// Ported sources may include <cu2hip/wave.h> and the other runtime headers.
// A tree run (--out-root) whose build files need them copies the runtime
// header directory into the ported tree as <out-root>/cu2hip-runtime/, and
// the ported build files name it relative to themselves (build rules,
// BuildOptions::RuntimeIncludeRelative): the ported tree builds wherever it
// is moved, on machines without cu2hip.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_RUNTIMEBUNDLE_H
#define CU2HIP_TOOL_RUNTIMEBUNDLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cu2hip {

/// The directory of the copied runtime headers, below the out-root.
constexpr const char *RuntimeBundleDir = "cu2hip-runtime";

/// The file that marks a directory as cu2hip's copy of its runtime headers
/// (written into it with the copy): a tree holding an earlier port has its
/// copy copied as it is, never ported; a user's own directory named
/// cu2hip-runtime (no marker) is never replaced.
constexpr const char *RuntimeBundleMarker = ".cu2hip-runtime-copy";

/// One file of the runtime copy: where it comes from ("" for the marker)
/// and where it goes (absolute).
struct BundledFile {
  std::string From, To;
};

/// The files copyRuntimeHeaders writes for `IncludeDir` into `OutRoot`,
/// the marker last; none when `OutRoot` is "".
std::vector<BundledFile> runtimeBundleFiles(llvm::StringRef IncludeDir,
                                            llvm::StringRef OutRoot);

/// Copies every file under `IncludeDir` (the runtime header directory) to
/// `<OutRoot>/cu2hip-runtime/`, each atomically, and writes the marker.
/// Returns the files bundled (a file whose copy already holds its bytes is
/// not written again), each with its contentHash in `Hashes` if given; an
/// error names the file that could not be copied.
llvm::Expected<std::vector<BundledFile>>
copyRuntimeHeaders(llvm::StringRef IncludeDir, llvm::StringRef OutRoot,
                   std::vector<std::string> *Hashes = nullptr);

/// True when `Path`, a file of the tree at `InRoot`, lies in a copy of the
/// runtime headers that an earlier run bundled: a directory named
/// cu2hip-runtime holding the marker, at any depth below `InRoot` (a
/// ported tree, or a tree holding one, ported again). Such files are
/// copied, not ported: they are cu2hip's own HIP headers.
bool isInRuntimeBundle(llvm::StringRef Path, llvm::StringRef InRoot);

/// The bundled directory as seen from the directory of `BuildFile` (both
/// under `OutRoot`, absolute): "cu2hip-runtime" for a file at the top,
/// "../../cu2hip-runtime" two levels down.
std::string bundleFrom(llvm::StringRef BuildFile, llvm::StringRef OutRoot);

} // namespace cu2hip

#endif
