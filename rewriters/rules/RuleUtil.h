//===- RuleUtil.h - helpers shared by token rules -------------------------===//
#ifndef CU2HIP_RULES_RULEUTIL_H
#define CU2HIP_RULES_RULEUTIL_H

#include "cu2hip/Rule.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <set>

namespace cu2hip {

/// If token `I` is an identifier immediately followed by `(` that names a
/// call (not a declaration: isDeclarationName), returns the parsed argument
/// list of that call.
std::optional<ArgList> callArgs(const FileContext &C, size_t I);

/// True when the identifier at `I` declares rather than uses its name: the
/// name of a #define or one of its parameters; where the typed index covers
/// the token, its declarator (NameRef::IsDecl: a user's own `__shfl_down`
/// or `atomicMax` definition); elsewhere (no parse, inactive branches, macro
/// bodies) a name spelled after a type (`T __shfl_down(T v, int d)`).
bool isDeclarationName(const FileContext &C, size_t I);

/// True when the typed index resolves the name at `I` to a function the
/// tree declares itself (first declared in a ported file), not the SDK's
/// function of that name: rules about the SDK's intrinsic leave it alone.
/// Also true where the index has no entry (a macro expansion's name, a
/// macro body, code no configuration compiled) and the name is one the
/// tree #defines itself (isUserMacro).
bool isOwnFunction(const FileContext &C, size_t I);

/// True when the identifier at `I` names a macro the tree defines itself:
/// a ported file of the unit #defines it in a configuration that compiled
/// the #define (FileFacts::UserMacros), or, in a file no configuration
/// parsed, this file #defines it.
bool isUserMacro(const FileContext &C, size_t I);

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

/// True if token `I` belongs to an #include / #import line.
bool inIncludeDirective(const FileContext &C, size_t I);

/// Declarations of CUDA API names recognised by spelling, for a file no
/// configuration parsed (--no-semantic, a failed parse, an already-ported
/// file, a header no unit includes). A mapped identifier is taken as being
/// declared when a type-like identifier precedes it and `(`, `;`, `=`, `[`,
/// `,`, `)` or `{` follows (`hipError_t cudaFree(void *p)`, `int
/// cudaMalloc;`); keywords that precede expressions or types (`return`,
/// `const`, `typename`, ...) do not count. Inside a struct, class or union
/// body it is a member; at namespace scope it names the user's entity for
/// the file (like FileFacts::ShadowedNames); locals are ignored (renamed
/// with their uses, as with a parse).
struct GuessedDecls {
  llvm::StringSet<> FileScope;  ///< names declared outside class bodies
  std::set<unsigned> Members;   ///< offsets of member declarators
};
GuessedDecls guessUserDecls(const FileContext &C);

/// The scope a token is in, by its innermost enclosing brace.
enum class ScopeKind {
  Namespace, ///< file scope, a namespace or an extern "C" block
  Class,     ///< a struct, class or union body (declarators are members)
  Other      ///< a function body, block, initializer or enum body
};
/// The scope of every token of `T` (by spelling: braces and the keywords
/// before them).
std::vector<ScopeKind> scopeKinds(const TokenStream &T);

/// [open brace, close brace] token indices of every __global__/__device__
/// function body, by spelling (the qualifier, then the first `{` before a
/// `;` or `=` outside parentheses).
std::vector<std::pair<size_t, size_t>> deviceBodies(const TokenStream &T);

/// The device-property structs whose members wave-host-warpsize and
/// wave-occupancy are about.
inline llvm::ArrayRef<llvm::StringRef> devicePropTypes() {
  static const llvm::StringRef Types[] = {"cudaDeviceProp", "hipDeviceProp_t",
                                          "hipDeviceProp_tR0600"};
  return Types;
}

/// What the typed index (SemanticIndex.h) says the identifier at token `I`
/// refers to; nullptr when the file was not parsed, the token has no entry
/// (inactive code, macro bodies) or the configurations disagree.
inline const NameRef *indexedName(const FileContext &C, size_t I) {
  return C.Facts.Index.name(C.Toks[I].Offset);
}

/// True when the index says the member named at token `I` (`x.warpSize`)
/// belongs to one of `Types` (qualified names, e.g. "cudaDeviceProp");
/// false when it belongs to another type. std::nullopt when the index has
/// no entry for it (no parse, a dependent member, inactive code).
std::optional<bool> memberOfType(const FileContext &C, size_t I,
                                 llvm::ArrayRef<llvm::StringRef> Types);

/// First token of a launch's kernel expression ending at token `End` (the
/// token before `<<<`): an identifier, a qualified name, a template-id or a
/// parenthesised expression; nullopt when the tokens are none of these.
std::optional<size_t> launchKernelStart(const TokenStream &T, size_t End);

} // namespace cu2hip

#endif
