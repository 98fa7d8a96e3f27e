//===- BuildLexer.cpp - the syntax of CMake and make files ----------------===//
#include "BuildLexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace cu2hip {
namespace build {

StringRef CMakeArg::inner() const {
  if (K == Quoted)
    return Text.size() >= 2 ? Text.drop_front().drop_back() : "";
  if (K == Bracket) {
    size_t Open = Text.find('[', 1);
    size_t Eq = Open - 1; // "=" run between the brackets
    return Text.drop_front(Open + 1).drop_back(Eq + 2);
  }
  return Text;
}

unsigned CMakeArg::innerOffset() const {
  if (K == Quoted)
    return Offset + 1;
  if (K == Bracket)
    return Offset + Text.find('[', 1) + 1;
  return Offset;
}

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }
bool isSpace(char C) { return isBlank(C) || C == '\n'; }
bool isIdentStart(char C) { return isAlpha(C) || C == '_'; }
bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// A CMake lexer over one buffer; `Pos` moves forward only.
class CMakeLexer {
public:
  explicit CMakeLexer(StringRef T) : T(T) {}

  CMakeFile run() {
    CMakeFile F;
    while (skipSpaceAndComments(F)) {
      if (!isIdentStart(T[Pos]))
        return std::move(fail(F, Pos, "expected a command name"));
      CMakeCommand C;
      C.Offset = Pos;
      while (Pos < T.size() && isIdentChar(T[Pos]))
        ++Pos;
      C.Name = T.slice(C.Offset, Pos);
      while (Pos < T.size() && isBlank(T[Pos]))
        ++Pos;
      if (Pos >= T.size() || T[Pos] != '(')
        return std::move(
            fail(F, C.Offset, "expected '(' after the command name '" + C.Name.str() + "'"));
      ++Pos;
      if (!lexArgs(C, F))
        return std::move(F);
      F.Commands.push_back(std::move(C));
    }
    return F;
  }

private:
  /// Records the first error in `F` (which keeps it: `F` is not moved
  /// from, so a caller going on with `F` returns it whole).
  CMakeFile &fail(CMakeFile &F, unsigned At, const Twine &Msg) {
    if (!F.Error)
      F.Error = LexError{At, Msg.str()};
    return F;
  }

  /// Length of a bracket opening `[`, `=`*, `[` at `At`, or 0.
  size_t bracketOpen(size_t At) const {
    if (At >= T.size() || T[At] != '[')
      return 0;
    size_t I = At + 1;
    while (I < T.size() && T[I] == '=')
      ++I;
    return I < T.size() && T[I] == '[' ? I + 1 - At : 0;
  }

  /// Skips a bracket body opened at `At` with `Open` bytes; false when it
  /// never closes.
  bool skipBracket(size_t At, size_t Open) {
    std::string Close = "]" + std::string(Open - 2, '=') + "]";
    size_t E = T.find(Close, At + Open);
    if (E == StringRef::npos)
      return false;
    Pos = E + Close.size();
    return true;
  }

  /// Skips blanks, newlines and comments; false at the end (or an error).
  bool skipSpaceAndComments(CMakeFile &F) {
    while (Pos < T.size()) {
      if (isSpace(T[Pos])) {
        ++Pos;
      } else if (T[Pos] == '#') {
        if (size_t Open = bracketOpen(Pos + 1)) {
          if (!skipBracket(Pos + 1, Open)) {
            fail(F, Pos, "unterminated bracket comment");
            return false;
          }
        } else {
          size_t NL = T.find('\n', Pos);
          Pos = NL == StringRef::npos ? T.size() : NL;
        }
      } else {
        return true;
      }
    }
    return false;
  }

  bool lexQuoted(unsigned Start, CMakeFile &F) {
    ++Pos;
    while (Pos < T.size() && T[Pos] != '"')
      Pos += T[Pos] == '\\' ? 2 : 1;
    if (Pos >= T.size()) {
      fail(F, Start, "unterminated quoted argument");
      return false;
    }
    ++Pos;
    return true;
  }

  bool lexUnquoted(CMakeFile &F) {
    while (Pos < T.size() && !isSpace(T[Pos]) && T[Pos] != '(' && T[Pos] != ')' &&
           T[Pos] != '#') {
      if (T[Pos] == '\\') {
        Pos += 2;
      } else if (T[Pos] == '"') { // legacy: a"b c"d is one argument
        if (!lexQuoted(Pos, F))
          return false;
      } else {
        ++Pos;
      }
    }
    Pos = std::min<size_t>(Pos, T.size());
    return true;
  }

