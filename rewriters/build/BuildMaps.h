//===- BuildMaps.h - nvcc flags, CUDA libraries and targets, as tables ----===//
//
// The data the build rules translate with (BuildMaps.cpp holds the tables):
//   - nvcc's options and what hipcc (ROCm's clang driver) takes instead,
//     from nvcc's --help (CUDA 13) and clang's HIP options;
//   - CUDA libraries (-lcublas) and their ROCm libraries (-lhipblas);
//   - CMake imported targets of FindCUDAToolkit (CUDA::cublas) and the ROCm
//     package and target exporting the same library (roc::hipblas in
//     package hipblas, as the ROCm 7.2 CMake configs name them).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BUILD_BUILDMAPS_H
#define CU2HIP_BUILD_BUILDMAPS_H

#include "BuildLexer.h"
#include "cu2hip/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace cu2hip {
namespace build {

/// A CUDA library and its ROCm counterpart.
struct LibraryMap {
  const char *Cuda;    ///< link name: "cublas" for -lcublas
  const char *Rocm;    ///< link name, "" = dropped (the HIP runtime has it)
  const char *Warning; ///< non-empty: the ROCm library differs (said as a warning)
};
/// The entry for link name `Name` (-l<Name>), or nullptr.
const LibraryMap *lookupLibrary(llvm::StringRef Name);

/// A FindCUDAToolkit imported target and the ROCm one.
struct TargetMap {
  const char *Cuda;    ///< "CUDA::cublas"
  const char *Rocm;    ///< "roc::hipblas", "" = no ROCm target (a warning)
  const char *Package; ///< the find_package() name exporting it: "hipblas"
  const char *Warning;
};
const TargetMap *lookupTarget(llvm::StringRef Name);

/// One edit of a flag list: bytes [Offset, Offset+Length) become Text.
struct TextEdit {
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// A finding of the flag translation, at a byte offset.
struct FlagNote {
  unsigned Offset = 0;
  Severity Sev = Severity::Note;
  std::string Message;
};

/// What translating one list of nvcc flags gave.
struct FlagResult {
  std::vector<TextEdit> Edits;
  std::vector<FlagNote> Notes;
  bool SawArch = false; ///< an -arch/-gencode/-code flag was there
};

/// How the GPU targets of translated flags are spelled.
struct ArchSpelling {
  /// Text for the first GPU-target flag of the list ("" = drop them all,
  /// the targets come from elsewhere, e.g. CMAKE_HIP_ARCHITECTURES).
  std::string Replacement;
  /// Said in the note of a dropped target flag.
  std::string Where;
};

/// Translates the nvcc flags among `Words` (of `Buffer`) for hipcc: each
/// known nvcc option (and its value, joined by `=` or the next word) is
/// replaced or dropped, with a note where behaviour differs; -Xcompiler's
/// value is passed through (commas become blanks); -l of a CUDA library is
/// renamed (lookupLibrary). Other words are left as written. A dropped word
/// takes the blanks after it along.
void translateNvccFlags(llvm::StringRef Buffer, llvm::ArrayRef<MakeWord> Words,
                        const ArchSpelling &Arch, FlagResult &R);

/// True for a word naming nvcc: `nvcc` or a path ending in `/nvcc`.
bool isNvccWord(llvm::StringRef W);

/// Byte offset just past `End` and the blanks after it in `Buffer` (not
/// newlines): the end of a word's removal.
unsigned blanksAfter(llvm::StringRef Buffer, unsigned End);

} // namespace build
} // namespace cu2hip

#endif
