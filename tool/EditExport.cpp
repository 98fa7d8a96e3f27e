//===- EditExport.cpp - per-unit edits as YAML, and merging them ----------===//
#include "EditExport.h"
#include "cu2hip/Edit.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace llvm {
namespace yaml {
template <> struct MappingTraits<cu2hip::UnitExport> {
  static void mapping(IO &Io, cu2hip::UnitExport &U) {
    Io.mapRequired("MainSourceFile", U.MainSourceFile);
    Io.mapRequired("Version", U.Version);
    Io.mapRequired("OptionsDigest", U.Options);
    Io.mapOptional("Files", U.Files);
    Io.mapOptional("Namesakes", U.Namesakes);
    Io.mapOptional("Complete", U.Complete, false); // last
  }
};
} // namespace yaml
} // namespace llvm

namespace cu2hip {

std::set<std::string> includedNames(const UnitExport &U) {
  std::set<std::string> Names;
  for (const StoredFile &F : U.Files) {
    Names.insert(sys::path::filename(F.Input).str());
    for (const HashedPath &R : F.Reads)
      Names.insert(sys::path::filename(R.Path).str());
    // Clang's "'mpi.h' file not found" (rule parse-include).
    for (const Finding &Fi : F.Findings) {
      StringRef M = Fi.Message;
      size_t End = M.find("' file not found");
      if (Fi.RuleId == "parse-include" && M.startswith("'") && End != StringRef::npos)
        Names.insert(sys::path::filename(M.slice(1, End)).str());
    }
  }
  return Names;
}

std::vector<std::string> namesakes(const std::set<std::string> &Names,
                                   const std::vector<FileJob> &Jobs) {
  std::vector<std::string> Out;
  for (const FileJob &J : Jobs)
    if (Names.count(sys::path::filename(J.Input).str()))
      Out.push_back(J.Input);
  llvm::sort(Out);
  return Out;
}

Error writeUnitExport(StringRef Dir, const UnitExport &U) {
  std::string Text;
  {
    raw_string_ostream OS(Text);
    yaml::Output Out(OS, nullptr, /*WrapColumn=*/0);
    UnitExport Copy = U;
    Copy.Complete = true;
    Out << Copy;
  }
  SmallString<256> P(Dir);
  sys::path::append(P, (sys::path::filename(U.MainSourceFile) + "-" +
                        StringRef(contentHash(U.MainSourceFile)).take_front(12) + ".yaml")
                           .str());
  return writeFileAtomically(P, Text, std::nullopt, /*IntoSpecial=*/false);
}

/// Checks the edits of `F`, an entry of the export at `Path`, as data: each
/// lies inside the file (as it is now, when it still has the content the
/// export was made from; a changed file is left to staleExports), none
/// overlaps another.
static Error checkEntryEdits(const StoredFile &F, StringRef Path) {
  std::vector<const Edit *> Sorted;
  for (const Edit &E : F.Edits)
    Sorted.push_back(&E);
  std::sort(Sorted.begin(), Sorted.end(), [](const Edit *A, const Edit *B) {
    return std::make_pair(A->Offset, A->Length) < std::make_pair(B->Offset, B->Length);
  });
  uint64_t End = 0;
  const Edit *Last = nullptr;
  for (const Edit *E : Sorted) {
    if (Last && E->Offset < End)
      return createStringError(std::errc::invalid_argument,
                               "%s: edits of %s overlap (bytes %u+%u and %u+%u): not an "
                               "export cu2hip wrote; export the unit again",
                               Path.str().c_str(), F.Input.c_str(), Last->Offset,
                               Last->Length, E->Offset, E->Length);
    if (uint64_t(E->Offset) + E->Length >= End) {
      End = uint64_t(E->Offset) + E->Length;
      Last = E;
    }
  }
  if (Sorted.empty() || fileHash(F.Input).value_or("") != F.Hash)
    return Error::success();
  uint64_t Size = 0;
  if (!sys::fs::file_size(F.Input, Size) && End > Size)
    return createStringError(std::errc::invalid_argument,
                             "%s: an edit of %s runs past the end of the file (to byte %llu "
                             "of %llu): not an export cu2hip wrote; export the unit again",
                             Path.str().c_str(), F.Input.c_str(), (unsigned long long)End,
                             (unsigned long long)Size);
  return Error::success();
}

Error checkExportEdits(const UnitExport &U) {
  if (U.MainSourceFile.empty())
    return createStringError(std::errc::invalid_argument,
                             "%s: no MainSourceFile: not an edit export of cu2hip",
                             U.Path.c_str());
  for (const StoredFile &F : U.Files)
    if (Error E = checkEntryEdits(F, U.Path))
      return E;
  return Error::success();
}

Expected<std::vector<UnitExport>> readUnitExports(StringRef Dir) {
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".yaml")
      Paths.push_back(It->path());
  if (EC)
    return createStringError(EC, "cannot read %s: %s", Dir.str().c_str(),
                             EC.message().c_str());
  std::sort(Paths.begin(), Paths.end());
  std::vector<UnitExport> Out;
  for (const std::string &P : Paths) {
    auto Buf = readFileChecked(P, DefaultReadLimit, /*NullTerminated=*/true);
    if (!Buf)
      return Buf.takeError();
    UnitExport U;
    // The parser's diagnostics would quote the file's bytes: dropped.
    yaml::Input In((*Buf)->getBuffer(), nullptr, [](const SMDiagnostic &, void *) {});
    In >> U;
    if (In.error())
      return createStringError(In.error(), "%s: not an edit export of cu2hip (damaged, or "
                               "cut short)", P.c_str());
    if (!U.Complete)
      return createStringError(std::errc::invalid_argument,
                               "%s: truncated edit export (its last line, \"Complete: "
                               "true\", is missing): export the unit again", P.c_str());
    U.Path = P;
    if (Error E = checkExportEdits(U))
      return std::move(E);
    Out.push_back(std::move(U));
  }
  std::stable_sort(Out.begin(), Out.end(), [](const UnitExport &A, const UnitExport &B) {
    return A.MainSourceFile < B.MainSourceFile;
  });
  for (size_t I = 1; I < Out.size(); ++I)
    if (Out[I].MainSourceFile == Out[I - 1].MainSourceFile)
      return createStringError(std::errc::invalid_argument,
                               "%s and %s are both edit exports of %s: keep one of them",
                               Out[I - 1].Path.c_str(), Out[I].Path.c_str(),
                               Out[I].MainSourceFile.c_str());
  return Out;
}

