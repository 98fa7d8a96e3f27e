//===- Doctor.cpp - `cu2hip doctor` ---------------------------------------===//
//
// Each check is one function returning one or more Check rows; runDoctor
// collects them and prints them as text or JSON. Nothing here writes
// outside the temporary files of a GPU query, which are removed.
//
// Where things are looked for (ROCm's layouts):
//   /opt/rocm:  bin/hipcc, .info/version, include/hip/, amdgcn/bitcode/ (or
//               lib/llvm/lib/clang/N/lib/amdgcn/bitcode/)
//   Debian:     /usr/bin/hipcc, /usr/include/hip/hip_version.h,
//               /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ (HIP 5.2) or
//               /usr/lib/llvm-N/lib/clang/N/amdgcn/bitcode/ (ROCm 7.2)
// A --rocm-root DIR is searched as DIR and DIR/usr (an install prefix, or
// the root of a chroot such as scripts/rocm-root.sh makes).
//===----------------------------------------------------------------------===//
#include "Doctor.h"
#include "CheckRun.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/SemanticPass.h"
#include "cu2hip/Signals.h"
#include "llvm/Support/Signals.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace cu2hip {

static cl::SubCommand DoctorCmd("doctor",
                                "Check what is installed and what a port needs (exit 0 when a "
                                "port can be built here)");
static cl::opt<std::string> RocmRoot("rocm-root",
                                     cl::desc("ROCm install or root to check instead of the "
                                              "host's (searched as DIR and DIR/usr)"),
                                     cl::value_desc("dir"), cl::sub(DoctorCmd));
static cl::opt<std::string> DoctorCudaPath("cuda-path",
                                           cl::desc("CUDA SDK to check (default $CUDA_PATH, "
                                                    "then /usr/local/cuda)"),
                                           cl::value_desc("dir"), cl::sub(DoctorCmd));
static cl::opt<bool> Json("json", cl::desc("Print the checks as JSON"), cl::sub(DoctorCmd));
static cl::opt<unsigned> ProbeTimeout("probe-timeout",
                                      cl::desc("Seconds each GPU query (rocminfo, amdgpu-arch) "
                                               "may take before it is killed with the "
                                               "processes it started (default 10; 0 = no limit)"),
                                      cl::value_desc("seconds"), cl::init(10),
                                      cl::sub(DoctorCmd));

bool doctorChosen() { return bool(DoctorCmd); }

namespace {

enum class Status { Ok, Info, Warning, Problem };

StringRef statusName(Status S) {
  switch (S) {
  case Status::Ok:
    return "ok";
  case Status::Info:
    return "info";
  case Status::Warning:
    return "warning";
  case Status::Problem:
    return "problem";
  }
  return "";
}

/// One row of the report.
struct Check {
  std::string Name;  ///< stable id: hipcc, rocm-version, gpu, ...
  Status S;
  std::string Value; ///< what was found, or why nothing was
  std::string Fix;   ///< the command (or option) that fixes it; "" if none
};

/// An AMD GPU of this machine.
struct Gpu {
  std::string Target;    ///< gfx90a
  unsigned Wave = 0;     ///< lanes per wavefront (reported, else the target's default)
  std::string Marketing; ///< "AMD Instinct MI210" (rocminfo only)
};

/// The ROCm install checked: its prefixes (DIR and DIR/usr for a root) and hipcc.
struct RocmInstall {
  std::string Root;
  std::vector<std::string> Prefixes;
  std::string Hipcc;
};

std::string pathJoin(StringRef A, StringRef B, StringRef C = "", StringRef D = "") {
  SmallString<256> P(A);
  for (StringRef Part : {B, C, D})
    if (!Part.empty())
      sys::path::append(P, Part);
  return std::string(P);
}

/// The first of `Rel` (relative paths) that exists under one of the prefixes.
std::string findUnder(const RocmInstall &R, ArrayRef<const char *> Rel) {
  for (const std::string &P : R.Prefixes)
    for (const char *F : Rel)
      if (sys::fs::exists(pathJoin(P, F)))
        return pathJoin(P, F);
  return "";
}

/// ROCm's install directory on the host: $ROCM_PATH, else /opt/rocm.
std::string hostRocmPath() {
  return sys::Process::GetEnv("ROCM_PATH").value_or("/opt/rocm");
}

/// Where hipcc of the host is: $HIP_PATH/bin, PATH, then $ROCM_PATH/bin
/// (/opt/rocm/bin).
std::string findHostHipcc() {
  if (std::optional<std::string> V = sys::Process::GetEnv("HIP_PATH"))
    if (sys::fs::can_execute(pathJoin(*V, "bin", "hipcc")))
      return pathJoin(*V, "bin", "hipcc");
  if (ErrorOr<std::string> P = sys::findProgramByName("hipcc"))
    return *P;
  std::string InRocm = pathJoin(hostRocmPath(), "bin", "hipcc");
  return sys::fs::can_execute(InRocm) ? InRocm : "";
}

RocmInstall locateRocm() {
  RocmInstall R;
  if (!RocmRoot.empty()) {
    R.Root = RocmRoot;
    R.Prefixes = {RocmRoot, pathJoin(RocmRoot, "usr")};
    R.Hipcc = findUnder(R, {"bin/hipcc"});
    return R;
  }
  R.Hipcc = findHostHipcc();
  if (R.Hipcc.empty())
    return R;
  // The prefix is above bin/ of hipcc's real path (/usr/bin/hipcc -> /usr).
  SmallString<256> Real;
  if (sys::fs::real_path(R.Hipcc, Real))
    Real = R.Hipcc;
  R.Root = std::string(sys::path::parent_path(sys::path::parent_path(Real)));
  R.Prefixes = {R.Root};
  return R;
}

/// The value of `#define NAME value` or `NAME=value` lines of `Text`.
std::string defineValue(StringRef Text, StringRef Name) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.trim();
    if (L.consume_front("#define")) {
      L = L.ltrim();
      if (L.consume_front(Name) && !L.empty() && isSpace(L.front()))
        return L.trim().str();
    } else if (L.consume_front(Name) && L.consume_front("=")) {
      return L.trim().str();
    }
  }
  return "";
}

