#include "cu2hip/MapTable.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
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
  for (MapEntry &E : Entries) {
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
  return Error::success();
}

Error MapTable::loadFile(StringRef Path, bool AllowOverride) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read mapping file %s: %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
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
