//===- OutputWriter.h - writing outputs without losing inputs -------------===//
//
// Every byte cu2hip writes goes through here: ported files, copies of the
// other files of a tree, --inplace backups and rewrites, the --report file
// and standard output. The rules (README.md, "Nothing is lost"):
//  - no output may be, or lie in a directory of, an input (compared by file
//    identity, device + inode, so symbolic links and bind mounts count),
//    unless --inplace;
//  - a final path only ever holds a complete file: a temporary beside it,
//    then rename; temporaries are removed on SIGINT/SIGTERM;
//  - an I/O error names the file and is returned, never fatal.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_OUTPUTWRITER_H
#define CU2HIP_TOOL_OUTPUTWRITER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include <optional>
#include <set>
#include <string>

namespace cu2hip {

/// Identity (device, inode) of the file or directory at `Path`, following
/// symbolic links; none when it does not exist.
std::optional<llvm::sys::fs::UniqueID> identityOf(llvm::StringRef Path);

/// The inputs of a run by identity, for refusing outputs that would replace
/// or write into them: a view of the process's write gate
/// (cu2hip/FileIO.h), which every writer consults.
class InputGuard {
public:
  /// An input file (ported or copied).
  void addInputFile(llvm::StringRef Path);
  /// A directory of the input tree: no output may be created inside it.
  void addInputDir(llvm::sys::fs::UniqueID Id);
  bool isInputDir(llvm::sys::fs::UniqueID Id) const;

  /// Error (naming `Output`) when `Output` is an input, or when an existing
  /// directory on its path is a directory of the input tree, or a directory
  /// between the out-root and `Output` is a symbolic link (WriteGate::check).
  llvm::Error check(llvm::StringRef Output) const;
};

/// Copies `From` (a regular file) to `To` atomically, keeping the
/// permission bits: streamed into a temporary beside `To`, then renamed.
llvm::Error copyFileAtomically(llvm::StringRef From, llvm::StringRef To);

/// Rewrites `Input` in place with `Ported`: first a backup `Input.orig`
/// (`Input.orig.N` when that name is taken, even by a dangling link; never
/// through a link) holding `Original` with the file's mode and owner, then
/// the new content into the file a symbolic link `Input` leads to. A file
/// with several hard links is written into the same inode; others through a
/// temporary and rename, keeping mode and (where allowed) owner.
/// `BackupPath` receives the backup's name.
llvm::Error writeInPlace(llvm::StringRef Input, llvm::StringRef Original,
                         llvm::StringRef Ported, std::string &BackupPath);

/// Writes `Text` to standard output and flushes it; an error (a full disk,
/// /dev/full, a closed pipe) is returned and cleared on the stream.
llvm::Error writeToStdout(llvm::StringRef Text);

/// The permission bits of `Path` (following links), if it can be read.
std::optional<unsigned> permissionsOf(llvm::StringRef Path);

/// What removeUnchangedOutput found at the path.
enum class StaleRemoval {
  Removed,     ///< it held the recorded content and is gone now
  WouldRemove, ///< dry run: it holds the recorded content
  Edited,      ///< its content differs from what was recorded: kept
  Gone,        ///< nothing is there
};

/// Removes `Path`, an output that an earlier run wrote under the directory
/// `Root` (both absolute), when it still is a regular file whose content
/// hashes `Hash` (contentHash); with `DryRun` it only checks. Symbolic links
/// are never followed: `Path` must lie lexically under `Root`, every
/// directory between them must be a real directory and `Path` a regular
/// file. The file is first renamed to a temporary beside it, checked there
/// and unlinked, or linked back under its name (never replacing a file made
/// there meanwhile). An error names the path and keeps the file.
llvm::Expected<StaleRemoval> removeUnchangedOutput(llvm::StringRef Path,
                                                   llvm::StringRef Root,
                                                   llvm::StringRef Hash, bool DryRun);

/// Removes the directory `Dir`, then its parents, up to but not including
/// `Root`, while each is empty and `Keep` says no for it (rmdir, which never
/// follows a link).
void removeEmptyDirsUpTo(llvm::StringRef Dir, llvm::StringRef Root,
                         llvm::function_ref<bool(llvm::StringRef)> Keep);

} // namespace cu2hip

#endif