/// Whether `V` reads as a release number: digits and dots, then an
/// optional `-build` of letters, digits and dots ("7.2.0", "6.4.1-120").
bool isVersionText(StringRef V) {
  auto [Num, Build] = V.split('-');
  return !Num.empty() && V.size() <= 40 && isDigit(Num.front()) &&
         all_of(Num, [](char C) { return isDigit(C) || C == '.'; }) &&
         all_of(Build, [](char C) { return isAlnum(C) || C == '.'; });
}

/// "M.m.p" from HIP_VERSION_MAJOR/MINOR/PATCH in `File`, or "".
std::string hipVersionFrom(const std::string &File) {
  auto Buf = readFileChecked(File, 1 << 20);
  if (!Buf) {
    consumeError(Buf.takeError());
    return "";
  }
  StringRef T = (*Buf)->getBuffer();
  std::string Major = defineValue(T, "HIP_VERSION_MAJOR"),
              Minor = defineValue(T, "HIP_VERSION_MINOR"),
              Patch = defineValue(T, "HIP_VERSION_PATCH");
  // Numbers of at most 5 digits, a major from 1 to 99; anything else is
  // not a version (a damaged or foreign header).
  auto IsNum = [](const std::string &N) {
    return !N.empty() && N.size() <= 5 && all_of(N, [](char C) { return isDigit(C); });
  };
  if (!IsNum(Major) || !IsNum(Minor) || (!Patch.empty() && !IsNum(Patch)) ||
      std::stoul(Major) == 0 || std::stoul(Major) > 99)
    return "";
  return Major + "." + Minor + (Patch.empty() ? "" : "." + Patch);
}

/// The ROCm release (.info/version) and HIP version (hip_version.h, or
/// share/hip/version) of the install.
Check rocmVersion(const RocmInstall &R) {
  std::vector<std::string> Parts, Unusable; // files holding no version
  if (std::string F = findUnder(R, {".info/version"}); !F.empty()) {
    auto V = readFileHead(F, 256);
    StringRef Line = V ? StringRef(*V).split('\n').first.trim() : "";
    if (V && isVersionText(Line))
      Parts.push_back("ROCm " + Line.str() + " (" + F + ")");
    else
      Unusable.push_back(F);
    if (!V)
      consumeError(V.takeError());
  }
  std::string Hip;
  for (const char *Rel : {"include/hip/hip_version.h", "share/hip/version"})
    if (std::string F = findUnder(R, {Rel}); !F.empty()) {
      if (Hip = hipVersionFrom(F); !Hip.empty()) {
        Parts.push_back("HIP " + Hip + " (" + F + ")");
        break;
      }
      Unusable.push_back(F);
    }
  if (Parts.empty())
    return {"rocm-version", Status::Warning,
            (Unusable.empty() ? "no .info/version, include/hip/hip_version.h nor "
                                "share/hip/version under " + R.Root
                              : "no version cu2hip can read in " + llvm::join(Unusable, ", ")) +
                ": the ROCm version is unknown",
            ""};
  unsigned HipMajor = 0;
  StringRef(Hip).split('.').first.getAsInteger(10, HipMajor);
  std::string Value = llvm::join(Parts, ", ");
  if (HipMajor && HipMajor < 6)
    return {"rocm-version", Status::Warning,
            Value + ": older than HIP 6, the names a port uses from HIP 6 and later (cu2hip's "
                    "summary counts them) do not compile here",
            "a ROCm >= 6 install (bash scripts/setup.sh builds a ROCm 7.2 root; then "
            "cu2hip doctor --rocm-root /var/cache/cu2hip/rocm-7.2)"};
  return {"rocm-version", Status::Ok, Value, ""};
}

