//===- Instrument.cpp - the instrumented CUDA copy of --instrument --------===//
#include "Instrument.h"
#include "OutputWriter.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cu2hip {

std::string instrumentDir(StringRef Chosen, StringRef OutRoot) {
  if (!Chosen.empty())
    return Chosen.str();
  return (sys::path::remove_leading_dotslash(OutRoot).rtrim('/') + "-cuda").str();
}

/// `Path` relative to `Root` (both absolute), or "" when it is not inside.
static std::string relativeTo(StringRef Path, StringRef Root) {
  std::string R = Root.rtrim('/').str() + "/";
  if (!Path.startswith(R))
    return "";
  return Path.drop_front(R.size()).str();
}

/// Writes `Text` to `To` atomically, creating its directory.
static Error writeText(StringRef To, StringRef Text) {
  return writeFileAtomically(To, Text); // the write gate; creates the directory
}

Expected<unsigned> writeInstrumentedCopy(StringRef InRoot, StringRef Dir,
                                         const std::vector<FileResult> &Results, size_t Sources,
                                         const std::vector<CopyJob> &Copies) {
  SmallString<256> AbsIn(InRoot), AbsDir(Dir);
  sys::fs::make_absolute(AbsIn);
  sys::fs::make_absolute(AbsDir);
  sys::path::remove_dots(AbsIn, true);
  sys::path::remove_dots(AbsDir, true);
  if (AbsDir == AbsIn || !relativeTo(AbsDir, AbsIn).empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s: the instrumented CUDA copy may not be written into the "
                             "input tree %s",
                             AbsDir.c_str(), AbsIn.c_str());
  unsigned N = 0;
  for (size_t I = 0; I < Results.size(); ++I) {
    const FileResult &R = Results[I];
    std::string Rel = relativeTo(R.Input, AbsIn);
    if (Rel.empty() || (R.Original.empty() && R.Failed))
      continue;
    // Build files (after the sources) are copied as they are.
    std::string Text = I < Sources ? instrumentCudaCopy(R.Input, R.Original) : "";
    if (Text.empty())
      Text = R.Original;
    if (Error E = writeText((AbsDir + "/" + Rel).str(), Text))
      return std::move(E);
    ++N;
  }
  for (const CopyJob &C : Copies) {
    std::string Rel = relativeTo(C.From, AbsIn);
    if (Rel.empty())
      continue;
    std::string To = (AbsDir + "/" + Rel).str();
    // Its directories too, once the gate allows `To`.
    if (Error E = copyFileAtomically(C.From, To))
      return std::move(E);
    ++N;
  }
  return N;
}

} // namespace cu2hip
