#include "cu2hip/MapTable.h"
#include "cu2hip/FileIO.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"
#include <algorithm>

using namespace llvm;

namespace llvm {
namespace yaml {
template <> struct MappingTraits<cu2hip::MapEntry> {
  static void mapping(IO &IO, cu2hip::MapEntry &E) {
    IO.mapRequired("cuda", E.Cuda);
    IO.mapOptional("hip", E.Hip);
    IO.mapRequired("kind", E.Kind);
    IO.mapOptional("lib", E.Lib);
    IO.mapOptional("since", E.Since);
    IO.mapOptional("status", E.Status);
    IO.mapOptional("note", E.Note);
    IO.mapOptional("requires", E.Requires);
  }
  static std::string validate(IO &, cu2hip::MapEntry &E) {
    static const char *Kinds[] = {"function", "type",      "enum",
                                  "macro",    "namespace", "header"};
    if (std::find_if(std::begin(Kinds), std::end(Kinds), [&](const char *K) {
          return E.Kind == K;
        }) == std::end(Kinds))
      return "entry '" + E.Cuda + "': unknown kind '" + E.Kind + "'";
    if (!E.Status.empty() && E.Status != "supported" &&
        E.Status != "unsupported" && E.Status != "partial")
      return "entry '" + E.Cuda + "': unknown status '" + E.Status + "'";
    if (E.Hip.empty() && E.Status != "unsupported")
      return "entry '" + E.Cuda + "': 'hip' is required unless status is unsupported";
    return "";
  }
};
} // namespace yaml
} // namespace llvm
LLVM_YAML_IS_SEQUENCE_VECTOR(cu2hip::MapEntry)

namespace cu2hip {

MapStatus MapEntry::status() const {
  if (Status == "unsupported")
    return MapStatus::Unsupported;
  if (Status == "partial")
    return MapStatus::Partial;
  return MapStatus::Supported;
}

static void collectDiag(const SMDiagnostic &D, void *Ctx) {
  auto *S = static_cast<std::string *>(Ctx);
  if (S->empty()) {
    raw_string_ostream OS(*S);
    OS << D.getFilename() << ":" << D.getLineNo() << ":" << (D.getColumnNo() + 1)
       << ": " << D.getMessage();
  }
}

/// The 1-based line of each entry of a mapping file's top-level sequence
/// (called once the file parsed, so the YAML is valid).
static std::vector<unsigned> entryLines(StringRef Text) {
  SourceMgr SM;
  yaml::Stream S(Text, SM);
  std::vector<unsigned> Lines;
  auto Doc = S.begin();
  if (Doc == S.end())
    return Lines;
  if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(Doc->getRoot()))
    for (yaml::Node &N : *Seq)
      Lines.push_back(SM.FindLineNumber(N.getSourceRange().Start));
  return Lines;
}

void MapTable::noteUserEntry(const MapEntry &E, StringRef File, unsigned Line,
                             StringMap<unsigned> &SeenInFile) {
  std::string Loc = (File + ":" + Twine(Line)).str();
  std::string Key = (E.isHeader() ? "header " : "") + E.Cuda;
  auto Ins = SeenInFile.try_emplace(Key, Line);
  if (!Ins.second)
    Warnings.push_back({Loc, "'" + E.Cuda + "' is mapped twice in this file (first at line " +
                                 std::to_string(Ins.first->second) +
                                 "); the later entry wins"});
  if (!E.Hip.empty() && E.Hip == E.Cuda)
    Warnings.push_back({Loc, "'" + E.Cuda + "' is mapped to itself"});
  if (!E.isHeader())
    UserOrigin[E.Cuda] = Loc;
}

