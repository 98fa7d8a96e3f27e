//===- WaveUniformGuard.h - exits every lane of a warp takes together -----===//
//
// Part of rule wave-shfl-full (WaveShflFullRule.cpp): a kernel's early
// return whose condition is the same for all 32 lanes of a CUDA warp ends
// whole warps, so no lane of a warp that goes on has exited. The common
// form is a warp-per-row guard:
//   int warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
//   int row = blockIdx.x * nwarps + warp;
//   if (row >= N) return;
// `threadIdx.x / 32` (and threadIdx.y, threadIdx.z) name the warp only when
// the block's x extent is a multiple of 32 or the block is one-dimensional
// (warps are formed from linearised thread ids): the launches of the
// kernel in the unit must all show that (LaunchShape).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_RULES_WAVEUNIFORMGUARD_H
#define CU2HIP_RULES_WAVEUNIFORMGUARD_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace cu2hip {

/// What one launch `k<<<grid, block, ...>>>` says about the block shape.
struct LaunchShape {
  bool OneD = false;    ///< block is an integer or dim3(x) / dim3(x, 1, 1)
  bool XMult32 = false; ///< block x extent is a constant multiple of 32
};

/// The block shape of launch `L`, from its configuration's block argument.
LaunchShape launchShape(const clang::CUDAKernelCallExpr *L, const clang::ASTContext &Ctx);

/// Finds a kernel's early returns whose condition is warp-uniform.
class UniformGuards {
public:
  /// `WarpIdsUniform`: every launch of `Kernel` in the unit is 1-D or has
  /// an x extent that is a multiple of 32 (and there is at least one).
  UniformGuards(const clang::FunctionDecl *Kernel, bool WarpIdsUniform,
                const clang::ASTContext &Ctx);
  /// True when `Exit` is `if (C) return;` (or `{ return; }`) directly in
  /// the kernel's body, or directly in the body of a counting `for` loop
  /// there (`for (int i = a; cond; ++i)`, no break, continue or goto in
  /// it, a uniform condition), without else, and C is warp-uniform: built from
  /// constants, parameters and top-level locals never written after their
  /// warp-uniform initialisation, blockIdx/blockDim/gridDim, and (with
  /// WarpIdsUniform) threadIdx.y/z and threadIdx.x divided by (or shifted
  /// right by) a multiple of 32 (5 bits or more).
  bool isUniformGuard(const clang::Stmt *Exit);

private:
  bool uniform(const clang::Expr *E, unsigned Depth = 0);
  bool uniformVar(const clang::VarDecl *V, unsigned Depth);
  bool warpIndex(const clang::BinaryOperator *B);
  void scanBlock(const clang::CompoundStmt *Block, const clang::ForStmt *Loop);

  const clang::FunctionDecl *Kernel;
  bool WarpIdsUniform;
  const clang::ASTContext &Ctx;
  /// Guard returns -> their condition and the counting loop they are in.
  llvm::DenseMap<const clang::Stmt *, std::pair<const clang::Expr *, const clang::ForStmt *>>
      Guards;
  /// Counting loops directly in the kernel's body, by their counter.
  llvm::DenseMap<const clang::VarDecl *, const clang::ForStmt *> Loops;
  /// Variables referenced other than by reading their value.
  llvm::DenseSet<const clang::VarDecl *> Written;
  /// Loop counters being proven (their own condition reads them).
  llvm::DenseSet<const clang::VarDecl *> Assumed;
  /// Locals declared directly in the kernel's body or a counting loop's.
  llvm::DenseSet<const clang::VarDecl *> TopLocals;
};

} // namespace cu2hip

#endif
