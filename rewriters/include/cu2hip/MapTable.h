//===- MapTable.h - CUDA -> HIP name mapping tables -----------------------===//
//
// The mapping tables are data (rewriters/maps/*.yaml), one entry per line in
// YAML flow style:
//   - {cuda: cudaMalloc, hip: hipMalloc, kind: function, lib: runtime, since: "5.2"}
// Fields: cuda (identifier or header path), hip (absent when unsupported),
// kind (function|type|enum|macro|namespace|header), lib (runtime, driver,
// device, fp16, bf16, curand, cublas, ...), since (oldest HIP version among
// the ones we check whose headers declare `hip`), status (supported |
// unsupported | partial), note. `--rules FILE` takes the same format; later
// files override earlier entries with the same `cuda` key, while a duplicate
// key inside one set of built-in files is an error.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_MAPTABLE_H
#define CU2HIP_MAPTABLE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <set>
#include <string>
#include <vector>

namespace cu2hip {

enum class MapStatus { Supported, Unsupported, Partial };

/// One mapping entry (see the file comment for the format).
struct MapEntry {
  std::string Cuda, Hip, Kind, Lib, Since, Status, Note;
  /// A header the port includes where it renames this name (`requires:`),
  /// e.g. cu2hip/hipblas_half.h, which must precede <hipblas/hipblas.h>.
  std::string Requires;
  MapStatus status() const;
  bool isHeader() const { return Kind == "header"; }
  bool isNamespace() const { return Kind == "namespace"; }
};

/// A doubtful entry of a --rules file: `Loc` is "file:line".
struct MapWarning {
  std::string Loc, Message;
};

/// All loaded entries, keyed by CUDA name. Headers are kept apart from
/// identifiers because their keys are paths.
class MapTable {
public:
  /// Loads one YAML file. `AllowOverride` is true for user --rules files:
  /// then an existing key is replaced; otherwise a duplicate is an error.
  /// Errors name the file and, for YAML syntax errors, the line.
  llvm::Error loadFile(llvm::StringRef Path, bool AllowOverride = false);
  /// Loads the same format from a string (used by unit tests).
  llvm::Error loadString(llvm::StringRef Text, llvm::StringRef Name,
                         bool AllowOverride = false);
  /// Loads every *.yaml file of a directory, in sorted order, then the files
  /// of its overrides/ subdirectory, which replace entries.
  llvm::Error loadDirectory(llvm::StringRef Dir);

  const MapEntry *lookupName(llvm::StringRef Cuda) const;
  const MapEntry *lookupHeader(llvm::StringRef CudaHeader) const;
  size_t size() const { return Names.size() + Headers.size(); }
  /// Returns a HIP header that some header entry maps to, for recognising
  /// already-ported files.
  bool isHipHeader(llvm::StringRef Header) const;
  /// What loading --rules files (AllowOverride) found doubtful: a key given
  /// twice in one file, a name mapped to itself, a cycle of renames (A -> B
  /// -> A). The entries are still loaded (the later one wins).
  const std::vector<MapWarning> &warnings() const { return Warnings; }

private:
  void noteUserEntry(const MapEntry &E, llvm::StringRef File, unsigned Line,
                     llvm::StringMap<unsigned> &SeenInFile);
  void warnUserCycles();

  llvm::StringMap<MapEntry> Names, Headers;
  std::vector<MapWarning> Warnings;
  llvm::StringMap<std::string> UserOrigin; ///< name -> "file:line" (--rules)
  std::set<std::string> ReportedCycles;
  llvm::StringMap<bool> HipHeaders;
};

} // namespace cu2hip

#endif
