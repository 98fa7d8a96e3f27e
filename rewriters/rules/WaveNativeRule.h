//===- WaveNativeRule.h - the idioms of rule "wave-native" ----------------===//
//
// The pieces of --wave=native (docs/wave64.md, "--wave=native") that look at
// one function's AST: the geometry forms of a block reduction (lane, warp,
// warp count, first warp), the warp reduction W and the block reduction B.
// WaveNativeRule.cpp drives them over a translation unit (which functions
// are candidates, how template instantiations agree, which uses of W are
// direct calls) and emits the edits and notes.
//
// Everything is matched on Sema's view of the code: statements by kind,
// constants by Expr::EvaluateAsInt (literals, `constexpr`, enumerators,
// `warpSize`, macros that expand to a constant), callees by declaration.
// Template functions are matched per instantiation; the edits are positions
// in the file, which all instantiations of one pattern share.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_RULES_WAVENATIVERULE_H
#define CU2HIP_RULES_WAVENATIVERULE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cu2hip {
namespace wavenative {

/// One replacement of file characters [Begin, End) of `File` by `Text`
/// (an insertion when Begin == End).
struct TextEdit {
  clang::FileID File;
  unsigned Begin = 0, End = 0;
  std::string Text;
  bool operator==(const TextEdit &O) const {
    return std::tie(File, Begin, End, Text) == std::tie(O.File, O.Begin, O.End, O.Text);
  }
};
using EditList = std::vector<TextEdit>;

/// The parse one function is matched in, with the helpers every matcher
/// needs: constant values, CUDA built-in indices, lines and source text.
class Unit {
public:
  explicit Unit(clang::ASTContext &AC);

  clang::ASTContext &context() const { return AC; }
  const clang::SourceManager &sourceManager() const { return SM; }
  const clang::LangOptions &langOptions() const { return LO; }

  /// The value of an integer constant expression (not value-dependent),
  /// else nullopt. Unsigned values are zero-extended.
  std::optional<int64_t> value(const clang::Expr *E) const;
  bool hasValue(const clang::Expr *E, int64_t V) const { return value(E) == V; }
  /// A full 32-lane mask: 0xffffffff, ~0u, -1 (converted to the mask type).
  bool isFullMask(const clang::Expr *E) const;
  /// `threadIdx.x` (Var "threadIdx") or `blockDim.x` (Var "blockDim"):
  /// the property read of clang's CUDA built-in variable.
  bool isBuiltinX(const clang::Expr *E, llvm::StringRef Var) const;
  /// Is `D` declared in a system header (the CUDA SDK, Clang's wrappers)?
  bool inSystemHeader(const clang::Decl *D) const;

  /// Line of `Loc` in the file (macro expansions: where they are expanded,
  /// or, with `Spelling`, where the text is written).
  unsigned line(clang::SourceLocation Loc, bool Spelling = false) const;
  /// The source token at `Loc` (at its expansion site for macros).
  std::string tokenAt(clang::SourceLocation Loc) const;
  /// "'tok' at line N" for the first token of `S`.
  std::string where(const clang::Stmt *S) const;

