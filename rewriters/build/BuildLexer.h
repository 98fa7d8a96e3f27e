//===- BuildLexer.h - the syntax of CMake and make files, as tokens -------===//
//
// Two small lexers for the build rules (BuildRules.h). Neither evaluates
// anything: they find where commands, arguments, assignments and words are,
// by byte offset, so rules can replace exactly the text they mean.
//
// CMake (cmake-language(7)): a file is a sequence of command invocations
// `name(args)`; arguments are unquoted (with `\` escapes and legacy inner
// quotes), quoted ("..." with escapes and `\`-newline continuation) or
// bracket arguments ([[...]], [=[...]=]); `#` starts a line comment, `#[[`
// a bracket comment; bare parentheses inside the arguments nest.
//
// make (GNU make): logical lines (a `\` before the newline continues the
// line); `#` starts a comment outside recipe lines (which begin with a tab);
// assignments `[override|export] NAME op value` with op one of = := ::= ?=
// += !=; words split at blanks, where a variable reference `$(NAME)` is part
// of its word and the arguments of a function call `$(shell ...)` are words
// of their own (split at blanks and commas).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BUILD_BUILDLEXER_H
#define CU2HIP_BUILD_BUILDLEXER_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {
namespace build {

/// A syntax error: where (byte offset) and what.
struct LexError {
  unsigned Offset = 0;
  std::string Message;
};

/// One argument of a CMake command.
struct CMakeArg {
  enum Kind { Unquoted, Quoted, Bracket, Paren };
  Kind K = Unquoted;
  unsigned Offset = 0; ///< first byte (the quote or bracket included)
  llvm::StringRef Text; ///< raw text, quotes or brackets included
  unsigned end() const { return Offset + Text.size(); }
  /// The text without its quotes or brackets (escapes are not expanded).
  llvm::StringRef inner() const;
  /// Offset of inner() in the file.
  unsigned innerOffset() const;
  /// True for an unquoted or quoted argument equal to `S` (case-sensitive).
  bool is(llvm::StringRef S) const { return K != Paren && inner() == S; }
};

/// One CMake command invocation.
struct CMakeCommand {
  llvm::StringRef Name; ///< as written
  unsigned Offset = 0;  ///< of the name
  unsigned Close = 0;   ///< of the closing ')'
  std::vector<CMakeArg> Args;
  /// The name in lower case (CMake command names are case-insensitive).
  std::string lowerName() const { return Name.lower(); }
  unsigned end() const { return Close + 1; }
};

/// Commands of a CMake file in order, or the first syntax error.
struct CMakeFile {
  std::vector<CMakeCommand> Commands;
  std::optional<LexError> Error;
};
CMakeFile lexCMake(llvm::StringRef Text);

/// One blank-separated word of a make line.
struct MakeWord {
  unsigned Offset = 0;
  llvm::StringRef Text;
  /// Nesting depth in function calls: 0 at the top, 1 inside `$(shell ...)`.
  unsigned CallDepth = 0;
  /// The function of the innermost call around it (`shell`, `warning`,
  /// ...), or "" at the top.
  llvm::StringRef Call;
  unsigned end() const { return Offset + Text.size(); }
};

/// One logical line of a Makefile.
struct MakeLine {
  enum Kind { Blank, Comment, Recipe, Assignment, Directive, RuleLine, Other };
  Kind K = Other;
  unsigned Offset = 0, End = 0; ///< the logical line, newline excluded
  unsigned Line = 0;            ///< 1-based line of its first byte
  llvm::StringRef Var;          ///< Assignment: the variable's name
  unsigned VarOffset = 0;
  llvm::StringRef Op;            ///< Assignment: = := ::= ?= += !=
  unsigned ValueOffset = 0;      ///< Assignment: where the value starts
  /// Assignment: the words of the value; otherwise of the whole line (a
  /// comment excluded).
  std::vector<MakeWord> Words;
};

/// The logical lines of a Makefile, or the first syntax error (an
/// unbalanced `$(`).
struct MakeFile {
  std::vector<MakeLine> Lines;
  std::optional<LexError> Error;
};
MakeFile lexMake(llvm::StringRef Text);

/// Splits `S` (at `Offset` in the file) at blanks into words, keeping
/// `$(...)`/`${...}` references and quoted strings ('...', "...") inside
/// their word. For the flags inside a CMake quoted argument.
std::vector<MakeWord> splitFlagWords(llvm::StringRef S, unsigned Offset);

} // namespace build
} // namespace cu2hip

#endif
