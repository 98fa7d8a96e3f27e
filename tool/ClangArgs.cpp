//===- ClangArgs.cpp - arguments cu2hip hands to clang --------------------===//
#include "ClangArgs.h"
#include "Inputs.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cu2hip {

/// Appends clang argument `A` (and its value `Next`, consumed by setting
/// `UsedNext`) to `Out`, with a relative include directory made absolute.
static void addClangArg(StringRef A, const char *Next, bool &UsedNext,
                        std::vector<std::string> &Out) {
  UsedNext = false;
  for (StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
    if (A.startswith(Flag) && A.size() > Flag.size() &&
        !sys::path::is_absolute(A.substr(Flag.size()))) {
      Out.push_back((Flag + absolutePath(A.substr(Flag.size()))).str());
      return;
    }
    if (A == Flag && Next && !sys::path::is_absolute(Next)) {
      Out.push_back(Flag.str());
      Out.push_back(absolutePath(Next));
      UsedNext = true;
      return;
    }
  }
  Out.push_back(A.str());
}

void splitCommandLine(int Argc, const char **Argv, std::vector<const char *> &Own,
                      std::vector<std::string> &Clang) {
  int I = 0;
  for (; I < Argc && StringRef(Argv[I]) != "--"; ++I)
    Own.push_back(Argv[I]);
  for (++I; I < Argc; ++I) {
    bool UsedNext;
    addClangArg(Argv[I], I + 1 < Argc ? Argv[I + 1] : nullptr, UsedNext, Clang);
    I += UsedNext;
  }
}

std::vector<std::string> checkClangArgs(std::vector<std::string> &Args,
                                        const std::string &Where) {
  std::vector<const char *> Ptrs;
  for (const std::string &A : Args)
    Ptrs.push_back(A.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  opt::InputArgList List = Table.ParseArgs(Ptrs, MissingIndex, MissingCount);
  std::vector<std::string> Msgs;
  for (const opt::Arg *A : List.filtered(clang::driver::options::OPT_UNKNOWN))
    Msgs.push_back("unknown clang flag '" + A->getAsString(List) + "' " + Where +
                   ": clang ignores it");
  std::vector<bool> Drop(Args.size(), false);
  for (const opt::Arg *A : List.filtered(clang::driver::options::OPT_INPUT)) {
    Msgs.push_back("'" + A->getAsString(List) + "' " + Where + " is not a flag: dropped");
    Drop[A->getIndex()] = true;
  }
  if (MissingCount)
    Msgs.push_back("'" + Args[MissingIndex] + "' " + Where + " needs a value");
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Args.size(); ++I)
    if (!Drop[I])
      Kept.push_back(std::move(Args[I]));
  Args = std::move(Kept);
  return Msgs;
}

} // namespace cu2hip