  /// The file characters of whole tokens `R`, or nullopt when `R` is not
  /// one contiguous range of one file (a range inside a macro body, or one
  /// that starts or ends in the middle of a macro expansion).
  std::optional<clang::CharSourceRange> fileRange(clang::SourceRange R) const;

private:
  clang::ASTContext &AC;
  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
};

/// Collects the edits of one match at file positions. An edit whose range
/// does not map to file text marks the collection failed (ok() false).
class EditCollector {
public:
  explicit EditCollector(const Unit &U) : U(U) {}
  /// Replaces the whole tokens of `R`.
  void replace(clang::SourceRange R, std::string Text);
  /// Inserts before the token at `Loc`.
  void insertBefore(clang::SourceLocation Loc, std::string Text);
  /// Inserts after the token at `Loc`.
  void insertAfter(clang::SourceLocation Loc, std::string Text);
  bool ok() const { return Ok; }
  const EditList &edits() const { return Edits; }
  EditList take() { return std::move(Edits); }

private:
  void add(clang::CharSourceRange R, std::string Text);
  const Unit &U;
  EditList Edits;
  bool Ok = true;
};

/// The text of file range `R` with those of `Edits` that lie inside it
/// applied.
std::string renderWithEdits(const Unit &U, clang::CharSourceRange R, const EditList &Edits);

// ---- geometry ------------------------------------------------------------

/// What a block reduction's index expression is, for 32-lane warps.
enum class Geo { None, Lane, Warp, NumWarps, FirstWarp };

/// Classifies `E` (parentheses and implicit casts ignored):
///   Lane:      threadIdx.x % K, threadIdx.x & (K-1)
///   Warp:      threadIdx.x / K, threadIdx.x >> 5
///   NumWarps:  blockDim.x / K, blockDim.x >> 5, (blockDim.x + K-1) / K,
///              (blockDim.x + K - 1) / K (or >> 5)
///   FirstWarp: threadIdx.x < K
/// with K any constant of value 32. When `Out` is given, appends the edits
/// that make the form use the wavefront width `cu2hip_w`.
Geo geometryForm(const Unit &U, const clang::Expr *E, EditCollector *Out = nullptr);

// ---- warp reduction W ----------------------------------------------------

/// The result of matching one function against the warp-reduction idiom.
struct WarpMatch {
  enum Kind { NotIdiom, Matched, Unmappable } K = NotIdiom;
  EditList Edits; ///< the width parameter, loop bound, masks and widths
};

/// Matches `T W(T v) { for (O = 16; O > 0; O /= 2) v OP= SHFL(v, O); return v; }`,
/// its ascending form (O = 1; O < 32; O *= 2), and five unrolled steps with
/// offsets 16, 8, 4, 2, 1. SHFL is __shfl_{down,xor}[_sync] (full mask,
/// width absent or 32); the step is `v OP= S`, `v = v OP S`, `v = S OP v`
/// or `v = f(v, S)`. Edits: `cu2hip_width` (a trailing parameter the caller
/// adds to every declaration) as the loop start or bound, the masks and the
/// widths; the unrolled form gains the offset-32 step under
/// `if (cu2hip_width > 32)`.
WarpMatch matchWarpReduction(const Unit &U, const clang::FunctionDecl &FD);

/// The warp reductions and warp users of the translation unit, as the
/// block matcher sees them (keyed by template pattern).
class WarpIndex {
public:
  virtual ~WarpIndex();
  /// The warp reduction `Callee` instantiates, or nullptr.
  virtual const clang::FunctionDecl *reductionOf(const clang::FunctionDecl *Callee) const = 0;
  /// Why that reduction stays logical32 ("" when it may go native).
  virtual std::string whyLogical(const clang::FunctionDecl *Reduction) const = 0;
  /// Does the body of `F` use warp operations (directly or through a warp
  /// reduction)? A body Clang skipped (SdkBodies.h) has the parse redone
  /// with every body; until then it counts as using none.
  virtual bool usesWarp(const clang::FunctionDecl *F) const = 0;
  /// Was the body of `F` skipped (SdkBodies.h)? Asking marks the parse to
  /// be redone with every body.
  virtual bool bodySkipped(const clang::FunctionDecl *F) const = 0;
};

/// Is `FD` a warp intrinsic (shuffle, vote, ballot, match, lane id, bit
/// counts of lane masks) declared by the CUDA headers?
bool isWarpIntrinsic(const Unit &U, const clang::FunctionDecl *FD);

// ---- block reduction B ---------------------------------------------------

/// The result of matching one function against the block-reduction idiom.
struct BlockMatch {
  std::string Why; ///< why it is not one ("" when it is)
  EditList Edits;
  std::vector<const clang::FunctionDecl *> Reductions; ///< warp reductions it calls
};

/// Matches the statement grammar of a block reduction (docs/wave64.md):
/// free statements, `X = W(...)`, `lane == 0` writes of X to the staging
/// array or atomics, `__syncthreads()`, the guarded read, the final
/// `W(...)` (optionally in a first-warp block) and free statements that use
/// only the block result.
BlockMatch matchBlockReduction(const Unit &U, const clang::FunctionDecl &FD,
                               const WarpIndex &Warps);

} // namespace wavenative
} // namespace cu2hip

#endif