  bool lexArgs(CMakeCommand &C, CMakeFile &F) {
    unsigned Depth = 0;
    while (true) {
      if (!skipSpaceAndComments(F)) {
        if (!F.Error)
          fail(F, C.Offset, "'" + C.Name.str() + "(' is never closed");
        return false;
      }
      CMakeArg A;
      A.Offset = Pos;
      char Ch = T[Pos];
      if (Ch == ')' && Depth == 0) {
        C.Close = Pos++;
        return true;
      }
      if (Ch == '(' || Ch == ')') {
        Depth += Ch == '(' ? 1 : -1;
        A.K = CMakeArg::Paren;
        ++Pos;
      } else if (Ch == '"') {
        A.K = CMakeArg::Quoted;
        if (!lexQuoted(Pos, F))
          return false;
      } else if (size_t Open = bracketOpen(Pos)) {
        A.K = CMakeArg::Bracket;
        if (!skipBracket(Pos, Open)) {
          fail(F, Pos, "unterminated bracket argument");
          return false;
        }
      } else if (!lexUnquoted(F)) {
        return false;
      }
      A.Text = T.slice(A.Offset, Pos);
      C.Args.push_back(A);
    }
  }

  StringRef T;
  size_t Pos = 0;
};

/// Splits make text into words (see the header); `Depth` counts the
/// function calls around it.
class MakeWords {
public:
  MakeWords(StringRef T, unsigned Base, bool CommasSplit)
      : T(T), Base(Base), CommasSplit(CommasSplit) {}

  /// False on an unbalanced reference (its offset in `BadAt`).
  bool run(std::vector<MakeWord> &Out, unsigned &BadAt) {
    return words(0, T.size(), 0, "", Out, BadAt);
  }

private:
  bool isSep(char C, unsigned Depth) const {
    return isSpace(C) || (Depth > 0 && C == ',');
  }

  /// End of the reference opened at `At` (`$(` or `${`), or npos.
  size_t refEnd(size_t At, size_t End) const {
    char Open = T[At + 1], Close = Open == '(' ? ')' : '}';
    unsigned N = 0;
    for (size_t I = At + 1; I < End; ++I) {
      if (T[I] == Open)
        ++N;
      else if (T[I] == Close && --N == 0)
        return I + 1;
    }
    return StringRef::npos;
  }

  /// The function name of the call at `At` (`$(shell ...)`), or "".
  StringRef callName(size_t At, size_t RefEnd) const {
    StringRef Body = T.slice(At + 2, RefEnd - 1);
    StringRef Name = Body.take_while([](char C) { return isAlnum(C) || C == '-'; });
    if (Name.empty() || Name.size() == Body.size() || !isBlank(Body[Name.size()]))
      return "";
    return Name;
  }

  bool words(size_t B, size_t E, unsigned Depth, StringRef Call, std::vector<MakeWord> &Out,
             unsigned &BadAt) {
    size_t I = B;
    while (I < E) {
      if (isSep(T[I], Depth) || (T[I] == '\\' && I + 1 < E && T[I + 1] == '\n')) {
        I += T[I] == '\\' ? 2 : 1;
        continue;
      }
      size_t W = I;
      while (I < E && !isSep(T[I], Depth) && !(T[I] == '\\' && I + 1 < E && T[I + 1] == '\n')) {
        if (T[I] == '$' && I + 1 < E && (T[I + 1] == '(' || T[I + 1] == '{')) {
          size_t R = refEnd(I, E);
          if (R == StringRef::npos) {
            BadAt = Base + I;
            return false;
          }
          if (!callName(I, R).empty()) {
            // A function call: its arguments are words of their own.
            if (I > W)
              Out.push_back({unsigned(Base + W), T.slice(W, I), Depth, Call});
            size_t ArgsAt = I + 2 + callName(I, R).size();
            if (!words(ArgsAt, R - 1, Depth + 1, callName(I, R), Out, BadAt))
              return false;
            I = W = R;
            continue;
          }
          I = R;
        } else if ((T[I] == '"' || T[I] == '\'') && Depth == 0 && !CommasSplit) {
          size_t Q = T.find(T[I], I + 1);
          I = Q == StringRef::npos || Q >= E ? E : Q + 1;
        } else {
          ++I;
        }
      }
      if (I > W)
        Out.push_back({unsigned(Base + W), T.slice(W, I), Depth, Call});
    }
    return true;
  }

  StringRef T;
  unsigned Base;
  bool CommasSplit;
};

