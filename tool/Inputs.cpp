//===- Inputs.cpp - what a run reads and where its outputs go -------------===//
#include "Inputs.h"
#include "cu2hip/BuildPort.h"
#include "RuntimeBundle.h"
#include "cu2hip/FileIO.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cerrno>
#include <climits>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace cu2hip {

namespace {

bool isSourceExt(StringRef Ext) {
  return Ext == ".cu" || Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c";
}

bool isHeaderExt(StringRef Ext) {
  return Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
         Ext == ".inl" || Ext == ".inc" || Ext == ".cuinc";
}

bool isPortedExt(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return isSourceExt(Ext) || isHeaderExt(Ext);
}

bool isUnder(StringRef Path, StringRef Dir) {
  return Path.startswith(Dir) && (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

Error usageError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Finding problem(StringRef Path, const Twine &Msg, Severity Sev = Severity::Error) {
  Finding F;
  F.RuleId = Sev == Severity::Error ? "io-error" : "io-skipped";
  F.Sev = Sev;
  F.File = Path.str();
  F.Message = Msg.str();
  return F;
}

/// The encoding problem of a file's first bytes, or "".
std::string encodingProblem(StringRef Head) {
  if (Head.startswith("\xFF\xFE") || Head.startswith("\xFE\xFF"))
    return "UTF-16 or UTF-32 text (byte-order mark): convert it to UTF-8 to port it";
  size_t Nuls = std::count(Head.begin(), Head.end(), '\0');
  if (Nuls && Nuls * 8 >= Head.size())
    return "many NUL bytes (UTF-16 without a byte-order mark, or binary): convert it "
           "to UTF-8 to port it";
  return "";
}

/// Walks an input tree: directories one by one, so that one unreadable
/// directory is reported and its siblings still walked. Links to files are
/// followed, links to directories are not (no loops, no tree walked twice).
class TreeWalk {
public:
  TreeWalk(StringRef In, StringRef Out, InputPlan &Plan, std::vector<GlobPattern> Excludes = {})
      : In(In), Out(Out), Plan(Plan), Excludes(std::move(Excludes)) {}

  /// Regular files found, sorted.
  std::vector<std::string> run() {
    walkDir(In);
    std::sort(Files.begin(), Files.end());
    return Files;
  }

private:
  bool tooLong(StringRef Path) {
    if (Path.size() < PATH_MAX)
      return false;
    Plan.Problems.push_back(problem(Path.take_front(200).str() + "...",
                                    "path longer than PATH_MAX (" + Twine(PATH_MAX) +
                                        " bytes): not ported"));
    return true;
  }

  void walkDir(const std::string &Dir) {
    if (tooLong(Dir))
      return;
    // Recorded even when it is the out-root under another name (a bind
    // mount, a link): collectTree refuses that out-root.
    if (auto Id = identityOf(Dir))
      Plan.Guard.addInputDir(*Id);
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC))
      visit(It->path(), It->type());
    if (EC)
      Plan.Problems.push_back(
          problem(Dir, "cannot read directory: " + EC.message() + "; its files are not ported"));
  }

  /// Whether --exclude leaves `Path` out: a glob matches its path relative
  /// to the in-root.
  bool excluded(StringRef Path) const {
    StringRef Rel = StringRef(Path).drop_front(std::min(Path.size(), In.size() + 1));
    return llvm::any_of(Excludes, [&](const GlobPattern &G) { return G.match(Rel); });
  }

  /// Why the directory `Dir` is no source directory, or "": a CMake build
  /// directory (CMakeCache.txt) or a cu2hip out-root (.cu2hip/manifest.yaml)
  /// holds generated files and copies, which a port would take for sources.
  static std::string generatedDir(StringRef Dir) {
    if (sys::fs::is_regular_file(Dir + "/CMakeCache.txt"))
      return "a CMake build directory (it holds CMakeCache.txt)";
    if (sys::fs::is_regular_file(Dir + "/.cu2hip/manifest.yaml"))
      return "a ported tree (it holds .cu2hip/manifest.yaml)";
    return "";
  }

  void walkSubdir(const std::string &Path) {
    if (sys::path::filename(Path).startswith(".") || (!Out.empty() && isUnder(Path, Out)))
      return;
    if (std::string Why = generatedDir(Path); !Why.empty()) {
      Plan.Problems.push_back(problem(
          Path, Why + ": skipped, not ported (--exclude GLOB leaves out others)",
          Severity::Warning));
      return;
    }
    walkDir(Path);
  }

  void visit(const std::string &Path, sys::fs::file_type Type) {
    if (tooLong(Path) || excluded(Path))
      return;
    if (Type == sys::fs::file_type::symlink_file || Type == sys::fs::file_type::type_unknown) {
      bool IsLink = Type == sys::fs::file_type::symlink_file;
      sys::fs::file_status St;
      if (sys::fs::status(Path, St, /*follow=*/true)) {
        Plan.Problems.push_back(problem(Path, "dangling symbolic link, skipped", Severity::Warning));
        return;
      }
      if (IsLink && St.type() == sys::fs::file_type::directory_file) {
        Plan.Problems.push_back(
            problem(Path, "symbolic link to a directory, not followed", Severity::Warning));
        return;
      }
      Type = St.type();
    }
    if (Type == sys::fs::file_type::directory_file) {
      walkSubdir(Path);
      return;
    }
    if (Type == sys::fs::file_type::regular_file) {
      Files.push_back(Path);
      return;
    }
    struct stat St;
    mode_t Mode = ::stat(Path.c_str(), &St) == 0 ? St.st_mode : 0;
    Plan.Problems.push_back(
        problem(Path, Twine(fileKindName(Mode)) + ", not a regular file: not ported or copied"));
    if (isPortedExt(Path))
      Plan.SpecialFiles.push_back(Path);
  }

  std::string In, Out;
  InputPlan &Plan;
  std::vector<GlobPattern> Excludes;
  std::vector<std::string> Files;
};

/// True when `P` resolves to a file outside the tree at `In` (through a
/// symbolic link): --inplace on a tree rewrites only the tree.
bool leadsOutOf(StringRef P, StringRef In) {
  SmallString<256> RealP, RealIn;
  if (sys::fs::real_path(P, RealP) || sys::fs::real_path(In, RealIn))
    return false;
  return !isUnder(RealP, RealIn);
}

/// The job (or copy, or problem) for a regular file `P` of the tree.
void planTreeFile(const std::string &P, StringRef In, const InputOptions &O, InputPlan &Plan) {
  std::string Rel = P.substr(In.size() + 1);
  std::string Dest = O.InPlace ? P : (Plan.OutRoot.empty() ? "" : Plan.OutRoot + "/" + Rel);
  if (buildKindOf(P) != BuildKind::None) {
    if (std::string Why = whyNotPortable(P, O.MaxFileSize); !Why.empty())
      Plan.Problems.push_back(problem(P, Why + ": not ported"));
    else
      Plan.BuildJobs.push_back({P, Dest});
    return;
  }
  if (!isPortedExt(P) || isInRuntimeBundle(P, In)) {
    if (!Dest.empty() && !O.InPlace && !O.DryRun && !O.Diff)
      Plan.Copies.push_back({P, Dest});
    else if (!O.InPlace)
      Plan.NotCopied.push_back({P, Dest});
    return;
  }
  if (std::string Why = whyNotPortable(P, O.MaxFileSize); !Why.empty()) {
    Plan.Problems.push_back(problem(P, Why + ": not ported"));
    return;
  }
  if (O.InPlace && leadsOutOf(P, In)) {
    Plan.Problems.push_back(problem(P, "symbolic link to a file outside the in-root: not "
                                       "rewritten in place (give it by name to rewrite it)",
                                    Severity::Warning));
    return;
  }
  FileJob J;
  J.Input = P;
  J.Output = Dest;
  J.IsTU = isSourceExt(sys::path::extension(P));
  Plan.Jobs.push_back(J);
}

/// Whether `Out` (absolute; it need not exist) lies inside the directory
/// `In`: some existing ancestor of `Out`, or of the path it resolves to,
/// is `In` by identity (a subdirectory by name, through a symbolic link or
/// a bind mount of the tree).
bool liesInside(StringRef Out, StringRef In) {
  auto InId = identityOf(In);
  if (!InId)
    return false;
  auto IsIn = [&](StringRef D) { return identityOf(D) == InId; };
  for (StringRef D = sys::path::parent_path(Out); !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Real;
    if (IsIn(D))
      return true;
    if (!sys::fs::real_path(D, Real))
      for (StringRef R = Real; !R.empty(); R = sys::path::parent_path(R))
        if (IsIn(R))
          return true;
    if (D == "/")
      break;
  }
  return false;
}

/// Usage errors of tree mode: a missing in-root, an out-root that is it.
Error checkTreeRoots(const InputOptions &O, StringRef In, StringRef Out) {
  if (!O.Files.empty())
    return usageError("give either --in-root or input files, not both");
  if (Out.empty() && !O.InPlace && !O.DryRun && !O.Diff)
    return usageError("--in-root needs --out-root, --inplace, --dry-run or --diff");
  if (!sys::fs::is_directory(In))
    return usageError("--in-root " + O.InRoot + " is not a directory");
  if (Out.empty())
    return Error::success();
  if (Out == In)
    return usageError("--out-root must differ from --in-root (use --inplace to rewrite the tree)");
  SmallString<256> RIn, ROut;
  if (!sys::fs::real_path(In, RIn) && !sys::fs::real_path(Out, ROut) &&
      (RIn == ROut || isUnder(RIn, ROut)))
    return usageError("--out-root " + O.OutRoot + " is (or contains) the in-root " + O.InRoot +
                      " (through a symbolic link); use --inplace to rewrite the tree");
  if (liesInside(Out, In))
    return usageError("--out-root " + O.OutRoot + " lies inside the in-root " + O.InRoot +
                      " (by name, a symbolic link or a mount): its outputs would replace "
                      "the tree's files there; choose a directory outside the tree");
  return Error::success();
}

Error collectTree(const InputOptions &O, InputPlan &Plan) {
  std::string In = absolutePath(O.InRoot);
  if (Error E = checkTreeRoots(O, In, Plan.OutRoot))
    return E;
  std::vector<GlobPattern> Excludes;
  for (const std::string &G : O.Excludes) {
    Expected<GlobPattern> P = GlobPattern::create(G);
    if (!P)
      return usageError("--exclude " + G + ": " + toString(P.takeError()));
    Excludes.push_back(std::move(*P));
  }
  for (const std::string &P : TreeWalk(In, Plan.OutRoot, Plan, std::move(Excludes)).run())
    planTreeFile(P, In, O, Plan);
  if (auto OutId = identityOf(Plan.OutRoot); OutId && Plan.Guard.isInputDir(*OutId))
    return usageError("--out-root " + O.OutRoot +
                      " is a directory of the in-root tree (through a link or a mount); "
                      "use --inplace to rewrite the tree");
  return Error::success();
}

/// Where the output of positional input `I` goes.
std::string outputOf(StringRef I, const InputOptions &O, StringRef Out) {
  if (O.InPlace)
    return absolutePath(I);
  if (!O.OutFile.empty())
    return O.OutFile == "-" ? "-" : absolutePath(O.OutFile);
  if (!Out.empty())
    return (Out + "/" + sys::path::filename(I)).str();
  return O.DryRun || O.Diff ? "" : "-";
}

Error checkFileOptions(const InputOptions &O) {
  if (O.Files.empty())
    return usageError("no input files (give files, or --in-root DIR --out-root DIR)");
  if (!O.OutFile.empty() && O.Files.size() != 1)
    return usageError("-o takes exactly one input file");
  if (!O.OutFile.empty() && (O.InPlace || !O.OutRoot.empty()))
    return usageError("-o cannot be combined with --inplace or --out-root");
  if (O.Files.size() > 1 && O.OutRoot.empty() && !O.InPlace && !O.DryRun && !O.Diff)
    return usageError("several inputs need --out-root, --inplace, --dry-run or --diff");
  return Error::success();
}

Error collectFiles(const InputOptions &O, InputPlan &Plan) {
  if (Error E = checkFileOptions(O))
    return E;
  std::map<std::string, std::string> ByOutput; // output -> input
  for (const std::string &I : O.Files) {
    if (!sys::fs::exists(I))
      return usageError("no such file: " + I);
    FileJob J;
    J.Input = absolutePath(I);
    J.IsTU = !isHeaderExt(sys::path::extension(I));
    J.Output = outputOf(I, O, Plan.OutRoot);
    if (!Plan.OutRoot.empty() && !ByOutput.emplace(J.Output, I).second)
      return usageError(ByOutput[J.Output] + " and " + I + " would both be written to " +
                        J.Output + ": port them in separate runs, or with --in-root to "
                        "mirror their paths");
    if (std::string Why = whyNotPortable(J.Input, O.MaxFileSize); !Why.empty())
      Plan.Problems.push_back(problem(J.Input, Why + ": not ported"));
    else if (buildKindOf(I) != BuildKind::None)
      Plan.BuildJobs.push_back(J);
    else
      Plan.Jobs.push_back(J);
  }
  return Error::success();
}

/// --inplace: one job per file, however many names lead to it.
void dropAliasedInputs(InputPlan &Plan) {
  std::map<sys::fs::UniqueID, std::string> Seen;
  std::vector<FileJob> Kept;
  for (FileJob &J : Plan.Jobs) {
    auto Id = identityOf(J.Input);
    if (Id && !Seen.emplace(*Id, J.Input).second) {
      Plan.Problems.push_back(problem(J.Input, "the same file as " + Seen[*Id] +
                                                   ", rewritten once through that name",
                                      Severity::Warning));
      continue;
    }
    Kept.push_back(std::move(J));
  }
  Plan.Jobs = std::move(Kept);
}

} // namespace

