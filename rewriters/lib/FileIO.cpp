//===- FileIO.cpp - the one gate for writes, the one reader for reads ------===//
#include "cu2hip/FileIO.h"
#include "cu2hip/Signals.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace cu2hip {

namespace {

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

/// Opens `Path` for reading without blocking and checks it; the open
/// descriptor and its size on success.
Expected<std::pair<int, uint64_t>> openChecked(StringRef Path, uint64_t MaxBytes) {
  // O_NONBLOCK: opening a FIFO with no writer would block here.
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return createStringError(lastError(), "cannot read %s: %s", Path.str().c_str(),
                             lastError().message().c_str());
  struct stat St;
  if (::fstat(FD, &St) != 0) {
    std::error_code EC = lastError();
    ::close(FD);
    return createStringError(EC, "cannot read %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  if (!S_ISREG(St.st_mode)) {
    ::close(FD);
    return createStringError(std::errc::invalid_argument,
                             "cannot read %s: %s, not a regular file", Path.str().c_str(),
                             fileKindName(St.st_mode));
  }
  if (uint64_t(St.st_size) > MaxBytes) {
    ::close(FD);
    return createStringError(std::errc::file_too_large,
                             "cannot read %s: %llu bytes, more than the limit of %llu",
                             Path.str().c_str(), (unsigned long long)St.st_size,
                             (unsigned long long)MaxBytes);
  }
  return std::make_pair(FD, uint64_t(St.st_size));
}

bool isUnder(StringRef Path, StringRef Dir) {
  return !Dir.empty() && Path.startswith(Dir) && Path.size() > Dir.size() &&
         (Path[Dir.size()] == '/' || Dir.endswith("/"));
}

std::string normalized(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

std::optional<sys::fs::UniqueID> idOf(StringRef Path) {
  sys::fs::UniqueID Id;
  if (sys::fs::getUniqueID(Path, Id))
    return std::nullopt;
  return Id;
}

Error refused(const Twine &Msg) {
  return createStringError(std::errc::operation_not_permitted, "%s", Msg.str().c_str());
}

} // namespace

Expected<std::unique_ptr<MemoryBuffer>> readFileChecked(StringRef Path, uint64_t MaxBytes,
                                                       bool NullTerminated) {
  auto Opened = openChecked(Path, MaxBytes);
  if (!Opened)
    return Opened.takeError();
  int FD = Opened->first;
  auto Close = make_scope_exit([FD] { ::close(FD); });
  // Read at most the size seen by fstat (a file growing meanwhile is cut
  // there, never read without bound).
  auto Buf = MemoryBuffer::getOpenFile(sys::fs::convertFDToNativeFile(FD), Path,
                                       Opened->second, NullTerminated);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read %s: %s", Path.str().c_str(),
                             Buf.getError().message().c_str());
  return std::move(*Buf);
}

Expected<std::string> readFileHead(StringRef Path, uint64_t MaxBytes) {
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return createStringError(lastError(), "cannot read %s: %s", Path.str().c_str(),
                             lastError().message().c_str());
  auto Close = make_scope_exit([FD] { ::close(FD); });
  std::string Out;
  char Buf[1 << 16];
  while (Out.size() < MaxBytes) {
    ssize_t N = ::read(FD, Buf, std::min<uint64_t>(sizeof(Buf), MaxBytes - Out.size()));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0 && errno == EAGAIN)
      break;
    if (N < 0)
      return createStringError(lastError(), "cannot read %s: %s", Path.str().c_str(),
                               lastError().message().c_str());
    if (N == 0)
      break;
    Out.append(Buf, N);
  }
  return Out;
}

Error checkReadable(StringRef Path, uint64_t MaxBytes) {
  auto Opened = openChecked(Path, MaxBytes);
  if (!Opened)
    return Opened.takeError();
  ::close(Opened->first);
  return Error::success();
}

WriteGate &WriteGate::get() {
  static WriteGate Gate;
  return Gate;
}

void WriteGate::protectFile(StringRef Path) {
  if (auto Id = idOf(Path)) {
    std::lock_guard<std::mutex> L(Mu);
    Files.insert(*Id);
  }
}

void WriteGate::protectDir(sys::fs::UniqueID Id) {
  std::lock_guard<std::mutex> L(Mu);
  Dirs.insert(Id);
}

bool WriteGate::isProtectedDir(sys::fs::UniqueID Id) const {
  std::lock_guard<std::mutex> L(Mu);
  return Dirs.count(Id) > 0;
}

