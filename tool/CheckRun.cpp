//===- CheckRun.cpp - running the HIP compiler and nvcc for `cu2hip check` ===//
#include "CheckRun.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "cu2hip/Signals.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace cu2hip {

namespace {
std::atomic<unsigned> TempCounter{0};

std::string quoteSh(StringRef S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}
} // namespace

Expected<HipCompiler> HipCompiler::choose(StringRef Prefix, StringRef Root) {
  HipCompiler C;
  SmallString<128> Tmp;
  sys::path::system_temp_directory(true, Tmp);
  C.TempDir = std::string(Tmp);
  if (!Prefix.empty()) {
    SmallVector<StringRef, 8> Words;
    Prefix.split(Words, ' ', -1, false);
    for (StringRef W : Words)
      C.Prefix.push_back(W.str());
    return C;
  }
  if (!Root.empty()) {
    SmallString<256> Full(Root), Inst(Root), Proc(Root), Dev(Root);
    sys::path::append(Full, "usr", "bin", "hipcc");
    sys::path::append(Inst, "bin", "hipcc");
    sys::path::append(Proc, "proc");
    sys::path::append(Dev, "dev");
    // A root file system has /proc and /dev mount points; an install has not.
    if (sys::fs::exists(Full) && sys::fs::is_directory(Proc) && sys::fs::is_directory(Dev)) {
      if (::geteuid() != 0)
        return createStringError(inconvertibleErrorCode(),
                                 "--rocm-root " + Root + " is a full root file system: running "
                                 "its hipcc through chroot needs root (or use --hipcc PREFIX)");
      C.ChrootDir = Root.str();
      C.Prefix = {"hipcc"};
      C.TempDir = "/tmp";
      return C;
    }
    if (sys::fs::can_execute(Inst)) {
      C.Prefix = {std::string(Inst)};
      return C;
    }
    if (sys::fs::exists(Full))
      return createStringError(inconvertibleErrorCode(),
                               "--rocm-root " + Root + ": " + Full + " runs only inside its "
                               "root file system, and " + Root + " has no proc/ and dev/ (not a "
                               "full root) nor bin/hipcc");
    return createStringError(inconvertibleErrorCode(),
                             "--rocm-root " + Root + ": neither " + Full + " nor " + Inst +
                                 " exists");
  }
  auto P = sys::findProgramByName("hipcc");
  if (!P)
    return createStringError(inconvertibleErrorCode(),
                             "no hipcc on PATH: give --rocm-root DIR or --hipcc PREFIX");
  C.Prefix = {*P};
  return C;
}

std::vector<std::string> HipCompiler::command(const std::vector<std::string> &Args,
                                              const std::vector<std::string> &Binds) const {
  std::vector<std::string> Cmd;
  if (ChrootDir.empty()) {
    Cmd = Prefix;
    Cmd.insert(Cmd.end(), Args.begin(), Args.end());
    return Cmd;
  }
  // unshare gives the compile a mount namespace of its own: the bind mounts
  // vanish with it, the root's tree only keeps the empty mount points.
  std::string R = quoteSh(ChrootDir);
  std::string Script = "mount -t proc proc " + R + "/proc && mount --bind /dev " + R +
                       "/dev || exit 126\n";
  for (const std::string &D : coveringDirs(bindable(Binds)))
    Script += "mkdir -p " + R + quoteSh(D) + " && mount --bind " + quoteSh(D) + " " + R +
              quoteSh(D) + " || exit 126\n";
  Script += "exec chroot " + R +
            " /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp TMPDIR=/tmp LANG=C.UTF-8 "
            "HIP_PLATFORM=amd \"$@\"";
  Cmd = {"unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", Script, "sh"};
  Cmd.insert(Cmd.end(), Prefix.begin(), Prefix.end());
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  return Cmd;
}

bool HipCompiler::rootHas(StringRef Dir) const {
  if (ChrootDir.empty())
    return false;
  // Mount points left by earlier compiles are empty directories (their
  // mounts vanished with their namespaces): only a file below counts.
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(ChrootDir + Dir, EC, /*follow=*/false), End;
       It != End && !EC; It.increment(EC))
    if (It->type() != sys::fs::file_type::directory_file)
      return true;
  return false;
}

std::vector<std::string> HipCompiler::bindable(std::vector<std::string> Dirs) const {
  llvm::erase_if(Dirs, [&](const std::string &D) { return rootHas(D); });
  return Dirs;
}

std::string HipCompiler::tempInside(StringRef Name) const {
  return (TempDir + "/cu2hip-check." + Twine(::getpid()) + "." + Name).str();
}

std::string HipCompiler::tempOutside(StringRef Name) const {
  return ChrootDir + tempInside(Name);
}

