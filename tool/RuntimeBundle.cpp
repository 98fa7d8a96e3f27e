//===- RuntimeBundle.cpp - cu2hip's runtime headers inside a ported tree --===//
#include "RuntimeBundle.h"
#include "OutputWriter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cu2hip {

/// Whether `To` already holds the bytes of `From` (a re-run into the same
/// out-root): it is then left alone, so its mtime does not make the user's
/// build recompile every source that includes a runtime header.
static bool sameContent(StringRef From, StringRef To) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> A = MemoryBuffer::getFile(From);
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(To);
  return A && B && (*A)->getBuffer() == (*B)->getBuffer();
}

Expected<unsigned> copyRuntimeHeaders(StringRef IncludeDir, StringRef OutRoot) {
  unsigned N = 0;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator I(IncludeDir, EC), E; I != E && !EC;
       I.increment(EC)) {
    if (I->type() != sys::fs::file_type::regular_file)
      continue;
    StringRef Rel = StringRef(I->path()).drop_front(IncludeDir.size()).ltrim('/');
    SmallString<256> To(OutRoot);
    sys::path::append(To, RuntimeBundleDir, Rel);
    if (sameContent(I->path(), To)) {
      ++N;
      continue;
    }
    if (Error Err = copyFileAtomically(I->path(), To))
      return createStringError(inconvertibleErrorCode(),
                               To + ": " + toString(std::move(Err)));
    ++N;
  }
  if (EC)
    return createStringError(EC, IncludeDir + ": " + EC.message());
  return N;
}

bool isInRuntimeBundle(StringRef Path, StringRef InRoot) {
  SmallString<256> Dir(InRoot), Wave;
  sys::path::append(Dir, RuntimeBundleDir);
  if (!Path.startswith(Dir) || !Path.drop_front(Dir.size()).startswith("/"))
    return false;
  sys::path::append(Wave = Dir, "cu2hip", "wave.h");
  return sys::fs::exists(Wave);
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