void WriteGate::allowInPlace(StringRef Path) {
  if (auto Id = idOf(Path)) {
    std::lock_guard<std::mutex> L(Mu);
    InPlace.insert(*Id);
  }
}

void WriteGate::setOutRoot(StringRef Root) {
  std::lock_guard<std::mutex> L(Mu);
  OutRoot = Root.empty() ? "" : normalized(Root);
}

void WriteGate::reset() {
  std::lock_guard<std::mutex> L(Mu);
  Files.clear();
  Dirs.clear();
  InPlace.clear();
  OutRoot.clear();
}

Error WriteGate::check(StringRef Output) const {
  std::string Path = normalized(Output);
  std::lock_guard<std::mutex> L(Mu);
  if (auto Id = idOf(Path); Id && Files.count(*Id) && !InPlace.count(*Id))
    return refused(Path + " is an input (the same file through another spelling, a link "
                          "or a mount); refusing to overwrite it (use --inplace to rewrite "
                          "inputs)");
  // Every existing ancestor, by identity: none is a directory of the input
  // tree (links and bind mounts lead to the same device and inode).
  for (StringRef Dir = sys::path::parent_path(Path); !Dir.empty();
       Dir = sys::path::parent_path(Dir)) {
    auto Id = idOf(Dir);
    if (Id && Dirs.count(*Id))
      return refused(Path + " would be written into the input tree: " + Dir +
                     " is one of its directories (by name, a link or a mount)");
    if (Dir == "/")
      break;
  }
  // Below the out-root: real directories only (lstat), never a link there.
  if (isUnder(Path, OutRoot))
    for (StringRef Dir = sys::path::parent_path(Path); Dir.size() > OutRoot.size();
         Dir = sys::path::parent_path(Dir)) {
      struct stat St;
      if (::lstat(Dir.str().c_str(), &St) != 0)
        continue; // created by the writer, as a real directory
      // (A file there, an earlier output whose input became a directory,
      // is the writer's to fail on, or gone by then as a stale output.)
      if (S_ISLNK(St.st_mode))
        return refused(Path + ": " + Dir + " is a symbolic link inside the out-root; not "
                       "followed, nothing written through it");
    }
  return Error::success();
}

Error WriteGate::checkInPlace(StringRef Input) const {
  std::lock_guard<std::mutex> L(Mu);
  auto Id = idOf(Input);
  if (!Id || !InPlace.count(*Id))
    return refused(Input + " is not an input given to rewrite in place; not written");
  return Error::success();
}

Error createTemporaryFile(StringRef Prefix, StringRef Suffix, SmallVectorImpl<char> &Path) {
  SmallString<256> Model;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
  sys::path::append(Model, Prefix + "-" + Twine(::getpid()) + "-%%%%%%." + Suffix);
  if (Error E = WriteGate::get().check(Model))
    return E;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Path))
    return createStringError(EC, "cannot create a temporary file %s: %s", Model.c_str(),
                             EC.message().c_str());
  ::close(FD);
  return Error::success();
}

Error createTemporaryDirectory(StringRef Prefix, SmallVectorImpl<char> &Path) {
  SmallString<256> Model;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
  sys::path::append(Model, Prefix);
  Model = temporaryPattern(Model);
  if (Error E = WriteGate::get().check(Model))
    return E;
  std::error_code EC;
  for (unsigned Try = 0; Try < 128; ++Try) {
    sys::fs::createUniquePath(Model, Path, /*MakeAbsolute=*/false);
    EC = sys::fs::create_directory(Path, /*IgnoreExisting=*/false, sys::fs::owner_all);
    if (EC != std::errc::file_exists)
      break;
  }
  if (EC)
    return createStringError(EC, "cannot create a temporary directory %s: %s", Model.c_str(),
                             EC.message().c_str());
  return Error::success();
}

std::string temporaryPattern(StringRef Path) {
  return (Path + ".cu2hip-tmp-" + Twine(::getpid()) + "-%%%%%%").str();
}

/// The process id in the name of a temporary (temporaryPattern), or 0.
static pid_t pidOfTemporary(StringRef Name) {
  size_t At = Name.rfind(".cu2hip-tmp-");
  if (At == StringRef::npos)
    return 0;
  StringRef Rest = Name.drop_front(At + strlen(".cu2hip-tmp-"));
  auto [Digits, Tail] = Rest.split('-');
  unsigned long Pid;
  if (Tail.size() != 6 || Digits.getAsInteger(10, Pid) || Pid == 0)
    return 0;
  return pid_t(Pid);
}

