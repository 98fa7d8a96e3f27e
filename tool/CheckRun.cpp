//===- CheckRun.cpp - running the HIP compiler and nvcc for `cu2hip check` ===//
#include "CheckRun.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <atomic>
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
  for (const std::string &D : coveringDirs(Binds))
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

int runLogged(const std::vector<std::string> &Argv, StringRef LogPath, unsigned Timeout,
              std::string &Err) {
  std::string Program = Argv.front();
  if (!StringRef(Program).contains('/')) {
    auto P = sys::findProgramByName(Program);
    if (!P) {
      Err = "cannot find " + Program;
      return -1;
    }
    Program = *P;
  }
  SmallVector<StringRef, 32> Args(Argv.begin(), Argv.end());
  std::vector<std::string> EnvS;
  for (char **E = environ; *E; ++E)
    if (!StringRef(*E).startswith("HIP_PLATFORM="))
      EnvS.push_back(*E);
  EnvS.push_back("HIP_PLATFORM=amd");
  SmallVector<StringRef, 64> Env(EnvS.begin(), EnvS.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), LogPath, LogPath};
  bool Failed = false;
  int RC = sys::ExecuteAndWait(Program, Args, ArrayRef<StringRef>(Env), Redirects, Timeout, 0,
                               &Err, &Failed);
  return Failed ? -1 : RC;
}

} // namespace cu2hip
