//===- CheckRun.h - running the HIP compiler and nvcc for `cu2hip check` --===//
//
// How `cu2hip check` runs a compiler: the host's hipcc, a ROCm install
// (--rocm-root DIR with DIR/bin/hipcc), a full ROCm root file system
// (--rocm-root DIR with DIR/usr/bin/hipcc and DIR/bin/sh: the compiler runs
// as `chroot DIR hipcc ...` inside a private mount namespace, `unshare
// --mount --propagation private`, holding /proc, /dev and bind mounts of the
// directories the compile reads at their own absolute paths; needs root),
// or a command prefix (--hipcc "PREFIX", word-split).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_CHECKRUN_H
#define CU2HIP_TOOL_CHECKRUN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cu2hip {

class HipCompiler {
public:
  /// The compiler chosen by --hipcc (`Prefix`, word-split) or --rocm-root
  /// (`Root`), else hipcc on PATH. An error says what is missing.
  static llvm::Expected<HipCompiler> choose(llvm::StringRef Prefix, llvm::StringRef Root);

  /// The command line that runs the compiler with `Args`, reading files
  /// under `Binds` (absolute directories; only a chroot needs them).
  std::vector<std::string> command(const std::vector<std::string> &Args,
                                   const std::vector<std::string> &Binds) const;
  /// Whether the chroot's root holds files of its own below the absolute
  /// directory `Dir` (its /usr/include, /usr/local/include, /opt/rocm):
  /// such a directory is never bind-mounted over, so a user's
  /// `-I/usr/include` reads the root's headers there, not this system's
  /// (which would hide ROCm's). Always false without a chroot.
  bool rootHas(llvm::StringRef Dir) const;
  /// `Dirs` without those rootHas: the directories command() binds.
  std::vector<std::string> bindable(std::vector<std::string> Dirs) const;
  /// A path for a temporary output file `Name` as the compiler sees it, and
  /// the same file as this process sees it.
  std::string tempInside(llvm::StringRef Name) const;
  std::string tempOutside(llvm::StringRef Name) const;
  /// In words, for the report: "chroot /root hipcc", "/opt/rocm/bin/hipcc".
  std::string describe() const;
  bool usesChroot() const { return !ChrootDir.empty(); }

private:
  std::string ChrootDir;           ///< a full root file system, or ""
  std::vector<std::string> Prefix; ///< the compiler (and leading words)
  std::string TempDir;             ///< for output files, outside the chroot
};

/// Runs `Argv` with stdout and stderr into `LogPath`, stdin from /dev/null,
/// HIP_PLATFORM=amd added to the environment, in a process group of its
/// own that is killed (SIGKILL) after `Timeout` seconds (0: no limit) and
/// when this process gets SIGINT/SIGTERM/SIGHUP/SIGQUIT (LogPath is removed
/// then). Returns the exit status (-1 when it could not be run or was
/// killed; `Err` then says why: "timed out after N s (killed)" with
/// `*TimedOut` set). Thread-safe: the compiles of `check -j N`.
int runLogged(const std::vector<std::string> &Argv, llvm::StringRef LogPath, unsigned Timeout,
              std::string &Err, bool *TimedOut = nullptr);

/// The fewest directories covering `Dirs` (a directory inside another one
/// of the list is dropped), sorted.
std::vector<std::string> coveringDirs(std::vector<std::string> Dirs);

} // namespace cu2hip

#endif
