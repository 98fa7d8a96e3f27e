//===- Manifest.cpp - what the last run wrote into an out-root ------------===//
#include "Manifest.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/SourceMgr.h"
#include <sys/stat.h>
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdlib>
#include <set>

using namespace llvm;

namespace llvm {
namespace yaml {
template <> struct MappingTraits<cu2hip::Manifest> {
  static void mapping(IO &Io, cu2hip::Manifest &M) {
    Io.mapRequired("Format", M.Format);
    Io.mapRequired("Version", M.Key.Version);
    Io.mapRequired("MapsDigest", M.Key.Maps);
    Io.mapRequired("OptionsDigest", M.Key.Options);
    Io.mapRequired("InRoot", M.Key.InRoot);
    Io.mapRequired("OutRoot", M.Key.OutRoot);
    Io.mapOptional("Files", M.Files);
  }
};
} // namespace yaml
} // namespace llvm

namespace cu2hip {

std::string manifestPath(StringRef OutRoot) {
  SmallString<256> P(OutRoot);
  sys::path::append(P, ".cu2hip", "manifest.yaml");
  return std::string(P);
}

const StoredFile *Manifest::find(StringRef Kind, StringRef Input) const {
  auto It = ByInput.find({Kind.str(), Input.str()});
  return It == ByInput.end() ? nullptr : &Files[It->second];
}

void Manifest::index() {
  ByInput.clear();
  for (size_t I = 0; I < Files.size(); ++I)
    ByInput[{Files[I].Kind, Files[I].Input}] = I;
}

std::optional<Manifest> readManifest(StringRef Path, std::string *Problem) {
  auto Ignored = [&](const Twine &Why) -> std::optional<Manifest> {
    if (Problem)
      *Problem = (Path + ": " + Why + "; ignored: every file is ported again").str();
    return std::nullopt;
  };
  StringRef Dir = sys::path::parent_path(Path);
  struct stat St;
  if (::lstat(Dir.str().c_str(), &St) == 0 && !S_ISDIR(St.st_mode))
    return Ignored(Dir + " is a symbolic link or not a directory, not followed");
  if (::lstat(Path.str().c_str(), &St) != 0)
    return std::nullopt;
  auto Buf = readFileChecked(Path, DefaultReadLimit, /*NullTerminated=*/true);
  if (!Buf)
    return Ignored(toString(Buf.takeError()));
  Manifest M;
  M.Format = 0;
  // The parser's diagnostics would quote the damaged bytes: dropped.
  yaml::Input In((*Buf)->getBuffer(), nullptr, [](const SMDiagnostic &, void *) {});
  In.setAllowUnknownKeys(true);
  In >> M;
  if (In.error())
    return Ignored("damaged (not a manifest cu2hip can read)");
  if (M.Format != Manifest::CurrentFormat)
    return std::nullopt;
  M.index();
  return M;
}

Error writeManifest(StringRef Path, const Manifest &M) {
  std::string Text;
  {
    raw_string_ostream OS(Text);
    yaml::Output Out(OS, nullptr, /*WrapColumn=*/0);
    Manifest Copy = M;
    Out << Copy;
  }
  return writeFileAtomically(Path, Text, std::nullopt, /*IntoSpecial=*/false);
}

const std::string &HashCache::get(const std::string &Path) {
  auto It = Hashes.find(Path);
  if (It != Hashes.end())
    return It->second;
  return Hashes[Path] = fileHash(Path).value_or("");
}

namespace {

/// The include directories `Args` names (relative ones under `WorkDir`).
void includeDirsOf(const std::vector<std::string> &Args, StringRef WorkDir,
                   std::set<std::string> &Dirs) {
  auto Add = [&](StringRef D) {
    SmallString<256> P(D);
    if (WorkDir.empty())
      sys::fs::make_absolute(P);
    else
      sys::fs::make_absolute(WorkDir, P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Dirs.insert(std::string(P));
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Flag : {"-isystem", "-iquote", "-idirafter", "-I", "--include-directory="})
      if (A.consume_front(Flag)) {
        if (!A.empty())
          Add(A);
        else if (I + 1 < Args.size())
          Add(Args[++I]);
        break;
      }
  }
}

bool isAtOrUnder(StringRef Path, StringRef Dir) {
  return !Dir.empty() && Path.startswith(Dir) &&
         (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

/// Names below `Dir` (depth <= 8, entries <= 100,000), one a line, sorted;
/// none at or below a directory of `Skip`.
std::string listing(StringRef Dir, const std::vector<std::string> &Skip) {
  std::vector<std::string> Names;
  std::error_code EC;
  auto Skipped = [&](StringRef P) {
    return llvm::any_of(Skip, [&](const std::string &S) { return isAtOrUnder(P, S); });
  };
  if (Skipped(Dir))
    return "";
  for (sys::fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC && Names.size() < 100000; It.increment(EC)) {
    if (Skipped(It->path())) {
      It.no_push();
      continue;
    }
    Names.push_back(StringRef(It->path()).drop_front(Dir.size()).str());
    if (It.level() >= 8)
      It.no_push();
  }
  std::sort(Names.begin(), Names.end());
  std::string Out;
  for (const std::string &N : Names)
    Out += N + "\n";
  return Out;
}

} // namespace

std::string includeSearchDigest(const std::vector<std::string> &Args,
                                const std::vector<FileJob> &Jobs,
                                const std::vector<std::string> &Skip) {
  std::set<std::string> Dirs;
  std::string All;
  for (const char *Var : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"}) {
    const char *V = ::getenv(Var);
    All += std::string(Var) + "=" + (V ? V : "(unset)") + "\n";
    SmallVector<StringRef, 8> Parts;
    StringRef(V ? V : "").split(Parts, ':', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      includeDirsOf({"-I" + P.str()}, "", Dirs);
  }
  includeDirsOf(Args, "", Dirs);
  for (const FileJob &J : Jobs)
    includeDirsOf(J.Flags, J.WorkDir, Dirs);
  for (const std::string &D : Dirs)
    All += "dir " + D + "\n" + listing(D, Skip);
  return contentHash(All);
}

std::string flagsHash(const FileJob &J) {
  std::string All = J.WorkDir;
  for (const std::string &F : J.Flags)
    All += '\0' + F;
  // A .cpp with no `-x cu` is parsed for the host only (FileJob::HostOnly).
  if (J.HostOnly)
    All += "\0host-only";
  return contentHash(All);
}

namespace {

/// Whether job `J`'s stored entry `E` still describes the disk.
bool stillValid(const StoredFile &E, const FileJob &J, HashCache &Hashes) {
  if (E.Failed || E.TU != J.IsTU || E.Output != J.Output || E.Hash.empty() ||
      Hashes.get(J.Input) != E.Hash)
    return false;
  if (!E.Output.empty() && Hashes.get(E.Output) != E.OutHash)
    return false;
  if (J.IsTU && E.Depends != flagsHash(J))
    return false;
  for (const HashedPath &R : E.Reads)
    if (Hashes.get(R.Path) != R.Hash)
      return false;
  return true;
}

} // namespace

ReusePlan planReuse(const Manifest *Old, const std::vector<FileJob> &Jobs, HashCache &Hashes) {
  ReusePlan P;
  P.Kept.assign(Jobs.size(), nullptr);
  if (!Old)
    return P;
  // Any file added or removed can change what an include resolves to.
  std::set<std::string> Now, Before;
  for (const FileJob &J : Jobs)
    Now.insert(J.Input);
  for (const StoredFile &E : Old->Files)
    if (E.Kind == "source")
      Before.insert(E.Input);
  if (Now != Before)
    return P;

  std::map<std::string, size_t> JobOf;
  for (size_t I = 0; I < Jobs.size(); ++I)
    JobOf[Jobs[I].Input] = I;
  // The units that gave each job facts in the last run.
  std::vector<std::vector<size_t>> UnitsOf(Jobs.size());
  std::vector<const StoredFile *> Entry(Jobs.size());
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Entry[I] = Old->find("source", Jobs[I].Input);
    if (Entry[I])
      for (const std::string &F : Entry[I]->FactFiles)
        if (auto It = JobOf.find(F); It != JobOf.end())
          UnitsOf[It->second].push_back(I);
  }
  std::vector<char> Port(Jobs.size(), 0), Parse(Jobs.size(), 0);
  for (size_t I = 0; I < Jobs.size(); ++I) {
    if (Entry[I] && stillValid(*Entry[I], Jobs[I], Hashes))
      continue;
    Port[I] = 1;
    // A changed unit's facts may change in every file it reached.
    if (Entry[I])
      for (const std::string &F : Entry[I]->FactFiles)
        if (auto It = JobOf.find(F); It != JobOf.end())
          Port[It->second] = 1;
  }
  // A ported file needs the facts of every unit that reached it.
  for (size_t I = 0; I < Jobs.size(); ++I) {
    if (!Port[I])
      continue;
    if (Jobs[I].IsTU)
      Parse[I] = 1;
    for (size_t U : UnitsOf[I])
      Parse[U] = 1;
  }
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (!Port[I])
      P.Kept[I] = Entry[I];
  P.Run.Parse = std::move(Parse);
  P.Run.Port = std::move(Port);
  return P;
}

const StoredFile *keptEntry(const Manifest *Old, StringRef Kind, StringRef Input,
                            StringRef Output, StringRef Depends, HashCache &Hashes) {
  if (!Old)
    return nullptr;
  const StoredFile *E = Old->find(Kind, Input);
  if (!E || E->Failed || E->Output != Output || E->Depends != Depends ||
      E->Hash.empty() || Hashes.get(Input.str()) != E->Hash ||
      Hashes.get(Output.str()) != E->OutHash)
    return nullptr;
  return E;
}

std::vector<const StoredFile *> staleEntries(const Manifest &Last,
                                             const std::set<std::string> &Inputs,
                                             const std::set<std::string> &Outputs) {
  std::vector<const StoredFile *> Out;
  for (const StoredFile &E : Last.Files) {
    if (E.Output.empty() || E.OutHash.empty() || Outputs.count(E.Output))
      continue;
    // The runtime copy: stale when this run does not bundle it.
    if (E.Kind == "runtime") {
      Out.push_back(&E);
      continue;
    }
    if (Inputs.count(E.Input))
      continue;
    // Gone: no such file, a file where its directory was (ENOTDIR), or a
    // directory where the file was.
    sys::fs::file_status St;
    std::error_code EC = sys::fs::status(E.Input, St, /*Follow=*/false);
    if (!EC && St.type() != sys::fs::file_type::directory_file)
      continue;
    if (EC && EC != std::errc::no_such_file_or_directory && EC != std::errc::not_a_directory)
      continue;
    Out.push_back(&E);
  }
  return Out;
}

} // namespace cu2hip
