//===- Signals.cpp - temporary directories removed on every way out -------===//
#include "cu2hip/Signals.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <sys/types.h>
#include <unistd.h>

namespace cu2hip {

namespace {

// Paths as plain buffers: the signal handler may only call unlink/rmdir.
char DirPath[4096];
char FilePaths[2][4096];
struct sigaction Previous[3];
const int Interrupts[3] = {SIGINT, SIGTERM, SIGHUP};

volatile sig_atomic_t ChildGroup = 0;

/// The process groups of addGroupKilledOnInterrupt (0: a free slot);
/// lock-free atomics, which a signal handler may read.
std::atomic<pid_t> Groups[256];
static_assert(std::atomic<pid_t>::is_always_lock_free, "read by a signal handler");

/// The directories of removeDirOnInterrupt; Dirs[I][0] == 0: a free slot.
char Dirs[4][4096];

/// Kills the group of killGroupOnInterrupt and those of
/// addGroupKilledOnInterrupt.
void killGroups() {
  if (ChildGroup > 0)
    ::kill(-pid_t(ChildGroup), SIGKILL);
  for (auto &G : Groups)
    if (pid_t P = G.load(); P > 0)
      ::kill(-P, SIGKILL);
}

/// Removes LLVM's registered temporary files, then the directories of
/// removeDirOnInterrupt that held them.
void removeDirsNow() {
  llvm::sys::RunInterruptHandlers(); // LLVM's RemoveFileOnSignal list
  for (const char *D : Dirs)
    if (D[0])
      ::rmdir(D);
}

/// Which of Interrupts were ignored when the process started (`nohup`, a
/// non-interactive shell's `cmd &`), before any handler was installed:
/// read by a static initializer, before main.
struct IgnoredAtStart {
  bool Ignored[3] = {false, false, false};
  IgnoredAtStart() {
    for (int I = 0; I < 3; ++I) {
      struct sigaction Cur;
      if (sigaction(Interrupts[I], nullptr, &Cur) == 0)
        Ignored[I] = Cur.sa_handler == SIG_IGN;
    }
  }
};
const IgnoredAtStart Inherited;
const bool QuitIgnored = [] {
  struct sigaction Cur;
  return sigaction(SIGQUIT, nullptr, &Cur) == 0 && Cur.sa_handler == SIG_IGN;
}();

void removeNow() {
  for (const char *F : FilePaths)
    if (F[0])
      ::unlink(F);
  if (DirPath[0])
    ::rmdir(DirPath);
}

void onInterrupt(int Sig) {
  int Saved = errno;
  killGroups();
  removeNow();
  removeDirsNow();
  for (int I = 0; I < 3; ++I) {
    if (Interrupts[I] != Sig)
      continue;
    // Hand the signal to the handler before ours (LLVM's removes its
    // temporary files and re-raises), or to the default action.
    sigaction(Sig, &Previous[I], nullptr);
    errno = Saved;
    raise(Sig);
    return;
  }
}

void onQuit(int) {
  killGroups();
  removeNow();
  removeDirsNow();
  ::_exit(128 + SIGQUIT);
}

bool copyPath(char *To, const std::string &From) {
  if (From.size() >= sizeof(DirPath))
    return false;
  std::memcpy(To, From.c_str(), From.size() + 1);
  return true;
}

/// Installs onInterrupt, after LLVM's handlers so that it chains to them.
/// `Registered` is a file LLVM's handlers are told about to install them
/// (it removes it on a signal too: a file cu2hip removes anyway).
void installOnce(const std::string &Registered) {
  llvm::sys::RemoveFileOnSignal(Registered);
  llvm::sys::AddSignalHandler([](void *) { removeNow(); }, nullptr);
  std::atexit(removeNow);
  for (int I = 0; I < 3; ++I) {
    struct sigaction SA;
    std::memset(&SA, 0, sizeof(SA));
    SA.sa_handler = onInterrupt;
    sigemptyset(&SA.sa_mask);
    sigaction(Interrupts[I], &SA, &Previous[I]);
  }
  keepIgnoredInterruptsIgnored();
}

/// installOnce, once per process. Thread-safe: a second caller waits until
/// the first has installed the handlers.
void installInterruptHandler(const std::string &Registered) {
  static std::once_flag Once;
  std::call_once(Once, [&] { installOnce(Registered); });
}

} // namespace

void keepIgnoredInterruptsIgnored() {
  for (int I = 0; I < 3; ++I)
    if (Inherited.Ignored[I])
      ::signal(Interrupts[I], SIG_IGN);
}

void treatQuitAsInterrupt() {
  if (QuitIgnored) {
    ::signal(SIGQUIT, SIG_IGN);
    return;
  }
  struct sigaction SA;
  std::memset(&SA, 0, sizeof(SA));
  SA.sa_handler = onQuit;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGQUIT, &SA, nullptr);
}

void removeTempDirOnExit(const std::string &Dir, llvm::ArrayRef<std::string> Files) {
  if (Files.empty() || Files.size() > std::size(FilePaths) || !copyPath(DirPath, Dir))
    return;
  for (auto &F : FilePaths)
    F[0] = 0;
  for (size_t I = 0; I < Files.size(); ++I)
    if (!copyPath(FilePaths[I], Files[I]))
      return;
  installInterruptHandler(Files.front());
}

void killGroupOnInterrupt(pid_t Group, const std::string &Registered) {
  installInterruptHandler(Registered);
  ChildGroup = Group;
}

bool addGroupKilledOnInterrupt(pid_t Group, const std::string &Registered) {
  installInterruptHandler(Registered);
  for (auto &G : Groups) {
    pid_t Free = 0;
    if (G.compare_exchange_strong(Free, Group))
      return true;
  }
  return false;
}

void removeGroupKilledOnInterrupt(pid_t Group) {
  for (auto &G : Groups) {
    pid_t Was = Group;
    if (G.compare_exchange_strong(Was, 0))
      return;
  }
}

void removeDirOnInterrupt(const std::string &Dir) {
  if (Dir.empty() || Dir.size() >= sizeof(Dirs[0]))
    return;
  for (char *D : Dirs)
    if (!D[0]) {
      // The first byte last: a handler never sees half a path.
      std::memcpy(D + 1, Dir.c_str() + 1, Dir.size());
      D[0] = Dir[0];
      return;
    }
}

void forgetDirRemovedOnInterrupt(const std::string &Dir) {
  for (char *D : Dirs)
    if (D[0] && Dir == D)
      D[0] = 0;
}

} // namespace cu2hip