/// The directory of the AMD device libraries (ocml.bc, ...), or "".
std::string deviceLibs(const RocmInstall &R) {
  if (std::string F = findUnder(R, {"amdgcn/bitcode/ocml.bc", "lib/amdgcn/bitcode/ocml.bc",
                                    "lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc"});
      !F.empty())
    return std::string(sys::path::parent_path(F));
  // Inside clang's resource directory: lib/llvm[-N]/lib/clang/N[/lib]/amdgcn.
  std::error_code EC;
  for (const std::string &P : R.Prefixes)
    for (sys::fs::directory_iterator L(pathJoin(P, "lib"), EC), E; !EC && L != E; L.increment(EC)) {
      if (!sys::path::filename(L->path()).startswith("llvm"))
        continue;
      std::error_code EC2;
      for (sys::fs::directory_iterator C(pathJoin(L->path(), "lib", "clang"), EC2), CE;
           !EC2 && C != CE; C.increment(EC2))
        for (const char *Rel : {"amdgcn/bitcode", "lib/amdgcn/bitcode"})
          if (sys::fs::exists(pathJoin(C->path(), Rel, "ocml.bc")))
            return pathJoin(C->path(), Rel);
    }
  return "";
}

/// The hipcc row of a --rocm-root install, as `cu2hip check --rocm-root`
/// runs it (HipCompiler::choose): DIR/bin/hipcc directly; a full root file
/// system's DIR/usr/bin/hipcc only inside it, through unshare and chroot,
/// which needs root. A hipcc check cannot run is a problem.
Check rootHipccCheck(const RocmInstall &R) {
  Expected<HipCompiler> HC = HipCompiler::choose("", R.Root);
  if (!HC)
    return {"hipcc", Status::Problem,
            toString(HC.takeError()) + ": cu2hip check cannot run " + R.Hipcc,
            "pass a ROCm install (DIR/bin/hipcc) or a full root file system "
            "(scripts/rocm-root.sh), whose hipcc check runs through chroot as root; or give "
            "check --hipcc PREFIX, a command that runs this hipcc"};
  if (!HC->usesChroot())
    return {"hipcc", Status::Ok, HC->describe(), ""};
  for (const char *Tool : {"unshare", "chroot"})
    if (!sys::findProgramByName(Tool))
      return {"hipcc", Status::Problem,
              std::string("no ") + Tool + " on PATH: cu2hip check runs " + R.Hipcc +
                  " inside its root through unshare and chroot",
              "apt-get install util-linux coreutils"};
  return {"hipcc", Status::Ok,
          HC->describe() + " (" + R.Hipcc +
              " runs only inside the root: cu2hip check runs it through chroot, as root)",
          ""};
}

/// hipcc, HIP's headers and the device libraries.
std::vector<Check> rocmChecks(const RocmInstall &R) {
  std::vector<Check> Out;
  bool Host = RocmRoot.empty();
  if (R.Hipcc.empty()) {
    Out.push_back({"hipcc", Status::Problem,
                   Host ? std::string("no hipcc in $HIP_PATH, PATH or $ROCM_PATH (/opt/rocm)")
                        : "no bin/hipcc nor usr/bin/hipcc under " + R.Root,
                   Host ? "apt-get install hipcc libamdhip64-dev rocm-device-libs (Debian 12: "
                          "HIP 5.2), or bash scripts/setup.sh; or cu2hip doctor --rocm-root DIR"
                        : "pass ROCm's install directory (the one holding bin/hipcc, e.g. "
                          "/opt/rocm) or a root made by scripts/rocm-root.sh"});
    return Out;
  }
  Out.push_back(Host ? Check{"hipcc", Status::Ok, R.Hipcc, ""} : rootHipccCheck(R));
  Out.push_back(rocmVersion(R));
  if (std::string H = findUnder(R, {"include/hip/hip_runtime.h"}); !H.empty())
    Out.push_back({"hip-headers", Status::Ok, H, ""});
  else
    Out.push_back({"hip-headers", Status::Problem,
                   "no include/hip/hip_runtime.h under " + R.Root,
                   "apt-get install libamdhip64-dev (or ROCm's hip-dev package)"});
  if (std::string D = deviceLibs(R); !D.empty())
    Out.push_back({"device-libs", Status::Ok, D, ""});
  else
    Out.push_back({"device-libs", Status::Problem,
                   "no amdgcn/bitcode/ocml.bc under " + R.Root +
                       ": hipcc cannot link device code",
                   "apt-get install rocm-device-libs (or ROCm's rocm-device-libs package)"});
  return Out;
}

