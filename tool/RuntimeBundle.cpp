//===- RuntimeBundle.cpp - cu2hip's runtime headers inside a ported tree --===//
#include "RuntimeBundle.h"
#include "OutputWriter.h"
#include "StoredResult.h"
#include "cu2hip/FileIO.h"
#include <algorithm>
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cu2hip {

/// Whether `To` already holds the bytes of `From` (a re-run into the same
/// out-root): it is then left alone, so its mtime does not make the user's
/// build recompile every source that includes a runtime header.
static std::string contentOf(StringRef Path) {
  auto Buf = readFileChecked(Path);
  if (!Buf) {
    consumeError(Buf.takeError());
    return "\1unreadable";
  }
  return (*Buf)->getBuffer().str();
}

/// What the marker holds.
static const char *MarkerText =
    "cu2hip's runtime headers, copied here by cu2hip for the ported build files.\n"
    "cu2hip copies this directory as it is when it ports a tree holding it.\n";

std::vector<BundledFile> runtimeBundleFiles(StringRef IncludeDir, StringRef OutRoot) {
  std::vector<BundledFile> Files;
  if (OutRoot.empty())
    return Files;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator I(IncludeDir, EC), E; I != E && !EC;
       I.increment(EC)) {
    if (I->type() != sys::fs::file_type::regular_file)
      continue;
    StringRef Rel = StringRef(I->path()).drop_front(IncludeDir.size()).ltrim('/');
    SmallString<256> To(OutRoot);
    sys::path::append(To, RuntimeBundleDir, Rel);
    Files.push_back({I->path(), std::string(To)});
  }
  std::sort(Files.begin(), Files.end(),
            [](const BundledFile &A, const BundledFile &B) { return A.To < B.To; });
  SmallString<256> Marker(OutRoot);
  sys::path::append(Marker, RuntimeBundleDir, RuntimeBundleMarker);
  Files.push_back({"", std::string(Marker)});
  return Files;
}

Expected<std::vector<BundledFile>> copyRuntimeHeaders(StringRef IncludeDir, StringRef OutRoot,
                                                      std::vector<std::string> *Hashes) {
  std::vector<BundledFile> Files = runtimeBundleFiles(IncludeDir, OutRoot);
  if (Files.size() <= 1)
    return createStringError(std::errc::no_such_file_or_directory,
                             "%s: no runtime headers found", IncludeDir.str().c_str());
  for (const BundledFile &F : Files) {
    std::string Want = F.From.empty() ? MarkerText : contentOf(F.From);
    if (Hashes)
      Hashes->push_back(contentHash(Want));
    // Left alone when it holds the bytes already (no rebuild for its mtime).
    if (contentOf(F.To) == Want)
      continue;
    Error Err = F.From.empty() ? writeFileAtomically(F.To, Want)
                               : copyFileAtomically(F.From, F.To);
    if (Err)
      return createStringError(inconvertibleErrorCode(), F.To + ": " + toString(std::move(Err)));
  }
  return Files;
}

bool isInRuntimeBundle(StringRef Path, StringRef InRoot) {
  for (StringRef D = sys::path::parent_path(Path); D.size() > InRoot.size();
       D = sys::path::parent_path(D)) {
    SmallString<256> Marker(D);
    sys::path::append(Marker, RuntimeBundleMarker);
    if (sys::path::filename(D) == RuntimeBundleDir && sys::fs::exists(Marker))
      return true;
  }
  return false;
}

std::string bundleFrom(StringRef BuildFile, StringRef OutRoot) {
  StringRef Dir = sys::path::parent_path(BuildFile);
  StringRef Below = Dir.drop_front(std::min(Dir.size(), OutRoot.size())).trim('/');
  std::string Up;
  for (auto I = sys::path::begin(Below), E = sys::path::end(Below); !Below.empty() && I != E;
       ++I)
    Up += "../";
  return Up + RuntimeBundleDir;
}

} // namespace cu2hip
