//===- FileIO.h - the one gate for writes, the one reader for reads --------===//
//
// Every file cu2hip writes (ported outputs, copies, the manifest, the
// runtime copy, reports, edit exports, --inplace backups, temporaries) is
// first checked by the write gate here; every file it reads (sources, the
// manifest, exports, compile_commands.json, maps, SDK headers) is read by
// readFileChecked. The rules (README.md, "Nothing is lost"):
//  - no write replaces an input or lands in a directory of the input tree
//    (decided by file identity, device + inode, of every existing ancestor:
//    spellings, symbolic links and bind mounts count as the same file),
//    except the inputs --inplace was asked to rewrite;
//  - below the out-root no symbolic link is followed: every directory
//    between the out-root and the written file is a real directory;
//  - a read takes regular files only, up to a size limit, so a FIFO or
//    /dev/zero gives an error naming the path, never a hang or an
//    out-of-memory abort.
// tool/OutputWriter.cpp holds the writers built on the gate (copies,
// --inplace, removal of stale outputs); the unit test FileIOTest lists the
// files allowed to call raw write and read APIs.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_FILEIO_H
#define CU2HIP_FILEIO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace cu2hip {

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// The default limit of readFileChecked, in bytes (1 GiB): larger than any
/// source, manifest or compilation database cu2hip is meant to read.
constexpr uint64_t DefaultReadLimit = 1ull << 30;

/// Reads the whole of `Path` (following links) into memory. Errors, each
/// naming `Path`: it cannot be opened, it is not a regular file (a FIFO, a
/// device such as /dev/zero, a directory: opened without blocking and
/// refused before any read), or it holds more than `MaxBytes` bytes.
/// `NullTerminated` as in MemoryBuffer::getOpenFile.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readFileChecked(llvm::StringRef Path, uint64_t MaxBytes = DefaultReadLimit,
                bool NullTerminated = false);

/// At most the first `MaxBytes` bytes of `Path`, a regular file or not (a
/// /proc file, a FIFO with a writer: read without blocking, what is there
/// now). Errors name `Path`.
llvm::Expected<std::string> readFileHead(llvm::StringRef Path, uint64_t MaxBytes);

/// What a file of st_mode `Mode` is, for messages about files cu2hip does
/// not read: "a FIFO", "a character device", ..., "not a regular file".
const char *fileKindName(unsigned Mode);

/// The checks of readFileChecked without reading: for a file another
/// library opens itself (Clang's JSONCompilationDatabase reads
/// compile_commands.json).
llvm::Error checkReadable(llvm::StringRef Path, uint64_t MaxBytes = DefaultReadLimit);

//===----------------------------------------------------------------------===//
// The write gate
//===----------------------------------------------------------------------===//

/// The process's record of what may not be written: the inputs of the run
/// by identity, the directories of the input tree, the out-root below which
/// no symbolic link is followed, and the inputs --inplace may rewrite.
/// Thread-safe; filled while a run is set up, consulted by every writer.
class WriteGate {
public:
  /// The one gate of the process.
  static WriteGate &get();

  /// An input file (ported or copied): never replaced, unless allowInPlace.
  void protectFile(llvm::StringRef Path);
  /// A directory of the input tree: nothing is created inside it (unless
  /// it is the directory of an allowInPlace file: backups and temporaries).
  void protectDir(llvm::sys::fs::UniqueID Id);
  bool isProtectedDir(llvm::sys::fs::UniqueID Id) const;
  /// An input the run rewrites in place (--inplace).
  void allowInPlace(llvm::StringRef Path);
  /// The out-root (absolute): paths below it are written through real
  /// directories only.
  void setOutRoot(llvm::StringRef Root);
  /// Forgets everything (unit tests).
  void reset();

  /// Whether `Path` (absolute) may be created or replaced by a new file.
  /// Errors name `Path` and say why: it is an input; an existing directory
  /// on its path is one of the input tree's; a directory between the
  /// out-root and `Path` is a symbolic link.
  llvm::Error check(llvm::StringRef Path) const;
  /// Whether `Input` may be rewritten in place with a backup beside it: it
  /// was given to allowInPlace (by identity).
  llvm::Error checkInPlace(llvm::StringRef Input) const;

private:
  mutable std::mutex Mu;
  std::set<llvm::sys::fs::UniqueID> Files, Dirs, InPlace;
  std::string OutRoot;
};

/// Writes `Content` to `Path` atomically once WriteGate::check allows it:
/// a temporary file in the same directory named
/// `<Path>.cu2hip-tmp-<pid>-XXXXXX` (removed on SIGINT/SIGTERM/SIGHUP/
/// SIGQUIT, and by a later run when this process was killed: see
/// sweepOrphanedTemporaries), then rename; parent directories are created.
/// A symbolic link at `Path` is replaced, never written through; an
/// existing device or FIFO there (/dev/null, /dev/stdout) is written into,
/// not replaced, with `IntoSpecial` (a file the user named); without it
/// (cu2hip's own state files) it is replaced too. `Mode` (permission bits)
/// is given to the new file; without it the process umask applies. Errors
/// name `Path`; nothing is left at `Path` on failure (an existing file there
/// stays as it was).
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content,
                                std::optional<unsigned> Mode = std::nullopt,
                                bool IntoSpecial = true);

/// Creates an empty file `<tmp>/<Prefix>-<pid>-XXXXXX.<Suffix>` in the
/// system's temporary directory (TMPDIR) once WriteGate::check allows it
/// (a TMPDIR inside the input tree is refused); `Path` receives its name.
llvm::Error createTemporaryFile(llvm::StringRef Prefix, llvm::StringRef Suffix,
                                llvm::SmallVectorImpl<char> &Path);

/// Creates a fresh directory `<tmp>/<Prefix>.cu2hip-tmp-<pid>-XXXXXX`
/// (owner-only permissions) in the system's temporary directory (TMPDIR)
/// once WriteGate::check allows it (a TMPDIR inside the input tree is
/// refused); `Path` receives its name. Named like every temporary
/// (temporaryPattern), so a later run removes it when this process was
/// killed (sweepOrphanedTemporaryDirs). Errors name the directory.
llvm::Error createTemporaryDirectory(llvm::StringRef Prefix, llvm::SmallVectorImpl<char> &Path);

/// Removes the directories directly inside the system's temporary
/// directory named like a temporary (createTemporaryDirectory) of a process
/// that no longer exists (a run killed by SIGKILL): the regular files in
/// each, then the directory (which stays when anything else is left in
/// it); never follows links. Returns how many directories went.
unsigned sweepOrphanedTemporaryDirs();

/// The pattern of a temporary beside `Path` (for sys::fs::TempFile::create
/// or createUniquePath): names carry this process's id so that a later run
/// can tell an orphan (its process gone) from a live run's temporary.
std::string temporaryPattern(llvm::StringRef Path);

/// Removes, below the directory `Root`, the regular files named like a
/// temporary (temporaryPattern) of a process that no longer exists (a run
/// killed by SIGKILL), never following links. Returns how many.
unsigned sweepOrphanedTemporaries(llvm::StringRef Root);

} // namespace cu2hip

#endif
