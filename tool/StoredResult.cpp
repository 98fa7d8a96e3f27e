//===- StoredResult.cpp - a file's result as YAML -------------------------===//
#include "StoredResult.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cu2hip {

std::string contentHash(StringRef Bytes) {
  BLAKE3 H;
  H.update(arrayRefFromStringRef(Bytes));
  auto Out = H.final<16>();
  return toHex(ArrayRef<uint8_t>(Out.data(), Out.size()), /*LowerCase=*/true);
}

std::optional<std::string> fileHash(StringRef Path) {
  auto Buf = readFileChecked(Path);
  if (!Buf) {
    consumeError(Buf.takeError());
    return std::nullopt;
  }
  return contentHash((*Buf)->getBuffer());
}

bool usesRuntimeHeader(ArrayRef<std::string> Headers) { return !Headers.empty(); }

bool usesRoctxHeader(ArrayRef<std::string> Headers) {
  return llvm::is_contained(Headers, "cu2hip/roctx.h");
}

StoredFile storeResult(const FileResult &R) {
  StoredFile S;
  S.Input = R.Input;
  S.Output = R.Output;
  S.Failed = R.Failed;
  S.Parsed = R.SemanticRan;
  S.Lines = R.Lines;
  S.Runtime = usesRuntimeHeader(R.RuntimeHeaders);
  S.Roctx = usesRoctxHeader(R.RuntimeHeaders);
  S.RuntimeHeaders = R.RuntimeHeaders;
  S.FactFiles = R.FactFiles;
  S.Findings = R.Findings;
  for (auto &KV : R.Stats.RenamesPerLib)
    S.RenamesPerLib[KV.getKey().str()] = KV.getValue();
  for (auto &KV : R.Stats.EditsPerRule)
    S.EditsPerRule[KV.getKey().str()] = KV.getValue();
  S.RenamesNewerHip = R.Stats.RenamesNewerHip;
  return S;
}

FileResult restoreResult(const StoredFile &S) {
  FileResult R;
  R.Input = S.Input;
  R.Output = S.Output;
  R.Failed = S.Failed;
  R.SemanticRan = S.Parsed;
  R.Lines = S.Lines;
  R.FactFiles = S.FactFiles;
  R.Findings = S.Findings;
  R.RuntimeHeaders = S.RuntimeHeaders;
  for (auto &KV : S.RenamesPerLib)
    R.Stats.RenamesPerLib[KV.first] = KV.second;
  for (auto &KV : S.EditsPerRule)
    R.Stats.EditsPerRule[KV.first] = KV.second;
  R.Stats.RenamesNewerHip = S.RenamesNewerHip;
  R.Edits = S.Edits;
  R.Unchanged = true;
  return R;
}

} // namespace cu2hip

namespace llvm {
namespace yaml {

void ScalarEnumerationTraits<cu2hip::Severity>::enumeration(IO &Io, cu2hip::Severity &S) {
  Io.enumCase(S, "note", cu2hip::Severity::Note);
  Io.enumCase(S, "warning", cu2hip::Severity::Warning);
  Io.enumCase(S, "error", cu2hip::Severity::Error);
}

void MappingTraits<cu2hip::HashedPath>::mapping(IO &Io, cu2hip::HashedPath &P) {
  Io.mapRequired("Path", P.Path);
  Io.mapRequired("Hash", P.Hash);
}

void MappingTraits<cu2hip::Finding>::mapping(IO &Io, cu2hip::Finding &F) {
  Io.mapRequired("Rule", F.RuleId);
  Io.mapRequired("Severity", F.Sev);
  Io.mapRequired("FilePath", F.File);
  Io.mapRequired("Line", F.Line);
  Io.mapRequired("Column", F.Col);
  Io.mapRequired("Offset", F.Offset);
  Io.mapRequired("Message", F.Message);
  Io.mapOptional("Fix", F.Fix, std::string());
}

void MappingTraits<cu2hip::Edit>::mapping(IO &Io, cu2hip::Edit &E) {
  Io.mapRequired("Offset", E.Offset);
  Io.mapRequired("Length", E.Length);
  Io.mapRequired("ReplacementText", E.Text);
  Io.mapRequired("Rule", E.RuleId);
}

void MappingTraits<cu2hip::StoredFile>::mapping(IO &Io, cu2hip::StoredFile &F) {
  Io.mapRequired("Kind", F.Kind);
  Io.mapRequired("FilePath", F.Input);
  Io.mapRequired("Output", F.Output);
  Io.mapRequired("Hash", F.Hash);
  Io.mapOptional("OutputHash", F.OutHash, std::string());
  Io.mapOptional("Depends", F.Depends, std::string());
  Io.mapOptional("TranslationUnit", F.TU, false);
  Io.mapOptional("Failed", F.Failed, false);
  Io.mapOptional("Parsed", F.Parsed, false);
  Io.mapOptional("UsesRuntime", F.Runtime, false);
  Io.mapOptional("UsesRoctx", F.Roctx, false);
  Io.mapOptional("RuntimeHeaders", F.RuntimeHeaders);
  Io.mapOptional("Lines", F.Lines, 0u);
  Io.mapOptional("FactFiles", F.FactFiles);
  Io.mapOptional("Reads", F.Reads);
  Io.mapOptional("RenamesPerLibrary", F.RenamesPerLib);
  Io.mapOptional("EditsPerRule", F.EditsPerRule);
  Io.mapOptional("RenamesNewerHip", F.RenamesNewerHip, 0u);
  Io.mapOptional("Replacements", F.Edits);
  Io.mapOptional("Findings", F.Findings);
}

void CustomMappingTraits<std::map<std::string, unsigned>>::inputOne(
    IO &Io, StringRef Key, std::map<std::string, unsigned> &M) {
  Io.mapRequired(Key.str().c_str(), M[Key.str()]);
}

void CustomMappingTraits<std::map<std::string, unsigned>>::output(
    IO &Io, std::map<std::string, unsigned> &M) {
  for (auto &KV : M)
    Io.mapRequired(KV.first.c_str(), KV.second);
}

} // namespace yaml
} // namespace llvm