std::string HipCompiler::describe() const {
  std::string S = ChrootDir.empty() ? "" : "chroot " + ChrootDir + " ";
  return S + join(Prefix, " ");
}

std::vector<std::string> coveringDirs(std::vector<std::string> Dirs) {
  llvm::sort(Dirs);
  Dirs.erase(std::unique(Dirs.begin(), Dirs.end()), Dirs.end());
  std::vector<std::string> Out;
  for (const std::string &D : Dirs) {
    if (D.empty())
      continue;
    if (!Out.empty() && (D == Out.back() || StringRef(D).startswith(Out.back() + "/")))
      continue;
    Out.push_back(D);
  }
  return Out;
}

namespace {

/// Starts `Program` with `Argv` and the environment `Env` in a process
/// group of its own (a timeout or an interrupt kills the whole group:
/// hipcc's clang, a chroot's shell), standard input from /dev/null, output
/// and errors into `LogPath`. Returns its pid, or -1 with `Err` saying why.
pid_t spawnLogged(const std::string &Program, const std::vector<std::string> &Argv,
                  const std::vector<std::string> &Env, const std::string &LogPath,
                  std::string &Err) {
  std::vector<char *> A, E;
  for (const std::string &S : Argv)
    A.push_back(const_cast<char *>(S.c_str()));
  A.push_back(nullptr);
  for (const std::string &S : Env)
    E.push_back(const_cast<char *>(S.c_str()));
  E.push_back(nullptr);
  posix_spawn_file_actions_t Files;
  posix_spawnattr_t Attr;
  posix_spawn_file_actions_init(&Files);
  posix_spawnattr_init(&Attr);
  posix_spawn_file_actions_addopen(&Files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Files, 1, LogPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&Files, 1, 2);
  sigset_t None;
  sigemptyset(&None);
  posix_spawnattr_setsigmask(&Attr, &None);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  pid_t Pid = -1;
  int Rc = posix_spawn(&Pid, Program.c_str(), &Files, &Attr, A.data(), E.data());
  posix_spawn_file_actions_destroy(&Files);
  posix_spawnattr_destroy(&Attr);
  if (Rc != 0) {
    Err = "cannot run " + Program + ": " + std::strerror(Rc);
    return -1;
  }
  return Pid;
}

/// Waits for `Pid`, the leader of its own process group, at most `Seconds`
/// (0: no limit), then kills what is left of the group (everything, when
/// it timed out) and reaps the leader (only then: its pid is the group's
/// id). Returns its exit status; -1 when it was killed or did not exit
/// normally, `TimedOut` set when the time ran out.
int waitGroup(pid_t Pid, unsigned Seconds, bool &TimedOut) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(Seconds);
  auto Nap = std::chrono::milliseconds(1);
  for (;;) {
    siginfo_t Info;
    Info.si_pid = 0;
    if (::waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) == 0 && Info.si_pid == Pid)
      break;
    if (Seconds && std::chrono::steady_clock::now() >= Deadline) {
      TimedOut = true;
      break;
    }
    std::this_thread::sleep_for(Nap);
    Nap = std::min(Nap * 2, std::chrono::milliseconds(50));
  }
  ::kill(-Pid, SIGKILL);
  int St = 0;
  while (::waitpid(Pid, &St, 0) < 0 && errno == EINTR) {
  }
  return !TimedOut && WIFEXITED(St) ? WEXITSTATUS(St) : -1;
}

} // namespace

int runLogged(const std::vector<std::string> &Argv, StringRef LogPath, unsigned Timeout,
              std::string &Err, bool *TimedOut) {
  std::string Program = Argv.front();
  if (!StringRef(Program).contains('/')) {
    auto P = sys::findProgramByName(Program);
    if (!P) {
      Err = "cannot find " + Program;
      return -1;
    }
    Program = *P;
  }
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E)
    if (!StringRef(*E).startswith("HIP_PLATFORM="))
      Env.push_back(*E);
  Env.push_back("HIP_PLATFORM=amd");
  std::string Log = LogPath.str();
  sys::RemoveFileOnSignal(Log);
  pid_t Pid;
  {
    // Started and registered for killing on SIGINT/SIGTERM/SIGHUP at once.
    InterruptsHeld Held;
    Pid = spawnLogged(Program, Argv, Env, Log, Err);
    if (Pid > 0)
      addGroupKilledOnInterrupt(Pid, Log);
  }
  if (Pid <= 0)
    return -1;
  bool Late = false;
  int RC = waitGroup(Pid, Timeout, Late);
  removeGroupKilledOnInterrupt(Pid);
  if (Late)
    Err = "timed out after " + std::to_string(Timeout) + " s (killed)";
  else if (RC < 0)
    Err = Program + " was killed by a signal";
  if (TimedOut)
    *TimedOut = Late;
  return RC;
}

} // namespace cu2hip
