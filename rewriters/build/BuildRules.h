//===- BuildRules.h - the build rules' interface and helpers --------------===//
//
// A build rule is one class with stable ids, like a token rule (Rule.h),
// that runs over a lexed CMake or make file (BuildLexer.h) and adds edits
// and findings to a BuildContext. BuildPort.cpp lists them in the order
// they run and merges their edits (EditSet: overlapping different edits
// are a conflict, never applied silently).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BUILD_BUILDRULES_H
#define CU2HIP_BUILD_BUILDRULES_H

#include "BuildLexer.h"
#include "BuildMaps.h"
#include "cu2hip/BuildPort.h"
#include "cu2hip/Edit.h"
#include "cu2hip/Finding.h"
#include "cu2hip/Rule.h"
#include <memory>

namespace cu2hip {
namespace build {

/// Ids shared by several build rules.
constexpr const char *UnsupportedId = "build-unsupported";
constexpr const char *GenexId = "build-genex";

/// One build file and what its rules produce.
class BuildContext {
public:
  BuildContext(std::string Path, llvm::StringRef Buffer, BuildKind Kind,
               const BuildOptions &Opts);

  const std::string Path;
  const llvm::StringRef Buffer;
  const BuildKind Kind;
  const BuildOptions &Opts;
  CMakeFile CMake; ///< when Kind == CMake
  MakeFile Make;   ///< when Kind == Make

  EditSet Edits;
  std::vector<Finding> Findings;
  FileStats Stats;
  /// Offset of each line's first byte.
  std::vector<unsigned> LineStarts;

  void replace(llvm::StringRef Rule, unsigned Offset, unsigned Length, llvm::StringRef Text);
  void insert(llvm::StringRef Rule, unsigned Offset, llvm::StringRef Text);
  void report(llvm::StringRef Rule, Severity Sev, unsigned Offset, const llvm::Twine &Msg);
  /// Offset of the start of the line holding `Offset`.
  unsigned lineStart(unsigned Offset) const;
  /// 0-based line of `Offset` (a binary search: findings cost O(log n)).
  unsigned lineIndex(unsigned Offset) const;
  /// The blanks before `Offset` on its line, when only blanks are there; else "".
  llvm::StringRef indentOf(unsigned Offset) const;
  /// Removes a CMake command: its lines become comments (`# cu2hip: ...`)
  /// when it stands alone on them, else its text is deleted.
  void removeCommand(llvm::StringRef Rule, const CMakeCommand &C);
};

/// A build rule.
class BuildRule {
public:
  virtual ~BuildRule();
  /// Every id the rule emits; the first is its own.
  virtual llvm::ArrayRef<RuleIdInfo> ids() const = 0;
  llvm::StringRef id() const { return ids().front().Id; }
  /// The kind of file it runs on.
  virtual BuildKind kind() const = 0;
  virtual void run(BuildContext &Ctx) = 0;
};

std::unique_ptr<BuildRule> createCMakeLanguageRule();
std::unique_ptr<BuildRule> createCMakeSourcesRule();
std::unique_ptr<BuildRule> createCMakeArchRule();
std::unique_ptr<BuildRule> createCMakeVarsRule();
std::unique_ptr<BuildRule> createCMakePackagesRule();
std::unique_ptr<BuildRule> createCMakeFindCudaRule();
std::unique_ptr<BuildRule> createCMakeFlagsRule();
std::unique_ptr<BuildRule> createCMakeGenexRule();
std::unique_ptr<BuildRule> createMakeCompilerRule();
std::unique_ptr<BuildRule> createMakeFlagsRule();

// CMake helpers.

/// True when the argument holds a generator expression (`$<`): the rules
/// leave those as written (build-genex reports the ones about CUDA).
bool hasGenex(const CMakeArg &A);
/// True when `S` has `Word` at `At` with no identifier character on either side.
bool isWordAt(llvm::StringRef S, size_t At, llvm::StringRef Word);
/// True when the command turns CUDA on: project(... CUDA ...),
/// enable_language(CUDA).
bool enablesCuda(const CMakeCommand &C);
/// True for commands that make or extend a target from sources.
bool isTargetCommand(llvm::StringRef LowerName);
/// Translates nvcc options for hipcc with the flag table (translateNvccFlags)
/// and returns them as the value of a generator expression: ';'-separated,
/// ',' '>' ';' inside an option escaped ($<COMMA>, ...). Each piece is
/// options separated by blanks or ';', with the file offset where the notes
/// about its options are reported.
std::string translateToGenexList(BuildContext &C,
                                 llvm::ArrayRef<std::pair<llvm::StringRef, unsigned>> Pieces);
/// True when the file uses CUDA: a command enables it, a cuda_add_* call,
/// or an argument ending in ".cu".
bool cmakeUsesCuda(const CMakeFile &F);

} // namespace build
} // namespace cu2hip

#endif