/// What one GPU query tool printed.
struct ToolRun {
  std::string Tool; ///< its path
  int Rc = -1;
  bool TimedOut = false; ///< killed after ProbeTimeout seconds
  bool TooMuch = false;  ///< killed for printing more than ProbeOutputCap bytes
  std::string Out, Err;
};

/// Starts `Tool` (no arguments) in a process group of its own, standard
/// input from /dev/null, output and errors into the files `OutPath` and
/// `ErrPath`; its pid, or -1 with `Err` saying why.
pid_t spawnInOwnGroup(const std::string &Tool, const char *OutPath, const char *ErrPath,
                      std::string &Err) {
  posix_spawn_file_actions_t Files;
  posix_spawnattr_t Attr;
  posix_spawn_file_actions_init(&Files);
  posix_spawnattr_init(&Attr);
  posix_spawn_file_actions_addopen(&Files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Files, 1, OutPath, O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&Files, 2, ErrPath, O_WRONLY | O_TRUNC, 0);
  sigset_t None;
  sigemptyset(&None);
  posix_spawnattr_setsigmask(&Attr, &None);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  char *Argv[] = {const_cast<char *>(Tool.c_str()), nullptr};
  pid_t Pid = -1;
  int Rc = posix_spawn(&Pid, Tool.c_str(), &Files, &Attr, Argv, environ);
  posix_spawn_file_actions_destroy(&Files);
  posix_spawnattr_destroy(&Attr);
  if (Rc != 0) {
    Err = "cannot run " + Tool + ": " + std::strerror(Rc);
    return -1;
  }
  return Pid;
}

/// The most bytes of a GPU query's output (and of its errors) read: a
/// query that prints more is killed (a driver in a loop).
constexpr uint64_t ProbeOutputCap = 1 << 20;

/// Whether the file `Path` holds more than ProbeOutputCap bytes.
bool overCap(const char *Path) {
  struct stat St;
  return ::stat(Path, &St) == 0 && uint64_t(St.st_size) > ProbeOutputCap;
}

/// The pids of this process's children (from /proc: orphans of a killed
/// query re-parented to this process, a child subreaper).
std::vector<pid_t> childrenOfSelf() {
  std::vector<pid_t> Out;
  std::error_code EC;
  pid_t Self = ::getpid();
  for (sys::fs::directory_iterator It("/proc", EC), End; It != End && !EC; It.increment(EC)) {
    unsigned Pid;
    if (sys::path::filename(It->path()).getAsInteger(10, Pid))
      continue;
    auto Stat = readFileHead(It->path() + "/stat", 4096);
    if (!Stat)
      continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    SmallVector<StringRef, 4> F;
    StringRef(*Stat).rsplit(')').second.split(F, ' ', 3, false);
    unsigned PPid;
    if (F.size() >= 2 && !F[1].getAsInteger(10, PPid) && pid_t(PPid) == Self)
      Out.push_back(pid_t(Pid));
  }
  return Out;
}