unsigned sweepOrphanedTemporaries(StringRef Root) {
  unsigned N = 0;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Root, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    pid_t Pid = pidOfTemporary(sys::path::filename(It->path()));
    if (!Pid || Pid == ::getpid() || ::kill(Pid, 0) == 0 || errno != ESRCH)
      continue;
    struct stat St;
    if (::lstat(It->path().c_str(), &St) == 0 && S_ISREG(St.st_mode) &&
        ::unlink(It->path().c_str()) == 0)
      ++N;
  }
  return N;
}

unsigned sweepOrphanedTemporaryDirs() {
  SmallString<256> Tmp;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Tmp);
  unsigned N = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Tmp, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    pid_t Pid = pidOfTemporary(sys::path::filename(It->path()));
    struct stat St;
    if (!Pid || Pid == ::getpid() || ::kill(Pid, 0) == 0 || errno != ESRCH ||
        ::lstat(It->path().c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
      continue;
    std::error_code EC2;
    for (sys::fs::directory_iterator F(It->path(), EC2, false), FE; F != FE && !EC2;
         F.increment(EC2))
      if (::lstat(F->path().c_str(), &St) == 0 && S_ISREG(St.st_mode))
        ::unlink(F->path().c_str());
    N += ::rmdir(It->path().c_str()) == 0;
  }
  return N;
}

/// Writes `Content` straight into the existing non-regular file `Path` (a
/// device such as /dev/null or /dev/stdout, a FIFO): replacing it by rename
/// would destroy the device node, and there is no partial file to fear.
static Error streamIntoSpecial(StringRef Path, StringRef Content) {
  std::error_code EC;
  {
    raw_fd_ostream OS(Path, EC, sys::fs::CD_OpenExisting);
    if (!EC) {
      OS << Content;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
  }
  if (EC)
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  return Error::success();
}

/// Writes `Content` (with `Mode`) into a fresh temporary beside `Path` and
/// renames it over `Path`.
static Error writeThroughTemporary(StringRef Path, StringRef Content,
                                   std::optional<unsigned> Mode) {
  // TempFile registers the temporary for removal on SIGINT/SIGTERM; keep()
  // renames it over Path, so Path never holds a partial file.
  std::optional<InterruptsHeld> Held(std::in_place);
  auto Tmp = sys::fs::TempFile::create(temporaryPattern(Path));
  Held.reset();
  if (!Tmp) {
    std::error_code EC = errorToErrorCode(Tmp.takeError());
    return createStringError(EC, "cannot create a temporary file beside %s: %s",
                             Path.str().c_str(), EC.message().c_str());
  }
  std::error_code EC;
  {
    raw_fd_ostream OS(Tmp->FD, /*shouldClose=*/false);
    OS << Content;
    OS.flush();
    EC = OS.error();
    OS.clear_error(); // reported below; never a fatal "IO failure" on exit
  }
  if (!EC && Mode)
    EC = sys::fs::setPermissions(Tmp->FD, sys::fs::perms(*Mode));
  if (EC) {
    consumeError(Tmp->discard());
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  // A plain rename (TempFile::keep(Name) would fall back to copying into
  // Path, through a symbolic link there, when the rename fails).
  Held.emplace();
  if ((EC = sys::fs::rename(Tmp->TmpName, Path))) {
    consumeError(Tmp->discard());
    return createStringError(EC, "cannot rename into %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Tmp->keep(); // closes it and drops it from the signal-removal list
}

Error writeFileAtomically(StringRef Path, StringRef Content, std::optional<unsigned> Mode,
                          bool IntoSpecial) {
  if (Error E = WriteGate::get().check(Path))
    return E;
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St, /*follow=*/true)) {
    if (St.type() == sys::fs::file_type::directory_file)
      return createStringError(std::errc::is_a_directory, "cannot write %s: it is a directory",
                               Path.str().c_str());
    if (St.type() != sys::fs::file_type::regular_file && IntoSpecial)
      return streamIntoSpecial(Path, Content);
  }
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (!Dir.empty())
    if (std::error_code EC = sys::fs::create_directories(
            Dir, /*IgnoreExisting=*/true, sys::fs::all_all)) // umask applies
      return createStringError(EC, "cannot create directory %s: %s", Dir.c_str(),
                               EC.message().c_str());
  return writeThroughTemporary(Path, Content, Mode);
}

const char *fileKindName(unsigned M) {
  if (S_ISFIFO(M))
    return "a FIFO";
  if (S_ISCHR(M))
    return "a character device";
  if (S_ISBLK(M))
    return "a block device";
  if (S_ISSOCK(M))
    return "a socket";
  if (S_ISDIR(M))
    return "a directory";
  return "not a regular file";
}

} // namespace cu2hip
