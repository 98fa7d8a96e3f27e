//===- MacroUseCallbacks.h - one hook per use of a macro name -*- C++ -*-===//
//
// The preprocessor reports a look at a macro name through nine callbacks
// (#define, #undef, #ifdef, #ifndef, #elifdef, #elifndef, defined(),
// expansion) plus the text of #if/#elif conditions, whose undefined
// identifiers read as 0 with no callback of their own. A watch that cares
// about "which macro names does this code look at, and where" derives from
// MacroUseCallbacks and overrides two hooks instead of forwarding the nine
// callbacks itself: onMacroUse and onConditionText.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_MACROUSECALLBACKS_H
#define CU2HIP_MACROUSECALLBACKS_H

#include "clang/Lex/PPCallbacks.h"

namespace cu2hip {

/// One look at a macro name, as the preprocessor reported it.
struct MacroUse {
  enum Kind {
    Define,   ///< `#define Name` (Directive: the new definition)
    Undefine, ///< `#undef Name` (Def: the definition removed; Directive: the
              ///< undef directive, null when Clang gives none)
    Test,     ///< #ifdef, #ifndef, #elifdef, #elifndef or defined(Name) (Def:
              ///< the definition in force, empty when undefined)
    Expand,   ///< an expansion of Name (Def: the definition expanded; Range:
              ///< the expansion's range)
  };
  Kind K;
  const clang::Token &Name;
  /// Test: the directive's location (defined(): the operator's range
  /// begin); Expand: Range's begin; Define/Undefine: invalid (see Directive).
  clang::SourceLocation Loc;
  const clang::MacroDefinition *Def = nullptr;
  const clang::MacroDirective *Directive = nullptr;
  clang::SourceRange Range;
};

/// PPCallbacks that turn every look at a macro name into onMacroUse and
/// every #if/#elif condition into onConditionText. Derived classes may
/// override other callbacks (HasInclude, FileChanged) as usual.
class MacroUseCallbacks : public clang::PPCallbacks {
public:
  /// A macro name looked at (see MacroUse::Kind).
  virtual void onMacroUse(const MacroUse &U) {}
  /// The condition of an #if or #elif at `Loc`, as the range `Cond` of its
  /// tokens. `Evaluated` is false for the condition of an #elifdef or
  /// #elifndef in a block already taken or skipped (not evaluated).
  virtual void onConditionText(clang::SourceLocation Loc, clang::SourceRange Cond,
                               bool Evaluated) {}

  void MacroDefined(const clang::Token &Name, const clang::MacroDirective *MD) override {
    onMacroUse({MacroUse::Define, Name, clang::SourceLocation(), nullptr, MD, {}});
  }
  void MacroUndefined(const clang::Token &Name, const clang::MacroDefinition &MD,
                      const clang::MacroDirective *Undef) override {
    onMacroUse({MacroUse::Undefine, Name, clang::SourceLocation(), &MD, Undef, {}});
  }
  void Defined(const clang::Token &Name, const clang::MacroDefinition &MD,
               clang::SourceRange Range) override {
    onMacroUse({MacroUse::Test, Name, Range.getBegin(), &MD, nullptr, Range});
  }
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &MD) override {
    onMacroUse({MacroUse::Test, Name, Loc, &MD, nullptr, {}});
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &MD) override {
    onMacroUse({MacroUse::Test, Name, Loc, &MD, nullptr, {}});
  }
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &MD) override {
    onMacroUse({MacroUse::Test, Name, Loc, &MD, nullptr, {}});
  }
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &MD) override {
    onMacroUse({MacroUse::Test, Name, Loc, &MD, nullptr, {}});
  }
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &MD,
                    clang::SourceRange Range, const clang::MacroArgs *) override {
    onMacroUse({MacroUse::Expand, Name, Range.getBegin(), &MD, nullptr, Range});
  }
  void Elifdef(clang::SourceLocation Loc, clang::SourceRange Cond,
               clang::SourceLocation) override {
    onConditionText(Loc, Cond, /*Evaluated=*/false);
  }
  void Elifndef(clang::SourceLocation Loc, clang::SourceRange Cond,
                clang::SourceLocation) override {
    onConditionText(Loc, Cond, /*Evaluated=*/false);
  }
  void If(clang::SourceLocation Loc, clang::SourceRange Cond, ConditionValueKind) override {
    onConditionText(Loc, Cond, /*Evaluated=*/true);
  }
  void Elif(clang::SourceLocation Loc, clang::SourceRange Cond, ConditionValueKind,
            clang::SourceLocation) override {
    onConditionText(Loc, Cond, /*Evaluated=*/true);
  }
};

} // namespace cu2hip

#endif