/// Kills and reaps every descendant of this process left by a query,
/// those that left its process group (setsid) included: as a child
/// subreaper this process inherits each orphan when its parent dies. Gives
/// up after two seconds (a process in uninterruptible sleep).
void killDescendants() {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  for (;;) {
    int St;
    while (::waitpid(-1, &St, WNOHANG) > 0) {
    }
    std::vector<pid_t> Kids = childrenOfSelf();
    if (Kids.empty() || std::chrono::steady_clock::now() >= Deadline)
      return;
    for (pid_t K : Kids)
      ::kill(K, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

/// Waits for `Pid`, the leader of its own process group, at most `Seconds`
/// (0: no limit) and while its output files `Out` and `Err` stay within
/// ProbeOutputCap; then kills the group's processes, the leader too when it
/// timed out or printed too much, and every other descendant
/// (killDescendants). The leader is reaped only after the group is killed
/// (its pid, the group's id, cannot be reused before). Returns its exit
/// status, -1 when it did not exit normally.
int waitKillingGroup(pid_t Pid, unsigned Seconds, const char *Out, const char *Err,
                     ToolRun &T) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(Seconds);
  siginfo_t Info;
  for (;;) {
    Info.si_pid = 0;
    if (::waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) == 0 && Info.si_pid == Pid)
      break;
    if (Seconds && std::chrono::steady_clock::now() >= Deadline) {
      T.TimedOut = true;
      break;
    }
    if (overCap(Out) || overCap(Err)) {
      T.TooMuch = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(-Pid, SIGKILL);
  int St = 0;
  while (::waitpid(Pid, &St, 0) < 0 && errno == EINTR) {
  }
  killDescendants();
  return !T.TimedOut && !T.TooMuch && WIFEXITED(St) ? WEXITSTATUS(St) : -1;
}

/// Runs `Tool` with no arguments for at most ProbeTimeout seconds (then it
/// is killed, with every process it started in its group), its output read
/// back from temporary files that are removed.
ToolRun runTool(const std::string &Tool) {
  ToolRun T;
  T.Tool = Tool;
  SmallString<128> OutPath, ErrPath;
  if (Error E = createTemporaryFile("cu2hip-doctor", "out", OutPath)) {
    T.Err = toString(std::move(E));
    return T;
  }
  if (Error E = createTemporaryFile("cu2hip-doctor", "err", ErrPath)) {
    sys::fs::remove(OutPath);
    T.Err = toString(std::move(E));
    return T;
  }
  FileRemover RemoveOut(OutPath), RemoveErr(ErrPath);
  // Interrupted (SIGINT, SIGTERM, SIGHUP), doctor kills the query's group,
  // which no signal to doctor reaches, and removes the two files.
  sys::RemoveFileOnSignal(OutPath);
  sys::RemoveFileOnSignal(ErrPath);
  std::string Msg;
  pid_t Pid;
  // Orphans of the query (a child that called setsid, out of the group's
  // reach) become this process's children, to be killed.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  {
    InterruptsHeld Held;
    Pid = spawnInOwnGroup(Tool, OutPath.c_str(), ErrPath.c_str(), Msg);
    if (Pid > 0)
      killGroupOnInterrupt(Pid, OutPath.str().str());
  }
  if (Pid > 0)
    T.Rc = waitKillingGroup(Pid, ProbeTimeout, OutPath.c_str(), ErrPath.c_str(), T);
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  killGroupOnInterrupt(0, OutPath.str().str());
  if (auto B = readFileHead(OutPath, ProbeOutputCap))
    T.Out = std::move(*B);
  else
    consumeError(B.takeError());
  if (auto B = readFileHead(ErrPath, ProbeOutputCap))
    T.Err = std::move(*B);
  else
    consumeError(B.takeError());
  if (T.Rc < 0 && T.Err.empty())
    T.Err = Msg;
  sys::DontRemoveFileOnSignal(OutPath);
  sys::DontRemoveFileOnSignal(ErrPath);
  return T;
}

/// The row of a GPU query that did not answer in time (or printed more
/// than ProbeOutputCap bytes: it is stuck in a loop as surely).
Check timedOutCheck(const ToolRun &T) {
  std::string Name = sys::path::filename(T.Tool).str();
  std::string What = T.TooMuch ? "printed more than " + std::to_string(ProbeOutputCap >> 20) +
                                     " MiB without ending"
                               : "did not answer within " + std::to_string(ProbeTimeout) +
                                     " s";
  return {"gpu-probe", Status::Problem,
          Name + " (" + T.Tool + ") " + What +
              " and was killed, with the processes it started: the GPU driver (amdgpu, "
              "/dev/kfd) is likely hung, and hipcc without --offload-arch, which runs the "
              "same query, would hang too",
          "sudo dmesg | grep -i -e amdgpu -e kfd (then reload the driver: sudo modprobe -r "
          "amdgpu && sudo modprobe amdgpu, or reboot); if the machine is only slow: cu2hip "
          "doctor --probe-timeout 60"};
}

bool isGfxName(StringRef S) {
  return S.size() >= 5 && S.startswith("gfx") &&
         all_of(S.drop_front(3), [](char C) { return isDigit(C) || (C >= 'a' && C <= 'f'); });
}

/// `S` as safe to print on a terminal: escape sequences (CSI `ESC [ ...
/// final`, as rocminfo's colours; OSC `ESC ] ... BEL|ESC \`; two-byte
/// `ESC x`), other control characters (C0 but tab and newline, DEL) and
/// 8-bit C1 controls removed.
std::string stripAnsi(StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    unsigned char C = S[I];
    if (C == 0x1b && I + 1 < S.size() && S[I + 1] == '[') {
      size_t J = I + 2;
      while (J < S.size() && !(S[J] >= 0x40 && S[J] <= 0x7e))
        ++J;
      I = J;
      continue;
    }
    if (C == 0x1b && I + 1 < S.size() && S[I + 1] == ']') {
      size_t J = I + 2;
      while (J < S.size() && S[J] != '\a' && !(S[J] == 0x1b && J + 1 < S.size()))
        ++J;
      I = J < S.size() && S[J] == 0x1b ? J + 1 : J;
      continue;
    }
    if (C == 0x1b) {
      ++I; // ESC and the byte after it
      continue;
    }
    if ((C < 0x20 && C != '\n' && C != '\t') || C == 0x7f)
      continue;
    // C1 controls as UTF-8 (U+0080..U+009F: C2 80..C2 9F).
    if (C == 0xc2 && I + 1 < S.size() && (unsigned char)S[I + 1] >= 0x80 &&
        (unsigned char)S[I + 1] <= 0x9f) {
      ++I;
      continue;
    }
    Out += S[I];
  }
  return Out;
}

/// The GPU agents of rocminfo's output: `Name: gfxNNN` lines, with the
/// `Marketing Name:` and `Wavefront Size: 64(0x40)` lines that follow
/// within the same agent. amdgpu-arch's output (one target a line) reads
/// the same way.
std::vector<Gpu> parseGpuList(StringRef Text) {
  std::vector<Gpu> Gpus;
  bool InGpu = false;
  SmallVector<StringRef, 128> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.trim();
    if (isGfxName(L)) { // amdgpu-arch
      Gpus.push_back({L.str(), defaultWaveSize(L), ""});
      continue;
    }
    auto [Key, Value] = L.split(':');
    Key = Key.trim();
    Value = Value.trim();
    if (Key == "Name") {
      InGpu = isGfxName(Value);
      if (InGpu)
        Gpus.push_back({Value.str(), defaultWaveSize(Value), ""});
    } else if (InGpu && Key == "Marketing Name") {
      Gpus.back().Marketing = Value.str();
    } else if (InGpu && Key == "Wavefront Size") {
      // A wavefront is 32 or 64 lanes on every AMD GPU (gfx9 CDNA: 64;
      // RDNA: 32 or 64); any other number is not believed.
      unsigned W = 0;
      if (!Value.take_while(isDigit).getAsInteger(10, W) && (W == 32 || W == 64))
        Gpus.back().Wave = W;
    }
  }
  return Gpus;
}

