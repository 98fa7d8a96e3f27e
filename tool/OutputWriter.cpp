//===- OutputWriter.cpp - writing outputs without losing inputs -----------===//
#include "OutputWriter.h"
#include "StoredResult.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/Signals.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace cu2hip {

namespace {

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

Error fileError(std::error_code EC, const Twine &What) {
  return createStringError(EC, "%s: %s", What.str().c_str(), EC.message().c_str());
}

/// Writes all of `Data` to `FD`, retrying short writes and EINTR.
std::error_code writeAll(int FD, StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(FD, Data.data(), Data.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return lastError();
    Data = Data.drop_front(N);
  }
  return {};
}

/// Streams the rest of `In` into `Out`.
std::error_code copyStream(int In, int Out) {
  char Buf[1 << 16];
  for (;;) {
    ssize_t N = ::read(In, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return lastError();
    if (N == 0)
      return {};
    if (std::error_code EC = writeAll(Out, StringRef(Buf, N)))
      return EC;
  }
}


/// A temporary beside `Path` (removed on SIGINT/SIGTERM until committed).
Expected<sys::fs::TempFile> tempBeside(StringRef Path) {
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (!Dir.empty())
    if (std::error_code EC =
            sys::fs::create_directories(Dir, /*IgnoreExisting=*/true, sys::fs::all_all))
      return fileError(EC, "cannot create directory " + Dir);
  InterruptsHeld Held;
  auto Tmp = sys::fs::TempFile::create(temporaryPattern(Path));
  if (!Tmp)
    return fileError(errorToErrorCode(Tmp.takeError()),
                     "cannot create a temporary file beside " + Path);
  return Tmp;
}

/// Renames `Tmp` over `Path` (replacing a link there, never writing
/// through it); on failure the temporary is removed.
Error commitTemp(sys::fs::TempFile &Tmp, StringRef Path) {
  InterruptsHeld Held;
  if (std::error_code EC = sys::fs::rename(Tmp.TmpName, Path)) {
    consumeError(Tmp.discard());
    return fileError(EC, "cannot rename into " + Path);
  }
  return Tmp.keep();
}

/// Gives `FD` the mode and, where allowed, the owner of `St`.
std::error_code copyMetadata(int FD, const struct stat &St) {
  if (::fchmod(FD, St.st_mode & 07777) != 0)
    return lastError();
  // Only root may give a file away; for others this fails and the file
  // stays theirs, which is what a rewrite by its owner means anyway.
  (void)!::fchown(FD, St.st_uid, St.st_gid);
  return {};
}

/// Creates `Input.orig` (or `.orig.N`) exclusively, holding `Original` with
/// the metadata of `St`, and returns its name.
Expected<std::string> writeBackup(StringRef Input, StringRef Original,
                                  const struct stat &St) {
  for (unsigned N = 0; N < 1000; ++N) {
    std::string Name = (Input + ".orig" + (N ? "." + Twine(N) : Twine())).str();
    // O_EXCL: fails on any existing name, a dangling symbolic link included.
    int FD = ::open(Name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
                    St.st_mode & 0777);
    if (FD < 0 && errno == EEXIST)
      continue;
    if (FD < 0)
      return fileError(lastError(), "cannot create backup " + Name);
    std::error_code EC = copyMetadata(FD, St);
    if (!EC)
      EC = writeAll(FD, Original);
    if (!EC && ::fsync(FD) != 0)
      EC = lastError();
    if (::close(FD) != 0 && !EC)
      EC = lastError();
    if (EC) {
      ::unlink(Name.c_str());
      return fileError(EC, "cannot write backup " + Name);
    }
    return Name;
  }
  return createStringError(std::errc::file_exists, "%s.orig .. .orig.999 all exist",
                           Input.str().c_str());
}

/// Writes `Content` into the existing inode of `Target` (hard links kept).
Error overwriteInode(StringRef Target, StringRef Content, StringRef Backup) {
  int FD = ::open(Target.str().c_str(), O_WRONLY | O_CLOEXEC);
  if (FD < 0)
    return fileError(lastError(), "cannot open " + Target + " for writing");
  std::error_code EC = writeAll(FD, Content);
  if (!EC && ::ftruncate(FD, Content.size()) != 0)
    EC = lastError();
  if (::close(FD) != 0 && !EC)
    EC = lastError();
  if (EC)
    return fileError(EC, "cannot write " + Target + " (its content is in " + Backup + ")");
  return Error::success();
}

/// Replaces `Target` through a temporary, keeping the metadata of `St`.
Error replaceKeepingMetadata(StringRef Target, StringRef Content, const struct stat &St) {
  auto Tmp = tempBeside(Target);
  if (!Tmp)
    return Tmp.takeError();
  std::error_code EC = writeAll(Tmp->FD, Content);
  if (!EC)
    EC = copyMetadata(Tmp->FD, St);
  if (EC) {
    consumeError(Tmp->discard());
    return fileError(EC, "cannot write " + Target);
  }
  return commitTemp(*Tmp, Target);
}

/// Refuses `Path` unless it lies lexically under `Root` and every directory
/// between them is a directory, not a symbolic link (lstat).
Error checkRealPathUnder(StringRef Path, StringRef Root) {
  SmallString<256> Norm(Path);
  sys::path::remove_dots(Norm, /*remove_dot_dot=*/true);
  if (!sys::path::is_absolute(Path) || Norm != Path || Root.empty() ||
      !Path.startswith(Root) || Path.size() <= Root.size() + 1 ||
      (Path[Root.size()] != '/' && !Root.endswith("/")))
    return createStringError(std::errc::operation_not_permitted,
                             "%s is not a path under the out-root %s", Path.str().c_str(),
                             Root.str().c_str());
  for (StringRef Dir = sys::path::parent_path(Path); Dir.size() > Root.size();
       Dir = sys::path::parent_path(Dir)) {
    struct stat St;
    if (::lstat(Dir.str().c_str(), &St) != 0)
      return fileError(lastError(), "cannot stat " + Dir);
    if (!S_ISDIR(St.st_mode))
      return createStringError(std::errc::operation_not_permitted,
                               "%s is not a directory (a symbolic link?): not followed",
                               Dir.str().c_str());
  }
  return Error::success();
}

/// contentHash of the regular file `Path` (never through a link); `St`
/// receives its status.
Expected<std::string> hashRegularFile(StringRef Path, struct stat &St) {
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return fileError(lastError(), "cannot read " + Path);
  auto Close = make_scope_exit([FD] { ::close(FD); });
  if (::fstat(FD, &St) != 0)
    return fileError(lastError(), "cannot read " + Path);
  if (!S_ISREG(St.st_mode))
    return createStringError(std::errc::invalid_argument, "%s: not a regular file",
                             Path.str().c_str());
  std::string Bytes;
  char Buf[1 << 16];
  for (;;) {
    ssize_t N = ::read(FD, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return fileError(lastError(), "cannot read " + Path);
    if (N == 0)
      return contentHash(Bytes);
    Bytes.append(Buf, N);
  }
}

/// Moves `Path` aside to a fresh temporary name beside it.
Expected<std::string> moveAside(StringRef Path) {
  for (unsigned Try = 0; Try < 100; ++Try) {
    SmallString<256> Tmp;
    sys::fs::createUniquePath(temporaryPattern(Path), Tmp, /*MakeAbsolute=*/false);
    // link() never replaces: a name taken since is tried again.
    if (::link(Path.str().c_str(), Tmp.c_str()) == 0) {
      if (::unlink(Path.str().c_str()) != 0) {
        std::error_code EC = lastError();
        ::unlink(Tmp.c_str());
        return fileError(EC, "cannot remove " + Path);
      }
      return std::string(Tmp);
    }
    if (errno != EEXIST)
      return fileError(lastError(), "cannot move " + Path + " aside");
  }
  return createStringError(std::errc::file_exists, "no free temporary name beside %s",
                           Path.str().c_str());
}

/// Links `Tmp` back under its name `Path` (never replacing what is there
/// now), then drops the name `Tmp`.
Error moveBack(StringRef Tmp, StringRef Path) {
  if (::link(Tmp.str().c_str(), Path.str().c_str()) != 0)
    return fileError(lastError(), "cannot move " + Tmp + " back to " + Path);
  ::unlink(Tmp.str().c_str());
  return Error::success();
}

/// `Path`, moved aside to `Tmp`, is unlinked when it is still the file of
/// `Before` holding content that hashes `Hash`; otherwise moved back.
Expected<StaleRemoval> unlinkIfUnchanged(StringRef Tmp, StringRef Path, StringRef Hash,
                                         const struct stat &Before) {
  struct stat After;
  Expected<std::string> H = hashRegularFile(Tmp, After);
  std::optional<std::string> Got;
  if (H)
    Got = *H;
  bool Same = Got && *Got == Hash && After.st_ino == Before.st_ino &&
              After.st_dev == Before.st_dev;
  if (Same && ::unlink(Tmp.str().c_str()) == 0)
    return StaleRemoval::Removed;
  std::error_code UnlinkEC = Same ? lastError() : std::error_code();
  if (Error E = moveBack(Tmp, Path)) {
    if (!H)
      consumeError(H.takeError());
    return std::move(E);
  }
  if (!H)
    return H.takeError();
  if (Same)
    return fileError(UnlinkEC, "cannot remove " + Path);
  return StaleRemoval::Edited;
}

} // namespace

Expected<StaleRemoval> removeUnchangedOutput(StringRef Path, StringRef Root, StringRef Hash,
                                             bool DryRun) {
  // Nothing there, its directory removed too: already gone, whatever the
  // path goes through (nothing can be removed through it).
  struct stat Before;
  if (::lstat(Path.str().c_str(), &Before) != 0 && (errno == ENOENT || errno == ENOTDIR))
    return StaleRemoval::Gone;
  if (Error E = checkRealPathUnder(Path, Root))
    return std::move(E);
  if (::lstat(Path.str().c_str(), &Before) != 0)
    return errno == ENOENT ? Expected<StaleRemoval>(StaleRemoval::Gone)
                           : fileError(lastError(), "cannot stat " + Path);
  if (!S_ISREG(Before.st_mode))
    return createStringError(std::errc::invalid_argument,
                             "%s is not a regular file (a symbolic link?)",
                             Path.str().c_str());
  if (DryRun) {
    Expected<std::string> H = hashRegularFile(Path, Before);
    if (!H)
      return H.takeError();
    return *H == Hash ? StaleRemoval::WouldRemove : StaleRemoval::Edited;
  }
  InterruptsHeld Held;
  Expected<std::string> Tmp = moveAside(Path);
  if (!Tmp)
    return Tmp.takeError();
  return unlinkIfUnchanged(*Tmp, Path, Hash, Before);
}

void removeEmptyDirsUpTo(StringRef Dir, StringRef Root, function_ref<bool(StringRef)> Keep) {
  for (std::string D = Dir.str(); D.size() > Root.size() && StringRef(D).startswith(Root);
       D = sys::path::parent_path(D).str())
    if (Keep(D) || ::rmdir(D.c_str()) != 0)
      return;
}

std::optional<sys::fs::UniqueID> identityOf(StringRef Path) {
  sys::fs::UniqueID Id;
  if (sys::fs::getUniqueID(Path, Id))
    return std::nullopt;
  return Id;
}

std::optional<unsigned> permissionsOf(StringRef Path) {
  struct stat St;
  if (::stat(Path.str().c_str(), &St) != 0)
    return std::nullopt;
  return St.st_mode & 07777;
}

void InputGuard::addInputFile(StringRef Path) { WriteGate::get().protectFile(Path); }

void InputGuard::addInputDir(sys::fs::UniqueID Id) { WriteGate::get().protectDir(Id); }

bool InputGuard::isInputDir(sys::fs::UniqueID Id) const {
  return WriteGate::get().isProtectedDir(Id);
}

Error InputGuard::check(StringRef Output) const { return WriteGate::get().check(Output); }

Error copyFileAtomically(StringRef From, StringRef To) {
  // O_NONBLOCK: a FIFO swapped in since the walk must not hang the run.
  int In = ::open(From.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (In < 0)
    return fileError(lastError(), "cannot read " + From);
  auto CloseIn = make_scope_exit([In] { ::close(In); });
  struct stat St;
  if (::fstat(In, &St) != 0)
    return fileError(lastError(), "cannot read " + From);
  if (!S_ISREG(St.st_mode))
    return createStringError(std::errc::invalid_argument, "%s: not a regular file, not copied",
                             From.str().c_str());
  if (Error E = WriteGate::get().check(To))
    return E;
  struct stat Dest;
  if (::stat(To.str().c_str(), &Dest) == 0 && !S_ISREG(Dest.st_mode))
    return createStringError(std::errc::file_exists, "%s exists and is not a regular file; "
                             "not replaced", To.str().c_str());
  auto Tmp = tempBeside(To);
  if (!Tmp)
    return Tmp.takeError();
  std::error_code EC = copyStream(In, Tmp->FD);
  if (!EC && ::fchmod(Tmp->FD, St.st_mode & 07777) != 0)
    EC = lastError();
  if (EC) {
    consumeError(Tmp->discard());
    return fileError(EC, "cannot copy " + From + " to " + To);
  }
  return commitTemp(*Tmp, To);
}

Error writeInPlace(StringRef Input, StringRef Original, StringRef Ported,
                   std::string &BackupPath) {
  if (Error E = WriteGate::get().checkInPlace(Input))
    return E;
  SmallString<256> Target;
  if (std::error_code EC = sys::fs::real_path(Input, Target))
    return fileError(EC, "cannot resolve " + Input);
  struct stat St;
  if (::stat(Target.c_str(), &St) != 0)
    return fileError(lastError(), "cannot stat " + Target);
  if (!S_ISREG(St.st_mode))
    return createStringError(std::errc::invalid_argument, "%s: not a regular file",
                             Target.c_str());
  Expected<std::string> Backup = writeBackup(Input, Original, St);
  if (!Backup)
    return Backup.takeError();
  BackupPath = *Backup;
  if (St.st_nlink > 1)
    return overwriteInode(Target, Ported, BackupPath);
  return replaceKeepingMetadata(Target, Ported, St);
}

Error writeToStdout(StringRef Text) {
  outs() << Text;
  outs().flush();
  if (!outs().has_error())
    return Error::success();
  std::error_code EC = outs().error();
  outs().clear_error();
  return fileError(EC, "cannot write to standard output");
}

} // namespace cu2hip
