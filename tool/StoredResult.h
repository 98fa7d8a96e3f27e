//===- StoredResult.h - a file's result as YAML ---------------------------===//
//
// The part of a FileResult that outlives a run: findings, counts, merged
// edits, content hashes and what the parse of a translation unit reached.
// The manifest of an out-root (Manifest.h) and the per-unit edit exports
// (EditExport.h) store it with LLVM's YAML I/O.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_STOREDRESULT_H
#define CU2HIP_TOOL_STOREDRESULT_H

#include "cu2hip/Porter.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

/// A path and the content hash it had (contentHash).
struct HashedPath {
  std::string Path, Hash;
};

/// One file's stored result.
struct StoredFile {
  /// "source" (ported by the porter), "build" (build rules) or "copy".
  std::string Kind = "source";
  std::string Input, Output;
  /// contentHash of the input as read, of the output as written.
  std::string Hash, OutHash;
  /// What else the output depends on: for a translation unit a hash of its
  /// compile flags and directory, for a build file the runtime include dir.
  std::string Depends;
  bool TU = false, Failed = false, Parsed = false;
  /// The output includes a <cu2hip/...> runtime header.
  bool Runtime = false;
  /// The output includes <cu2hip/roctx.h> (NVTX calls ported to roctx).
  bool Roctx = false;
  unsigned Lines = 0;
  /// A parsed unit: the inputs it gave facts to and the files it read.
  std::vector<std::string> FactFiles;
  std::vector<HashedPath> Reads;
  std::vector<Finding> Findings;
  std::map<std::string, unsigned> RenamesPerLib, EditsPerRule;
  unsigned RenamesNewerHip = 0;
  /// Merged edits, offsets into the input: all of them in an edit export,
  /// in a manifest those that are findings' fixes (findingFixes).
  std::vector<Edit> Edits;
  /// The runtime headers the output includes (FileResult::RuntimeHeaders).
  std::vector<std::string> RuntimeHeaders;
};

/// The first 128 bits of BLAKE3 of `Bytes`, in hex.
std::string contentHash(llvm::StringRef Bytes);
/// contentHash of the file at `Path`; none when it cannot be read.
std::optional<std::string> fileHash(llvm::StringRef Path);

/// `R`'s findings, counts and flags (not its texts, hashes or edits).
StoredFile storeResult(const FileResult &R);
/// A FileResult carrying what `S` stored (edits included), without
/// Original/Ported, marked Unchanged.
FileResult restoreResult(const StoredFile &S);
/// Whether a file whose output includes `Headers` (FileResult::
/// RuntimeHeaders) includes a cu2hip runtime header.
bool usesRuntimeHeader(llvm::ArrayRef<std::string> Headers);
/// Whether a file whose output includes `Headers` includes <cu2hip/roctx.h>.
bool usesRoctxHeader(llvm::ArrayRef<std::string> Headers);

} // namespace cu2hip

#include "llvm/Support/YAMLTraits.h"

LLVM_YAML_IS_SEQUENCE_VECTOR(cu2hip::HashedPath)
LLVM_YAML_IS_SEQUENCE_VECTOR(cu2hip::Finding)
LLVM_YAML_IS_SEQUENCE_VECTOR(cu2hip::Edit)
LLVM_YAML_IS_SEQUENCE_VECTOR(cu2hip::StoredFile)

namespace llvm {
namespace yaml {
template <> struct ScalarEnumerationTraits<cu2hip::Severity> {
  static void enumeration(IO &Io, cu2hip::Severity &S);
};
template <> struct MappingTraits<cu2hip::HashedPath> {
  static void mapping(IO &Io, cu2hip::HashedPath &P);
};
template <> struct MappingTraits<cu2hip::Finding> {
  static void mapping(IO &Io, cu2hip::Finding &F);
};
/// In the spirit of clang-apply-replacements' input: FilePath is implied
/// by the enclosing file entry; Rule names the rule that made the edit.
template <> struct MappingTraits<cu2hip::Edit> {
  static void mapping(IO &Io, cu2hip::Edit &E);
};
template <> struct MappingTraits<cu2hip::StoredFile> {
  static void mapping(IO &Io, cu2hip::StoredFile &F);
};
template <> struct CustomMappingTraits<std::map<std::string, unsigned>> {
  static void inputOne(IO &Io, StringRef Key, std::map<std::string, unsigned> &M);
  static void output(IO &Io, std::map<std::string, unsigned> &M);
};
} // namespace yaml
} // namespace llvm

#endif
