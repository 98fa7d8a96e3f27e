//===- IncludeScan.cpp - the include graph of a run without a parse -------===//
#include "cu2hip/IncludeScan.h"
#include "cu2hip/Tokens.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cu2hip {
namespace {

/// The directories of `Flags` for quoted names only (-iquote) and for
/// both forms (-I, -isystem), absolute.
struct SearchPath {
  std::vector<std::string> Quote, Both;

  SearchPath(const std::vector<std::string> &Flags, llvm::StringRef WorkDir) {
    for (size_t I = 0; I < Flags.size(); ++I) {
      llvm::StringRef A = Flags[I];
      for (llvm::StringRef Opt : {"-iquote", "-isystem", "-I"}) {
        if (!A.startswith(Opt))
          continue;
        llvm::StringRef Dir = A.drop_front(Opt.size());
        if (Dir.empty() && I + 1 < Flags.size())
          Dir = Flags[++I];
        if (!Dir.empty())
          (Opt == "-iquote" ? Quote : Both).push_back(absolute(Dir, WorkDir));
        break;
      }
    }
  }

  static std::string absolute(llvm::StringRef Dir, llvm::StringRef WorkDir) {
    if (llvm::sys::path::is_absolute(Dir) || WorkDir.empty())
      return Dir.str();
    llvm::SmallString<256> P(WorkDir);
    llvm::sys::path::append(P, Dir);
    return std::string(P.str());
  }
};

/// Real path of `Dir`/`Name` when it is a regular file, else "".
std::string findIn(llvm::StringRef Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::is_regular_file(P) || llvm::sys::fs::real_path(P, Real))
    return "";
  return std::string(Real.str());
}

} // namespace

std::vector<ScannedInclude> scanIncludes(llvm::StringRef Path, llvm::StringRef Text,
                                         const std::vector<std::string> &Flags,
                                         llvm::StringRef WorkDir) {
  SearchPath Search(Flags, WorkDir);
  llvm::SmallString<256> Own(Path);
  llvm::sys::path::remove_filename(Own);
  TokenStream T(Text);
  std::vector<ScannedInclude> Out;
  int Depth = 0; // braces of code (not of directives) open before here
  for (size_t I = 0; I < T.size(); ++I) {
    if (!T[I].InDirective) {
      Depth += T[I].is(clang::tok::l_brace) - T[I].is(clang::tok::r_brace);
      Depth = std::max(Depth, 0);
      continue;
    }
    if (!T[I].is(clang::tok::hash) || !T[I].StartOfLine || I + 1 >= T.size() ||
        !(T[I + 1].isIdent("include") || T[I + 1].isIdent("include_next")))
      continue;
    llvm::StringRef Line = Text.substr(T[I + 1].end());
    Line = Line.take_until([](char C) { return C == '\n'; });
    size_t B = Line.find_first_of("<\"");
    char Close = B == llvm::StringRef::npos ? 0 : (Line[B] == '<' ? '>' : '"');
    size_t E = Close ? Line.find(Close, B + 1) : llvm::StringRef::npos;
    if (E == llvm::StringRef::npos)
      continue;
    ScannedInclude S;
    S.NameOffset = T[I + 1].end() + unsigned(B);
    S.InBody = Depth > 0;
    llvm::StringRef Name = Line.slice(B + 1, E);
    std::vector<std::string> Dirs;
    if (Close == '"') {
      Dirs.push_back(std::string(Own.empty() ? "." : Own.str()));
      Dirs.insert(Dirs.end(), Search.Quote.begin(), Search.Quote.end());
    }
    Dirs.insert(Dirs.end(), Search.Both.begin(), Search.Both.end());
    for (const std::string &D : Dirs)
      if (!(S.Resolved = findIn(D, Name)).empty())
        break;
    Out.push_back(std::move(S));
  }
  return Out;
}

} // namespace cu2hip