std::string absolutePath(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

std::string whyNotPortable(StringRef Path, uint64_t MaxSize) {
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return "cannot read file: " + std::error_code(errno, std::generic_category()).message();
  auto Close = make_scope_exit([FD] { ::close(FD); });
  struct stat St;
  if (::fstat(FD, &St) != 0)
    return "cannot read file: " + std::error_code(errno, std::generic_category()).message();
  if (!S_ISREG(St.st_mode))
    return std::string(fileKindName(St.st_mode)) + ", not a regular file";
  if (uint64_t(St.st_size) > MaxSize)
    return std::to_string(St.st_size) + " bytes, more than --max-file-size=" +
           std::to_string(MaxSize);
  char Head[4096];
  ssize_t N = ::read(FD, Head, sizeof(Head));
  if (N < 0)
    return "cannot read file: " + std::error_code(errno, std::generic_category()).message();
  return encodingProblem(StringRef(Head, N));
}

Expected<InputPlan> collectInputs(const InputOptions &O) {
  InputPlan Plan;
  Plan.OutRoot = O.OutRoot.empty() ? "" : absolutePath(O.OutRoot);
  WriteGate::get().setOutRoot(Plan.OutRoot);
  if (Error E = O.InRoot.empty() ? collectFiles(O, Plan) : collectTree(O, Plan))
    return std::move(E);
  if (O.InPlace)
    dropAliasedInputs(Plan);
  return std::move(Plan);
}

namespace {

/// Records outputs by name and identity; reports a second writer of one.
class OutputSet {
public:
  bool add(StringRef Path, std::string &Msg) {
    auto Ins = Names.emplace(Path.str(), Path.str());
    if (!Ins.second) {
      Msg = Path.str() + " is written twice in one run; refusing";
      return false;
    }
    if (auto Id = identityOf(Path); Id && !Ids.emplace(*Id, Path.str()).second) {
      Msg = Path.str() + " and " + Ids[*Id] + " are the same file; refusing to write both";
      return false;
    }
    return true;
  }

private:
  std::map<std::string, std::string> Names;
  std::map<sys::fs::UniqueID, std::string> Ids;
};

/// Positional inputs with --out-root: the out-root may not be the
/// directory of an input (its outputs would replace inputs).
void checkOutRootOfFiles(const InputPlan &Plan, std::vector<std::string> &Msgs) {
  auto OutId = identityOf(Plan.OutRoot);
  if (!OutId)
    return;
  for (const FileJob &J : Plan.Jobs)
    if (identityOf(sys::path::parent_path(J.Input)) == OutId) {
      Msgs.push_back("--out-root " + Plan.OutRoot + " is the directory of the input " +
                     J.Input + "; use another directory, or --inplace");
      return;
    }
}

} // namespace

std::vector<std::string> checkOutputs(InputPlan &Plan, const InputOptions &O,
                                      StringRef ReportPath) {
  for (const FileJob &J : Plan.Jobs)
    Plan.Guard.addInputFile(J.Input);
  for (const FileJob &J : Plan.BuildJobs)
    Plan.Guard.addInputFile(J.Input);
  for (const CopyJob &C : Plan.Copies)
    Plan.Guard.addInputFile(C.From);
  if (O.InPlace)
    for (const std::vector<FileJob> *Js : {&Plan.Jobs, &Plan.BuildJobs})
      for (const FileJob &J : *Js)
        WriteGate::get().allowInPlace(J.Input);
  std::vector<std::string> Msgs;
  OutputSet Outputs;
  auto Check = [&](StringRef Out, bool IsInput) {
    std::string Msg;
    if (!IsInput)
      if (Error E = Plan.Guard.check(Out))
        Msg = toString(std::move(E));
    if (Msg.empty())
      Outputs.add(Out, Msg);
    if (!Msg.empty())
      Msgs.push_back(Msg);
  };
  if (O.InRoot.empty() && !Plan.OutRoot.empty())
    checkOutRootOfFiles(Plan, Msgs);
  for (const std::vector<FileJob> *Js : {&Plan.Jobs, &Plan.BuildJobs})
    for (const FileJob &J : *Js)
      if (!J.Output.empty() && J.Output != "-" && !O.DryRun && !O.Diff)
        Check(J.Output, O.InPlace);
  for (const CopyJob &C : Plan.Copies)
    Check(C.To, false);
  if (!ReportPath.empty())
    Check(ReportPath, false);
  // The state directory and the runtime copy of a tree run: never through
  // a link (WriteGate::check), refused before anything is written.
  if (!O.InRoot.empty() && !Plan.OutRoot.empty() && !O.InPlace && !O.DryRun && !O.Diff)
    for (const char *State : {".cu2hip/manifest.yaml", "cu2hip-runtime/cu2hip/wave.h"})
      if (Error E = Plan.Guard.check(Plan.OutRoot + "/" + State))
        Msgs.push_back(toString(std::move(E)));
  return Msgs;
}

} // namespace cu2hip

namespace cu2hip {

size_t promoteIncludedCopies(InputPlan &Plan, const std::set<std::string> &Included,
                             uint64_t MaxSize) {
  size_t Moved = 0;
  for (std::vector<CopyJob> *Copies : {&Plan.Copies, &Plan.NotCopied}) {
    std::vector<CopyJob> Kept;
    for (CopyJob &C : *Copies) {
      SmallString<256> Real;
      std::string Key = sys::fs::real_path(C.From, Real) ? C.From : std::string(Real.str());
      if (!Included.count(Key) || buildKindOf(C.From) != BuildKind::None ||
          !whyNotPortable(C.From, MaxSize).empty()) {
        Kept.push_back(std::move(C));
        continue;
      }
      FileJob J;
      J.Input = C.From;
      J.Output = C.To;
      J.IsTU = false;
      Plan.Jobs.push_back(std::move(J));
      ++Moved;
    }
    *Copies = std::move(Kept);
  }
  return Moved;
}

} // namespace cu2hip