namespace {

/// 1-based line and column of `Offset` in `Text`.
std::pair<unsigned, unsigned> lineColOf(StringRef Text, unsigned Offset) {
  StringRef Before = Text.take_front(Offset);
  size_t Nl = Before.rfind('\n');
  return {unsigned(Before.count('\n')) + 1,
          unsigned(Nl == StringRef::npos ? Offset : Offset - Nl - 1) + 1};
}

bool sameStored(const StoredFile &A, const StoredFile &B) {
  auto SameEdits = [](const std::vector<Edit> &X, const std::vector<Edit> &Y) {
    return X.size() == Y.size() &&
           std::equal(X.begin(), X.end(), Y.begin(), [](const Edit &E, const Edit &F) {
             return E.sameChange(F) && E.RuleId == F.RuleId;
           });
  };
  return A.Failed == B.Failed && A.Parsed == B.Parsed && SameEdits(A.Edits, B.Edits) &&
         A.Findings == B.Findings && A.EditsPerRule == B.EditsPerRule &&
         A.RenamesPerLib == B.RenamesPerLib && A.RenamesNewerHip == B.RenamesNewerHip;
}

Finding errorAt(StringRef File, StringRef Text, StringRef Rule, unsigned Offset,
                const Twine &Msg) {
  Finding F;
  F.RuleId = Rule.str();
  F.Sev = Severity::Error;
  F.File = File.str();
  F.Offset = Offset;
  std::tie(F.Line, F.Col) = lineColOf(Text, Offset);
  F.Message = Msg.str();
  return F;
}

/// The result of a file from its one entry (or several equal ones).
FileResult fromEntry(const StoredFile &E, StringRef Text) {
  FileResult R = restoreResult(E);
  R.Unchanged = false;
  R.Original = Text.str();
  EditSet Set;
  for (const Edit &Ed : E.Edits)
    Set.add(Ed);
  Set.merge();
  R.Edits = Set.edits();
  R.Ported = Set.apply(R.Original);
  return R;
}

} // namespace

namespace {

/// Collects, per file, what changed and for which exports.
class StaleSet {
public:
  void add(StringRef File, StringRef What, const UnitExport &U) {
    auto &E = ByFile[File.str()];
    if (E.first.empty())
      E.first = What.str();
    E.second.insert(U.Path);
  }
  std::vector<StaleInput> take() {
    std::vector<StaleInput> Out;
    for (auto &[File, E] : ByFile) {
      std::string Names;
      for (const std::string &P : E.second)
        Names += (Names.empty() ? "" : ", ") + P;
      Out.push_back({File, E.first + " (stale export" + (E.second.size() > 1 ? "s " : " ") +
                               Names + ")"});
    }
    return Out;
  }

private:
  std::map<std::string, std::pair<std::string, std::set<std::string>>> ByFile;
};

/// Checks `File`, recorded with `Hash` in `U`, against the disk; `Why` says
/// how the export depends on it ("" for a file it ported).
void checkRecorded(StringRef File, StringRef Hash, const Twine &Why, const UnitExport &U,
                   HashCache &Hashes, StaleSet &Out) {
  const std::string &Now = Hashes.get(File.str());
  if (Now == Hash)
    return;
  std::string How = Why.isTriviallyEmpty() ? "" : " (" + Why.str() + ")";
  if (!sys::fs::exists(File))
    Out.add(File, "no longer exists" + How, U);
  else if (Now.empty())
    Out.add(File, "cannot be read" + How, U);
  else
    Out.add(File, "changed since it was exported" + How, U);
}

} // namespace

