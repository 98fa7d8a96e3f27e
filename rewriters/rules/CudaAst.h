//===- CudaAst.h - AST helpers the AST rules share -*- C++ -*-===//
//
// What "vectorize" and "wave-native" both ask of Clang's AST: which CUDA
// built-in component an expression reads (`threadIdx.x`, `blockDim.x`),
// an expression without its integer casts, and an integer constant's
// value. As clang-tidy's utils/ASTUtils.h, for the rules only.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_RULES_CUDAAST_H
#define CU2HIP_RULES_CUDAAST_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <utility>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace cu2hip {

/// What a walk over `S` should look at: an opaque value's source, a
/// pseudo-object's (a built-in property read's) syntactic form.
const clang::Stmt *see(const clang::Stmt *S);

/// `E` without parentheses, implicit casts and explicit casts to an integer
/// type (`(size_t)blockIdx.x`, `static_cast<int>(n)`).
const clang::Expr *stripIntCasts(const clang::Expr *E);

/// The CUDA built-in variable (`threadIdx`, `blockIdx`, `blockDim`,
/// `gridDim`, `warpSize`) `D` is, by name, or "".
llvm::StringRef builtinVarName(const clang::Decl *D);

/// If `E` reads a component of a built-in (`blockIdx.x`: a property read
/// in Clang's CUDA headers, or a member of a variable so named), through
/// integer casts: the variable and the component.
std::optional<std::pair<llvm::StringRef, llvm::StringRef>> builtinRead(const clang::Expr *E);

/// Is `E` (through parentheses and implicit casts) the property read
/// `Var.x` of Clang's CUDA headers: the variable declared in a system
/// header (a user variable named `threadIdx` is not)?
bool isSystemBuiltinX(const clang::Expr *E, llvm::StringRef Var,
                      const clang::SourceManager &SM);

/// `E` evaluated as an integer (Expr::EvaluateAsInt) when it is not
/// value-dependent: the value and whether evaluating had side effects; or
/// nothing when it is no integer constant.
std::optional<clang::Expr::EvalResult> evaluateInt(const clang::Expr *E,
                                                   const clang::ASTContext &Ctx);

} // namespace cu2hip

#endif
