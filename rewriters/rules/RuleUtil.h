//===- RuleUtil.h - helpers shared by token rules -------------------------===//
#ifndef CU2HIP_RULES_RULEUTIL_H
#define CU2HIP_RULES_RULEUTIL_H

#include "cu2hip/Rule.h"

namespace cu2hip {

/// If token `I` is an identifier immediately followed by `(`, returns the
/// parsed argument list of that call.
std::optional<ArgList> callArgs(const FileContext &C, size_t I);

/// Re-joins arguments that a top-level comma inside a template argument list
/// split apart (`k<float, 4>` as one argument). An argument is joined with
/// the following ones while it has more `<` than `>` and starts like a
/// template-id (identifier, optional `::`-qualification, then `<`).
void joinTemplateArgs(const TokenStream &T, ArgList &Args);

/// Wraps argument `A` as `Open` + arg + `Close` (two insertions, so edits
/// inside the argument by other rules stay independent).
void wrapArg(FileContext &C, llvm::StringRef Rule, const ArgList::Arg &A,
             llvm::StringRef Open, llvm::StringRef Close);

/// True if the identifier at `I` is a declaration or definition of that
/// name in a #define (then rules must not rewrite it).
bool isMacroNameBeingDefined(const FileContext &C, size_t I);

/// True if token `I` belongs to an #include / #import line.
bool inIncludeDirective(const FileContext &C, size_t I);

} // namespace cu2hip

#endif