std::vector<StaleInput> staleExports(const std::vector<UnitExport> &Units,
                                     const std::vector<FileJob> &Jobs, HashCache &Hashes) {
  std::map<std::string, const FileJob *> JobOf;
  for (const FileJob &J : Jobs)
    JobOf[J.Input] = &J;
  StaleSet Out;
  for (const UnitExport &U : Units) {
    auto It = JobOf.find(U.MainSourceFile);
    if (It == JobOf.end() || !It->second->IsTU) {
      Out.add(U.MainSourceFile, "is no longer a translation unit of this tree: remove its "
                                "export", U);
      continue;
    }
    // The files it ported first: a changed one is named as such, not as read.
    for (const StoredFile &F : U.Files)
      checkRecorded(F.Input, F.Hash, "", U, Hashes, Out);
    // A source added since with the name of one the parse included: an
    // #include may find it now (it shadows the file found then).
    std::vector<std::string> Now = namesakes(includedNames(U), Jobs);
    for (const std::string &N : Now)
      if (!std::binary_search(U.Namesakes.begin(), U.Namesakes.end(), N))
        Out.add(N, "is new since the export and has the name of a file the parse of " +
                       U.MainSourceFile + " included or looked for: an #include may "
                       "find it now",
                U);
    for (const StoredFile &F : U.Files) {
      for (const HashedPath &R : F.Reads)
        checkRecorded(R.Path, R.Hash, "read by the parse of " + U.MainSourceFile, U, Hashes,
                      Out);
      if (F.TU && !F.Depends.empty() && F.Depends != flagsHash(*It->second))
        Out.add(F.Input, "its compile flags or directory changed since it was exported", U);
    }
  }
  return Out.take();
}

std::vector<FileResult> applyUnitExports(const std::vector<UnitExport> &Units,
                                         const std::vector<FileJob> &Jobs, Porter &P,
                                         unsigned Workers) {
  std::map<std::string, std::vector<const StoredFile *>> EntriesOf;
  std::map<std::string, std::vector<std::string>> UnitsOf;
  std::set<std::string> Exported;
  for (const UnitExport &U : Units) {
    Exported.insert(U.MainSourceFile);
    for (const StoredFile &F : U.Files) {
      EntriesOf[F.Input].push_back(&F);
      UnitsOf[F.Input].push_back(U.MainSourceFile);
    }
  }
  std::map<std::string, size_t> JobOf;
  for (size_t I = 0; I < Jobs.size(); ++I)
    JobOf[Jobs[I].Input] = I;
  // Files whose units disagree: ported again from a parse of those units.
  RunPlan Again;
  Again.Parse.assign(Jobs.size(), 0);
  Again.Port.assign(Jobs.size(), 0);
  Again.OnEscape = RunPlan::AddTouched;
  bool AnyAgain = false;

  std::vector<FileResult> Out(Jobs.size());
  for (size_t I = 0; I < Jobs.size(); ++I) {
    const FileJob &J = Jobs[I];
    FileResult &R = Out[I];
    auto Buf = readFileChecked(J.Input);
    if (!Buf) {
      R.Failed = true;
      Finding F = errorAt(J.Input, "", "io-error", 0, toString(Buf.takeError()));
      F.Line = F.Col = 0;
      R.Findings.push_back(F);
    } else if (StringRef Text = (*Buf)->getBuffer(); !EntriesOf.count(J.Input)) {
      R = P.portBuffer(J.Input, Text, FileFacts(), !J.IsTU);
      if (J.IsTU && !Exported.count(J.Input)) {
        R.Findings.insert(R.Findings.begin(),
                          errorAt(J.Input, Text, "io-error", 0,
                                  "no edit export of this translation unit: ported with "
                                  "the token rules only"));
        R.Failed = true;
      }
    } else if (const auto &Es = EntriesOf[J.Input];
               llvm::any_of(Es, [&](const StoredFile *E) {
                 return E->Hash != contentHash(Text);
               })) {
      R.Failed = true;
      R.Findings.push_back(errorAt(J.Input, Text, "io-error", 0,
                                   "the file changed since its edits were exported: "
                                   "export again"));
    } else if (llvm::all_of(Es, [&](const StoredFile *E) { return sameStored(*E, *Es[0]); })) {
      R = fromEntry(*Es[0], Text);
    } else {
      AnyAgain = true;
      Again.Port[I] = 1;
      for (const std::string &U : UnitsOf[J.Input])
        if (auto It = JobOf.find(U); It != JobOf.end())
          Again.Parse[It->second] = 1;
    }
    R.Input = J.Input;
    R.Output = J.Output;
  }
  if (AnyAgain) {
    std::vector<FileResult> Re = P.run(Jobs, Workers, Again);
    for (size_t I = 0; I < Jobs.size(); ++I)
      if (Again.Port[I])
        Out[I] = std::move(Re[I]);
  }
  return Out;
}

} // namespace cu2hip