/// Offset of a `#` starting a comment in [B, E), or E.
size_t commentStart(StringRef T, size_t B, size_t E) {
  for (size_t I = B; I < E; ++I) {
    if (T[I] == '\\') {
      ++I;
      continue;
    }
    if (T[I] == '#')
      return I;
  }
  return E;
}

bool isDirective(StringRef FirstWord) {
  return StringSwitch<bool>(FirstWord)
      .Cases("ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", true)
      .Cases("define", "endef", "include", "-include", "sinclude", true)
      .Cases("export", "unexport", "override", "vpath", "undefine", true)
      .Default(false);
}

/// Parses an assignment in [B, E): true with the name, op and value set.
bool parseAssignment(StringRef T, size_t B, size_t E, MakeLine &L) {
  size_t I = B;
  while (I < E && isBlank(T[I]))
    ++I;
  for (StringRef Kw : {"override", "export"}) {
    if (T.substr(I).startswith(Kw) && I + Kw.size() < E && isBlank(T[I + Kw.size()])) {
      I += Kw.size();
      while (I < E && isBlank(T[I]))
        ++I;
    }
  }
  size_t N = I;
  while (N < E && (isIdentChar(T[N]) || T[N] == '.' || T[N] == '-'))
    ++N;
  if (N == I)
    return false;
  size_t O = N;
  while (O < E && isBlank(T[O]))
    ++O;
  for (StringRef Op : {"::=", ":=", "?=", "+=", "!=", "="}) {
    if (T.slice(O, E).startswith(Op)) {
      L.Var = T.slice(I, N);
      L.VarOffset = I;
      L.Op = T.substr(O, Op.size());
      L.ValueOffset = O + Op.size();
      return true;
    }
  }
  return false;
}

} // namespace

CMakeFile lexCMake(StringRef Text) { return CMakeLexer(Text).run(); }

std::vector<MakeWord> splitFlagWords(StringRef S, unsigned Offset) {
  std::vector<MakeWord> Out;
  unsigned Bad = 0;
  MakeWords(S, Offset, false).run(Out, Bad);
  return Out;
}

MakeFile lexMake(StringRef T) {
  MakeFile F;
  size_t Pos = 0;
  unsigned LineNo = 1;
  bool InDefine = false;
  while (Pos < T.size()) {
    MakeLine L;
    L.Offset = Pos;
    L.Line = LineNo;
    size_t E = Pos;
    // A logical line: continued while a `\` ends the physical line.
    while (true) {
      size_t NL = T.find('\n', E);
      if (NL == StringRef::npos) {
        E = T.size();
        break;
      }
      ++LineNo;
      size_t Back = NL;
      while (Back > Pos && T[Back - 1] == '\r')
        --Back;
      unsigned Slashes = 0;
      while (Back > Pos + Slashes && T[Back - 1 - Slashes] == '\\')
        ++Slashes;
      if (Slashes % 2 == 0) {
        E = NL;
        break;
      }
      E = NL + 1;
    }
    L.End = E;
    StringRef Line = T.slice(Pos, E);
    StringRef Trim = Line.ltrim();
    bool IsRecipe = !Line.empty() && Line[0] == '\t';
    size_t CodeEnd = IsRecipe ? E : commentStart(T, Pos, E);
    StringRef First = Trim.take_until([](char C) { return isSpace(C); });
    if (Trim.rtrim().empty())
      L.K = MakeLine::Blank;
    else if (CodeEnd == Pos + (Line.size() - Trim.size()))
      L.K = MakeLine::Comment;
    else if (InDefine)
      L.K = First == "endef" ? MakeLine::Directive : MakeLine::Other;
    else if (IsRecipe)
      L.K = MakeLine::Recipe;
    else if (parseAssignment(T, Pos, CodeEnd, L))
      L.K = MakeLine::Assignment;
    else if (isDirective(First))
      L.K = MakeLine::Directive;
    else if (Line.contains(':'))
      L.K = MakeLine::RuleLine;
    if (First == "define")
      InDefine = true;
    else if (First == "endef")
      InDefine = false;
    if (L.K != MakeLine::Blank && L.K != MakeLine::Comment) {
      size_t From = L.K == MakeLine::Assignment ? L.ValueOffset : Pos;
      unsigned Bad = 0;
      if (!MakeWords(T.slice(From, CodeEnd), From, false).run(L.Words, Bad) && !F.Error)
        F.Error = LexError{Bad, "unbalanced '$(' or '${' reference"};
    }
    F.Lines.push_back(std::move(L));
    Pos = E < T.size() ? E + 1 : E;
  }
  return F;
}

} // namespace build
} // namespace cu2hip