/// The first line of a tool's complaint, for the "no GPU" row.
std::string firstLine(const ToolRun &T) {
  std::string S = stripAnsi(T.Err.empty() ? T.Out : T.Err + "\n" + T.Out);
  SmallVector<StringRef, 8> Lines;
  StringRef(S).split(Lines, '\n', -1, false);
  // rocminfo's last words say why ("ROCk module is NOT loaded, ...").
  for (StringRef L : llvm::reverse(Lines))
    if (!L.trim().empty())
      return L.trim().str();
  return "no output";
}

/// rocminfo, then amdgpu-arch: the host's GPU query tools on PATH, else in
/// $ROCM_PATH/{bin,llvm/bin} (/opt/rocm/...).
std::vector<std::string> gpuTools() {
  std::string Rocm = hostRocmPath();
  std::vector<std::string> Dirs = {pathJoin(Rocm, "bin"), pathJoin(Rocm, "llvm", "bin")};
  std::vector<StringRef> Paths(Dirs.begin(), Dirs.end());
  std::vector<std::string> Tools;
  for (const char *Name : {"rocminfo", "amdgpu-arch"}) {
    ErrorOr<std::string> P = sys::findProgramByName(Name);
    if (!P)
      P = sys::findProgramByName(Name, Paths);
    if (P)
      Tools.push_back(*P);
  }
  return Tools;
}

/// The GPU rows: one per GPU found, or why there is none.
std::vector<Check> gpuChecks(std::vector<Gpu> &Gpus, const DoctorInputs &In) {
  std::vector<std::string> Tools = gpuTools();
  if (Tools.empty())
    return {{"gpus", Status::Info,
             "neither rocminfo nor amdgpu-arch found: GPUs not queried (a port still builds "
             "here, for the targets its build files name)",
             "apt-get install rocminfo"}};
  std::vector<std::string> Why;
  std::vector<Check> Out;
  for (const std::string &Tool : Tools) {
    ToolRun T = runTool(Tool);
    if (T.TimedOut || T.TooMuch)
      Out.push_back(timedOutCheck(T));
    Gpus = parseGpuList(stripAnsi(T.Out));
    if (!Gpus.empty())
      break;
    Why.push_back(sys::path::filename(Tool).str() + ": " +
                  (T.TimedOut ? "timed out" : T.TooMuch ? "too much output" : firstLine(T)));
  }
  if (Gpus.empty()) {
    Out.push_back({"gpus", Status::Info,
                   "no AMD GPU found (" + llvm::join(Why, "; ") + ")" +
                       (Out.empty() ? ": ports build here, they run on a machine with one"
                                    : ""),
                   ""});
    return Out;
  }
  SmallVector<StringRef, 4> Defaults;
  StringRef(In.DefaultOffloadArch).split(Defaults, ';');
  for (const Gpu &G : Gpus) {
    std::string V = G.Target + " (wave" + std::to_string(G.Wave) +
                    (G.Marketing.empty() ? "" : ", " + G.Marketing) + ")";
    if (is_contained(Defaults, G.Target)) {
      Out.push_back({"gpu", Status::Ok, V, ""});
      continue;
    }
    Out.push_back({"gpu", Status::Warning,
                   V + ": not among the targets ported build files get by default (" +
                       In.DefaultOffloadArch + ")",
                   "cu2hip --offload-arch=" + G.Target + " ..., or build with "
                   "-DCMAKE_HIP_ARCHITECTURES=" + G.Target + " / make OFFLOAD_ARCH=" +
                       G.Target});
  }
  return Out;
}