void MapTable::warnUserCycles() {
  // In file order (file, then line), so a cycle is reported at its first
  // entry whatever the hash order of the table.
  std::vector<std::pair<StringRef, StringRef>> Origins; // (name, "file:line")
  for (auto &KV : UserOrigin)
    Origins.push_back({KV.getKey(), KV.getValue()});
  auto FileLine = [](StringRef Loc) {
    auto [F, L] = Loc.rsplit(':');
    unsigned N = 0;
    L.getAsInteger(10, N);
    return std::make_pair(F, N);
  };
  llvm::sort(Origins, [&](const auto &A, const auto &B) {
    return FileLine(A.second) < FileLine(B.second);
  });
  for (auto &[Start, Origin] : Origins) {
    std::vector<std::string> Path = {Start.str()};
    for (unsigned Step = 0; Step < 64; ++Step) {
      const MapEntry *E = lookupName(Path.back());
      if (!E || E->Hip.empty() || E->Hip == Path.back())
        break;
      if (E->Hip == Start) {
        std::set<std::string> Members(Path.begin(), Path.end());
        std::string Id = join(Members.begin(), Members.end(), " ");
        if (ReportedCycles.insert(Id).second)
          Warnings.push_back({Origin.str(), "mapping cycle: " + join(Path, " -> ") + " -> " +
                                                 Start.str() +
                                                 " (a name renamed to another CUDA name "
                                                 "that is renamed back)"});
        break;
      }
      if (std::find(Path.begin(), Path.end(), E->Hip) != Path.end())
        break;
      Path.push_back(E->Hip);
    }
  }
}

Error MapTable::loadString(StringRef Text, StringRef Name, bool AllowOverride) {
  std::vector<MapEntry> Entries;
  std::string Diag;
  yaml::Input In(Text, nullptr, collectDiag, &Diag);
  In.setAllowUnknownKeys(false);
  // Give the source manager a name so diagnostics say which file.
  In >> Entries;
  if (In.error()) {
    if (Diag.empty())
      Diag = (Name + ": invalid mapping file").str();
    else if (StringRef(Diag).startswith("YAML"))
      Diag = (Name + Diag.substr(4)).str();
    return createStringError(inconvertibleErrorCode(), "%s (in %s)", Diag.c_str(),
                             Name.str().c_str());
  }
  std::vector<unsigned> Lines;
  if (AllowOverride)
    Lines = entryLines(Text);
  StringMap<unsigned> SeenInFile;
  for (size_t I = 0; I < Entries.size(); ++I) {
    MapEntry &E = Entries[I];
    if (AllowOverride)
      noteUserEntry(E, Name, I < Lines.size() ? Lines[I] : 0, SeenInFile);
    auto &M = E.isHeader() ? Headers : Names;
    auto It = M.find(E.Cuda);
    if (It != M.end() && !AllowOverride)
      return createStringError(inconvertibleErrorCode(),
                               "%s: duplicate mapping for '%s'",
                               Name.str().c_str(), E.Cuda.c_str());
    if (E.isHeader() && !E.Hip.empty())
      HipHeaders[E.Hip] = true;
    M[E.Cuda] = std::move(E);
  }
  if (AllowOverride)
    warnUserCycles();
  return Error::success();
}

Error MapTable::loadFile(StringRef Path, bool AllowOverride) {
  auto Buf = readFileChecked(Path);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(), "mapping file: %s",
                             toString(Buf.takeError()).c_str());
  return loadString((*Buf)->getBuffer(), Path, AllowOverride);
}

Error MapTable::loadDirectory(StringRef Dir) {
  std::error_code EC;
  std::vector<std::string> Files;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  if (EC)
    return createStringError(EC, "cannot list mapping directory %s: %s",
                             Dir.str().c_str(), EC.message().c_str());
  if (Files.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no *.yaml mapping files in %s", Dir.str().c_str());
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files)
    if (Error E = loadFile(F))
      return E;
  // Hand-written overrides (e.g. runtime shims) replace generated entries.
  llvm::SmallString<256> Over(Dir);
  llvm::sys::path::append(Over, "overrides");
  if (llvm::sys::fs::is_directory(Over)) {
    std::vector<std::string> OFiles;
    for (sys::fs::directory_iterator It(Over, EC), End; It != End && !EC; It.increment(EC))
      if (sys::path::extension(It->path()) == ".yaml")
        OFiles.push_back(It->path());
    std::sort(OFiles.begin(), OFiles.end());
    for (const std::string &F : OFiles)
      if (Error E = loadFile(F, /*AllowOverride=*/true))
        return E;
  }
  return Error::success();
}

const MapEntry *MapTable::lookupName(StringRef Cuda) const {
  auto It = Names.find(Cuda);
  return It == Names.end() ? nullptr : &It->second;
}

const MapEntry *MapTable::lookupHeader(StringRef H) const {
  auto It = Headers.find(H);
  return It == Headers.end() ? nullptr : &It->second;
}

bool MapTable::isHipHeader(StringRef H) const { return HipHeaders.count(H); }

} // namespace cu2hip
