//===- Tokens.h - raw token stream of one file ----------------------------===//
//
// Token rules work on clang's raw lexer output (no preprocessing), so they
// see every preprocessor branch and the bodies of macro definitions exactly
// as written. CUDA language options are set, so `<<<` and `>>>` are single
// tokens. Comments and string literals are never identifiers, so renames
// cannot touch them.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOKENS_H
#define CU2HIP_TOKENS_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

/// One raw token: kind, byte offset and length in the file, spelling (a
/// backslash-newline inside the token removed, as translation phase 2 does:
/// `cudaDevice\` newline `Synchronize` is the name cudaDeviceSynchronize,
/// its range the whole written text).
struct Tok {
  clang::tok::TokenKind Kind;
  unsigned Offset, Length;
  llvm::StringRef Text;
  bool StartOfLine;
  bool InDirective; ///< part of a preprocessor directive line
  bool is(clang::tok::TokenKind K) const { return Kind == K; }
  bool isIdent() const { return Kind == clang::tok::raw_identifier; }
  bool isIdent(llvm::StringRef S) const { return isIdent() && Text == S; }
  unsigned end() const { return Offset + Length; }
};

/// A call-like argument list: `(`, `)` token indices and, per argument,
/// the [first, last] token index (empty argument: First > Last).
struct ArgList {
  size_t LParen = 0, RParen = 0;
  struct Arg {
    size_t First, Last;
  };
  std::vector<Arg> Args;
};

/// The raw tokens of one buffer.
class TokenStream {
public:
  /// Lexes `Buffer` with CUDA C++17 language options.
  explicit TokenStream(llvm::StringRef Buffer);

  const std::vector<Tok> &tokens() const { return Toks; }
  size_t size() const { return Toks.size(); }
  const Tok &operator[](size_t I) const { return Toks[I]; }
  llvm::StringRef buffer() const { return Buf; }

  /// Index of the token closing the bracket opened at `Open` ((, [, {, <<<),
  /// or nullopt when unbalanced.
  std::optional<size_t> matchForward(size_t Open) const;
  /// Index of the token opening the bracket closed at `Close` (), ], }, >).
  /// For `>` angle brackets are counted.
  std::optional<size_t> matchBackward(size_t Close) const;
  /// Parses the argument list whose `(` is token `LParen`, splitting at
  /// top-level commas. Angle brackets are not treated as brackets.
  std::optional<ArgList> parseArgs(size_t LParen) const;
  /// Parses comma-separated items between `Open` and its closing token.
  std::optional<ArgList> parseList(size_t Open) const;
  /// Source text of tokens [First, Last], as written (with inner spacing).
  llvm::StringRef text(size_t First, size_t Last) const;
  /// Source text of one argument (trimmed); empty for an empty argument.
  llvm::StringRef argText(const ArgList::Arg &A) const;

private:
  llvm::StringRef Buf;
  std::vector<Tok> Toks;
  /// The spellings of tokens with a backslash-newline inside (shared by
  /// copies of the stream: Tok::Text points into it).
  std::shared_ptr<std::deque<std::string>> Spliced;
};

/// 1-based line and column of byte `Offset` in `Buffer`.
std::pair<unsigned, unsigned> lineCol(llvm::StringRef Buffer, unsigned Offset);

} // namespace cu2hip

#endif
