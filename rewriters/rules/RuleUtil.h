//===- RuleUtil.h - helpers shared by token rules -------------------------===//
#ifndef CU2HIP_RULES_RULEUTIL_H
#define CU2HIP_RULES_RULEUTIL_H

#include "cu2hip/Rule.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace cu2hip {

/// If token `I` is an identifier immediately followed by `(`, returns the
/// parsed argument list of that call.
std::optional<ArgList> callArgs(const FileContext &C, size_t I);

/// Re-joins arguments that a top-level comma inside a template argument list
/// split apart (`k<float, 4>` as one argument). An argument is joined with
/// the following ones while it has more `<` than `>` and starts like a
/// template-id (identifier, optional `::`-qualification, then `<`).
void joinTemplateArgs(const TokenStream &T, ArgList &Args);

/// For an API call spelled `cudaX(` or `hipX(` (both, so that ported code
/// is recognised again), returns the argument list and sets `Index` to
/// `ArgIndex("X")`; nullopt when the token is not such a call, the index is
/// negative, or the call has too few arguments. Member calls and names
/// qualified by an unmapped namespace are skipped.
std::optional<ArgList> apiCallArg(const FileContext &C, size_t I,
                                  llvm::function_ref<int(llvm::StringRef)> ArgIndex,
                                  int &Index);

/// Wraps argument `A` as `Open` + arg + `Close` (two insertions, so edits
/// inside the argument by other rules stay independent).
void wrapArg(FileContext &C, llvm::StringRef Rule, const ArgList::Arg &A,
             llvm::StringRef Open, llvm::StringRef Close);

/// True if the identifier at `I` is a declaration or definition of that
/// name in a #define (then rules must not rewrite it).
bool isMacroNameBeingDefined(const FileContext &C, size_t I);

/// Math functions, conversions and cast keywords that device code calls
/// without side effects or thread dependence (`expf`, `fmaxf`, `max`,
/// `static_cast`, `float`, ...). Rules use it to accept calls they cannot
/// follow into a body.
bool isMathOrCastName(llvm::StringRef Name);

/// True if token `I` belongs to an #include / #import line.
bool inIncludeDirective(const FileContext &C, size_t I);

} // namespace cu2hip

#endif