/// The gfx generation of a target: gfx1030 -> 10, gfx90a -> 9.
unsigned generation(StringRef Gfx) {
  unsigned G = 0;
  if (!isGfxName(Gfx) || Gfx.drop_front(3).drop_back(2).getAsInteger(10, G))
    return 0;
  return G;
}

/// HSA_OVERRIDE_GFX_VERSION and what it implies for the GPUs found.
Check overrideCheck(const std::vector<Gpu> &Gpus) {
  std::optional<std::string> V = sys::Process::GetEnv("HSA_OVERRIDE_GFX_VERSION");
  if (!V)
    return {"hsa-override", Status::Info, "HSA_OVERRIDE_GFX_VERSION not set", ""};
  std::optional<std::string> T = overrideTarget(*V);
  if (!T)
    return {"hsa-override", Status::Warning,
            "HSA_OVERRIDE_GFX_VERSION=" + *V + " is not major.minor.stepping (e.g. 10.3.0)",
            "unset HSA_OVERRIDE_GFX_VERSION, or export HSA_OVERRIDE_GFX_VERSION=10.3.0"};
  std::string Value =
      "HSA_OVERRIDE_GFX_VERSION=" + *V + ": the ROCm runtime takes every GPU for " + *T +
      " (wave" + std::to_string(defaultWaveSize(*T)) + ") and loads code built for " + *T +
      " on it: build ports with --offload-arch=" + *T +
      ". It is meant for consumer RDNA cards ROCm does not list, run as the listed card of "
      "their generation (10.3.0: gfx1031..gfx1036 as gfx1030; 11.0.0: gfx1101..gfx1103 as "
      "gfx1100)";
  for (const Gpu &G : Gpus)
    if (generation(G.Target) != generation(*T))
      return {"hsa-override", Status::Warning,
              Value + "; " + G.Target + " is of another generation (gfx" +
                  std::to_string(generation(G.Target)) + "): code for " + *T +
                  " faults or computes wrong results there",
              "unset HSA_OVERRIDE_GFX_VERSION"};
  return {"hsa-override", Status::Info, Value, ""};
}

/// The CUDA SDK the semantic passes would parse with, and its version.
/// Without one they parse with the bundled declaration-only headers
/// (`CudaDeclsDir`, docs/sdk-free.md), which CUB's templates and
/// cooperative-groups tiles do not fully parse with.
Check cudaCheck(StringRef CudaDeclsDir) {
  std::string Path = findCudaPath(DoctorCudaPath);
  if (Path.empty()) {
    std::string Where = "no CUDA SDK (include/cuda_runtime.h and bin/) " +
                        (DoctorCudaPath.empty() ? std::string("in $CUDA_PATH or /usr/local/cuda")
                                                : "under " + DoctorCudaPath);
    if (!CudaDeclsDir.empty())
      return {"cuda-sdk", Status::Warning,
              Where + ": the semantic passes parse with the bundled declaration-only CUDA "
                      "headers (" + CudaDeclsDir.str() +
                  "); code using CUB's block/warp templates or cooperative-groups tiles "
                  "parses with errors there and gets fewer edits (docs/sdk-free.md)",
              "cu2hip --cuda-path=DIR ... for the full parse (a CUDA SDK copied from another "
              "machine will do)"};
    return {"cuda-sdk", Status::Warning,
            Where + ": cu2hip's semantic passes need one to parse CUDA sources",
            "cu2hip --cuda-path=DIR ... (a CUDA SDK copied from another machine will do), or "
            "cu2hip --no-semantic ... (token rules only)"};
  }
  std::string Version;
  if (auto Buf = readFileChecked(pathJoin(Path, "include", "cuda.h"), 16 << 20)) {
    unsigned N = 0;
    if (!StringRef(defineValue((*Buf)->getBuffer(), "CUDA_VERSION")).getAsInteger(10, N) &&
        N >= 1000 && N < 100000)
      Version = "CUDA " + std::to_string(N / 1000) + "." + std::to_string(N % 1000 / 10) + " ";
  } else {
    consumeError(Buf.takeError());
  }
  std::string How;
  if (!CudaDeclsDir.empty() && cudaHeadersVersion(Path) &&
      cudaHeadersVersion(Path) == cudaHeadersVersion(CudaDeclsDir))
    How = "; parses read the bundled headers of its version first and this SDK where they "
          "may not stand for it (--cuda-headers=auto)";
  return {"cuda-sdk", Status::Ok, Version + "at " + Path + How, ""};
}

