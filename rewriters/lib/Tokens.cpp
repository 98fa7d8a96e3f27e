#include "cu2hip/Tokens.h"
#include "cu2hip/LineTable.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cu2hip {

static LangOptions cudaLangOpts() {
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  LO.Bool = true;
  LO.LineComment = true;
  LO.Digraphs = true;
  return LO;
}

/// `Raw` without its backslash-newlines (blanks between the backslash and
/// the newline allowed, as Clang's lexer does).
static std::string withoutSplices(llvm::StringRef Raw) {
  std::string Out;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\') {
      size_t J = I + 1;
      while (J < Raw.size() && (Raw[J] == ' ' || Raw[J] == '\t' || Raw[J] == '\v' ||
                                Raw[J] == '\f'))
        ++J;
      if (J < Raw.size() && (Raw[J] == '\n' || Raw[J] == '\r')) {
        if (Raw[J] == '\r' && J + 1 < Raw.size() && Raw[J + 1] == '\n')
          ++J;
        I = J;
        continue;
      }
    }
    Out += Raw[I];
  }
  return Out;
}

TokenStream::TokenStream(llvm::StringRef Buffer)
    : Buf(Buffer), Spliced(std::make_shared<std::deque<std::string>>()) {
  LangOptions LO = cudaLangOpts();
  Lexer L(SourceLocation(), LO, Buffer.begin(), Buffer.begin(), Buffer.end());
  L.SetCommentRetentionState(false);
  bool InDirective = false;
  Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    unsigned Off = T.getLocation().getRawEncoding();
    bool SOL = T.isAtStartOfLine();
    if (SOL)
      InDirective = T.is(tok::hash);
    Tok K{T.getKind(), Off, T.getLength(), Buffer.substr(Off, T.getLength()), SOL,
          InDirective};
    if (T.needsCleaning())
      K.Text = Spliced->emplace_back(withoutSplices(K.Text));
    // A directive ends at an unescaped newline: the lexer reports the next
    // line's first token as start-of-line, which resets InDirective above.
    Toks.push_back(K);
  }
}

static bool isOpen(tok::TokenKind K) {
  return K == tok::l_paren || K == tok::l_square || K == tok::l_brace ||
         K == tok::lesslessless;
}
static bool isClose(tok::TokenKind K) {
  return K == tok::r_paren || K == tok::r_square || K == tok::r_brace ||
         K == tok::greatergreatergreater;
}

std::optional<size_t> TokenStream::matchForward(size_t Open) const {
  std::vector<tok::TokenKind> Stack;
  for (size_t I = Open; I < Toks.size(); ++I) {
    tok::TokenKind K = Toks[I].Kind;
    if (isOpen(K))
      Stack.push_back(K);
    else if (isClose(K)) {
      if (Stack.empty())
        return std::nullopt;
      Stack.pop_back();
      if (Stack.empty())
        return I;
    }
    // A directive boundary inside a non-directive bracket means unbalanced
    // text (e.g. #if branches); stop there.
    if (I > Open && Toks[I].StartOfLine && Toks[I].is(tok::hash) &&
        !Toks[Open].InDirective)
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<size_t> TokenStream::matchBackward(size_t Close) const {
  if (Toks[Close].is(tok::greater) || Toks[Close].is(tok::greatergreater)) {
    int Depth = 0;
    for (size_t I = Close + 1; I-- > 0;) {
      tok::TokenKind K = Toks[I].Kind;
      if (K == tok::greater)
        ++Depth;
      else if (K == tok::greatergreater)
        Depth += 2;
      else if (K == tok::less)
        --Depth;
      else if (K == tok::semi || K == tok::l_brace || K == tok::r_brace)
        return std::nullopt;
      if (Depth == 0)
        return I;
      if (Depth < 0)
        return std::nullopt;
    }
    return std::nullopt;
  }
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    tok::TokenKind K = Toks[I].Kind;
    if (isClose(K))
      ++Depth;
    else if (isOpen(K)) {
      --Depth;
      if (Depth == 0)
        return I;
      if (Depth < 0)
        return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<ArgList> TokenStream::parseList(size_t Open) const {
  auto Close = matchForward(Open);
  if (!Close)
    return std::nullopt;
  ArgList R;
  R.LParen = Open;
  R.RParen = *Close;
  int Depth = 0;
  size_t Start = Open + 1;
  for (size_t I = Open + 1; I < *Close; ++I) {
    tok::TokenKind K = Toks[I].Kind;
    if (isOpen(K))
      ++Depth;
    else if (isClose(K))
      --Depth;
    else if (K == tok::comma && Depth == 0) {
      R.Args.push_back({Start, I - 1});
      Start = I + 1;
    }
  }
  if (Start < *Close || !R.Args.empty())
    R.Args.push_back({Start, *Close - 1});
  return R;
}

std::optional<ArgList> TokenStream::parseArgs(size_t LParen) const {
  if (LParen >= Toks.size() || !Toks[LParen].is(tok::l_paren))
    return std::nullopt;
  return parseList(LParen);
}

llvm::StringRef TokenStream::text(size_t First, size_t Last) const {
  if (First > Last || Last >= Toks.size())
    return {};
  return Buf.slice(Toks[First].Offset, Toks[Last].end());
}

llvm::StringRef TokenStream::argText(const ArgList::Arg &A) const {
  return text(A.First, A.Last).trim();
}

std::pair<unsigned, unsigned> lineCol(llvm::StringRef Buffer, unsigned Offset) {
  return LineTable(Buffer).lineCol(std::min<size_t>(Offset, Buffer.size()));
}

} // namespace cu2hip