/// cu2hip's own files: the runtime headers and clang's resource directory.
std::vector<Check> selfChecks(const DoctorInputs &In) {
  std::vector<Check> Out;
  if (!In.RuntimeIncludeDir.empty() &&
      sys::fs::exists(pathJoin(In.RuntimeIncludeDir, "cu2hip", "wave.h")))
    Out.push_back({"runtime-headers", Status::Ok, In.RuntimeIncludeDir, ""});
  else
    Out.push_back({"runtime-headers", Status::Problem,
                   "cu2hip's runtime headers (cu2hip/wave.h) not found"
                   " (ports that include them do not compile)",
                   "cmake --install build (installs include/cu2hip-runtime beside bin/cu2hip)"});
  if (sys::fs::exists(pathJoin(In.ClangResourceDir, "include", "__clang_cuda_runtime_wrapper.h")))
    Out.push_back({"clang-resource-dir", Status::Ok, In.ClangResourceDir, ""});
  else
    Out.push_back({"clang-resource-dir", Status::Problem,
                   In.ClangResourceDir + " lacks include/__clang_cuda_runtime_wrapper.h: "
                                         "the semantic passes cannot parse CUDA",
                   "apt-get install libclang-common-16-dev"});
  return Out;
}

void printText(const std::vector<Check> &Checks, const DoctorInputs &In, raw_ostream &OS) {
  OS << In.Version << "\n";
  unsigned Problems = 0, Warnings = 0;
  for (const Check &C : Checks) {
    Problems += C.S == Status::Problem;
    Warnings += C.S == Status::Warning;
    OS << left_justify(statusName(C.S), 8) << " " << left_justify(C.Name, 19) << " " << C.Value
       << "\n";
    if (!C.Fix.empty())
      OS << std::string(28, ' ') << "fix: " << C.Fix << "\n";
  }
  OS << (Problems ? "a port cannot be built here" : "a port can be built here") << " ("
     << Problems << (Problems == 1 ? " problem, " : " problems, ") << Warnings
     << (Warnings == 1 ? " warning)" : " warnings)") << "\n";
}

void printJson(const std::vector<Check> &Checks, const std::vector<Gpu> &Gpus,
               const RocmInstall &R, const DoctorInputs &In, raw_ostream &OS) {
  json::Array Rows, GpuRows;
  bool Ok = true;
  for (const Check &C : Checks) {
    Ok &= C.S != Status::Problem;
    json::Object O{{"name", C.Name}, {"status", statusName(C.S)}, {"value", C.Value}};
    if (!C.Fix.empty())
      O["fix"] = C.Fix;
    Rows.push_back(std::move(O));
  }
  for (const Gpu &G : Gpus)
    GpuRows.push_back(json::Object{{"target", G.Target},
                                   {"wave_size", int64_t(G.Wave)},
                                   {"marketing_name", G.Marketing}});
  json::Object Doc{{"version", In.Version},
                   {"buildable", Ok},
                   {"rocm_root", R.Root},
                   {"hipcc", R.Hipcc},
                   {"runtime_include_dir", In.RuntimeIncludeDir},
                   {"clang_resource_dir", In.ClangResourceDir},
                   {"gpus", std::move(GpuRows)},
                   {"checks", std::move(Rows)}};
  OS << formatv("{0:2}", json::Value(std::move(Doc))) << "\n";
}

} // namespace

unsigned defaultWaveSize(StringRef Gfx) {
  unsigned G = generation(Gfx);
  return G == 0 ? 0 : G >= 10 ? 32 : 64;
}

std::optional<std::string> overrideTarget(StringRef V) {
  SmallVector<StringRef, 3> Parts;
  V.trim().split(Parts, '.');
  unsigned Major, Minor, Stepping;
  if (Parts.size() != 3 || Parts[0].getAsInteger(10, Major) ||
      Parts[1].getAsInteger(10, Minor) || Parts[2].getAsInteger(10, Stepping) || Major == 0 ||
      Minor > 15 || Stepping > 15)
    return std::nullopt;
  return "gfx" + std::to_string(Major) + hexdigit(Minor, true) + hexdigit(Stepping, true);
}

int runDoctor(const DoctorInputs &In, raw_ostream &OS) {
  std::vector<Check> Checks = selfChecks(In);
  RocmInstall R = locateRocm();
  for (Check &C : rocmChecks(R))
    Checks.push_back(std::move(C));
  std::vector<Gpu> Gpus;
  for (Check &C : gpuChecks(Gpus, In))
    Checks.push_back(std::move(C));
  Checks.push_back(overrideCheck(Gpus));
  Checks.push_back(cudaCheck(In.CudaDeclsDir));
  if (Json)
    printJson(Checks, Gpus, R, In, OS);
  else
    printText(Checks, In, OS);
  return any_of(Checks, [](const Check &C) { return C.S == Status::Problem; }) ? 1 : 0;
}

} // namespace cu2hip
