//===- CMakeFlagsRule.cpp - build-cmake-flags -----------------------------===//
//
// nvcc options where CMake passes them to the CUDA compiler: the arguments
// of target_compile_options() and add_compile_options(), the values of
// CMAKE_CUDA_FLAGS[_<CONFIG>] (set, string(APPEND)) and of FindCUDA's
// CUDA_NVCC_FLAGS (set, list(APPEND)). Each is translated for clang's HIP
// driver by the flag table (BuildMaps.cpp), dropped with a note where it
// has no counterpart; GPU target flags are dropped, the targets being
// CMAKE_HIP_ARCHITECTURES. Inside a quoted argument the flags are the
// blank-separated words; generator expressions are left as written.
//===----------------------------------------------------------------------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cu2hip {
namespace build {
namespace {

bool isCudaFlagsVar(StringRef V) {
  return V == "CMAKE_CUDA_FLAGS" || V.startswith("CMAKE_CUDA_FLAGS_") || V == "CUDA_NVCC_FLAGS";
}

class CMakeFlagsRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-flags", IdKind::Edit,
         "CMake: nvcc options in compile options and CUDA flag variables to clang's HIP "
         "options, or dropped with a note"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      size_t From = flagsStart(Cmd);
      if (From == StringRef::npos)
        continue;
      std::vector<MakeWord> Words;
      for (size_t I = From; I < Cmd.Args.size(); ++I) {
        const CMakeArg &A = Cmd.Args[I];
        if (A.K == CMakeArg::Bracket || A.K == CMakeArg::Paren || hasGenex(A))
          continue;
        listWords(A, Words);
      }
      FlagResult R;
      translateNvccFlags(C.Buffer, Words, {"", "CMAKE_HIP_ARCHITECTURES"}, R);
      for (TextEdit &E : R.Edits) {
        if (inList(C.Buffer, E.Offset, E.Offset + E.Length)) {
          // In a ';'-list an option is an element: a dropped one takes its
          // ';' along, several options are several elements.
          if (E.Text.empty() && E.Offset + E.Length < C.Buffer.size() &&
              C.Buffer[E.Offset + E.Length] == ';')
            ++E.Length;
          std::replace(E.Text.begin(), E.Text.end(), ' ', ';');
        }
        C.replace(id(), E.Offset, E.Length, E.Text);
      }
      for (const FlagNote &N : R.Notes)
        C.report(N.Sev == Severity::Note ? id() : StringRef(UnsupportedId), N.Sev, N.Offset,
                 N.Message);
    }
  }

private:
  /// The options in argument `A`: its ';'-separated list elements (a `\;`
  /// or a ';' inside a `${...}` reference does not separate), each split at
  /// blanks when quoted.
  static void listWords(const CMakeArg &A, std::vector<MakeWord> &Words) {
    StringRef S = A.K == CMakeArg::Quoted ? A.inner() : A.Text;
    unsigned Base = A.K == CMakeArg::Quoted ? A.innerOffset() : A.Offset;
    unsigned Depth = 0;
    size_t From = 0;
    for (size_t I = 0; I <= S.size(); ++I) {
      if (I < S.size() && S[I] == '\\') {
        ++I;
        continue;
      }
      if (I < S.size() && S[I] == '$' && I + 1 < S.size() && S[I + 1] == '{') {
        ++Depth;
        ++I;
        continue;
      }
      if (I < S.size() && S[I] == '}' && Depth > 0)
        --Depth;
      if (I < S.size() && (S[I] != ';' || Depth > 0))
        continue;
      StringRef Piece = S.slice(From, I);
      if (A.K == CMakeArg::Quoted)
        for (const MakeWord &W : splitFlagWords(Piece, Base + From))
          Words.push_back(W);
      else if (!Piece.empty())
        Words.push_back({unsigned(Base + From), Piece, 0});
      From = I + 1;
    }
  }

  /// True when [B, E) of `Buf` is beside a ';' (an element of a list).
  static bool inList(StringRef Buf, unsigned B, unsigned E) {
    return (B > 0 && Buf[B - 1] == ';') || (E < Buf.size() && Buf[E] == ';');
  }

  /// Index of the first flag argument of `Cmd`, or npos.
  static size_t flagsStart(const CMakeCommand &Cmd) {
    std::string N = Cmd.lowerName();
    const auto &A = Cmd.Args;
    if (N == "add_compile_options")
      return 0;
    if (N == "target_compile_options") {
      size_t I = 1;
      while (I < A.size() && (A[I].is("BEFORE") || A[I].is("PRIVATE") || A[I].is("PUBLIC") ||
                              A[I].is("INTERFACE")))
        ++I;
      return I;
    }
    if (N == "set" && !A.empty() && isCudaFlagsVar(A[0].inner()))
      return 1;
    if ((N == "string" || N == "list") && A.size() > 1 && A[0].is("APPEND") &&
        isCudaFlagsVar(A[1].inner()))
      return 2;
    return StringRef::npos;
  }
};

/// Generator expressions about the CUDA language: the language conditions
/// $<COMPILE_LANGUAGE:...CUDA...> and $<LINK_LANGUAGE:...CUDA...> name HIP
/// instead. In compile and link option commands the options they select
/// are nvcc's: there only the form $<$<COMPILE_LANGUAGE:CUDA>:options> is
/// translated, its options with the flag table. Anything else about CUDA
/// in a generator expression (nested conditions around nvcc options,
/// $<COMPILE_LANG_AND_ID:CUDA,NVIDIA>, CUDA:: targets, CUDA_ properties)
/// leaves the whole argument as written, with a build-genex warning.
class CMakeGenexRule : public BuildRule {
public:
  ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"build-cmake-genex", IdKind::Edit,
         "CMake: $<COMPILE_LANGUAGE:CUDA> and $<LINK_LANGUAGE:CUDA> name HIP; the nvcc "
         "options they select are translated"},
        {GenexId, IdKind::Warning,
         "a CMake generator expression about CUDA, left as written"}};
    return Ids;
  }
  BuildKind kind() const override { return BuildKind::CMake; }

  void run(BuildContext &C) override {
    for (const CMakeCommand &Cmd : C.CMake.Commands) {
      std::string N = Cmd.lowerName();
      bool Options = N == "target_compile_options" || N == "add_compile_options" ||
                     N == "target_link_options" || N == "add_link_options";
      for (const CMakeArg &A : Cmd.Args)
        if (hasGenex(A) && mentionsCuda(A.Text) && !translate(C, A, Options))
          C.report(GenexId, Severity::Warning, A.Offset,
                   "generator expression left as written: '" + A.Text.take_front(80) +
                       "' names CUDA with no sound HIP form here (a CUDA condition is "
                       "never true for HIP sources: write $<COMPILE_LANGUAGE:HIP> with "
                       "hipcc's options, ROCm's targets)");
    }
  }

private:
  /// One language condition $<COMPILE_LANGUAGE:list> in an argument.
  struct Condition {
    size_t List = 0, ListEnd = 0; ///< the language list, in the argument's text
    size_t Value = 0, ValueEnd = 0; ///< $<cond:value> around it, when directly so
    bool Direct = false;
  };

  static bool mentionsCuda(StringRef S) {
    for (StringRef K : {":CUDA>", ":CUDA,", ",CUDA>", ",CUDA,", "CUDA::", "CUDA_", "CMAKE_CUDA"})
      if (S.contains(K))
        return true;
    return false;
  }

  /// The end of the generator expression whose value starts at `From`
  /// (its closing '>'), or npos.
  static size_t valueEnd(StringRef S, size_t From) {
    unsigned Depth = 0;
    for (size_t I = From; I < S.size(); ++I) {
      if (S.substr(I).startswith("$<")) {
        ++Depth;
        ++I;
      } else if (S[I] == '>') {
        if (Depth == 0)
          return I;
        --Depth;
      }
    }
    return StringRef::npos;
  }

  /// The language conditions naming CUDA; false when one is not plain.
  static bool conditions(StringRef S, std::vector<Condition> &Out) {
    for (StringRef Head : {"$<COMPILE_LANGUAGE:", "$<LINK_LANGUAGE:"})
      for (size_t P = S.find(Head); P != StringRef::npos; P = S.find(Head, P + 1)) {
        Condition Cond;
        Cond.List = P + Head.size();
        Cond.ListEnd = S.find('>', Cond.List);
        if (Cond.ListEnd == StringRef::npos)
          return false;
        StringRef List = S.slice(Cond.List, Cond.ListEnd);
        if (List.contains('$'))
          return false;
        SmallVector<StringRef, 4> Langs;
        List.split(Langs, ',');
        if (!is_contained(Langs, "CUDA"))
          continue;
        if (P >= 2 && S.substr(P - 2, 2) == "$<" && Cond.ListEnd + 1 < S.size() &&
            S[Cond.ListEnd + 1] == ':') {
          Cond.Value = Cond.ListEnd + 2;
          Cond.ValueEnd = valueEnd(S, Cond.Value);
          Cond.Direct = Cond.ValueEnd != StringRef::npos;
        }
        Out.push_back(Cond);
      }
    return true;
  }

  /// Translates argument `A`; false (nothing changed) when it keeps a CUDA
  /// mention that has no sound HIP form.
  bool translate(BuildContext &C, const CMakeArg &A, bool Options) {
    StringRef S = A.Text;
    std::vector<Condition> Conds;
    if (!conditions(S, Conds) || Conds.empty())
      return false;
    std::string Renamed = S.str();
    for (const Condition &Cond : Conds) {
      if (Options && (!Cond.Direct || S.slice(Cond.Value, Cond.ValueEnd).contains("$<")))
        return false; // nvcc options this rule cannot single out
      for (size_t P = Cond.List; P + 4 <= Cond.ListEnd; ++P)
        if (isWordAt(S.slice(0, Cond.ListEnd), P, "CUDA"))
          Renamed.replace(P, 4, "HIP ");
    }
    // FindCUDA's flag list is translated where it is set (CMakeFlagsRule)
    // and keeps its name: a reference to it is no CUDA mention.
    for (size_t P; (P = Renamed.find("${CUDA_NVCC_FLAGS}")) != std::string::npos;)
      Renamed.erase(P, 18);
    if (mentionsCuda(Renamed))
      return false;
    for (const Condition &Cond : Conds) {
      for (size_t P = Cond.List; P + 4 <= Cond.ListEnd; ++P)
        if (isWordAt(S.slice(0, Cond.ListEnd), P, "CUDA"))
          C.replace(id(), A.Offset + P, 4, "HIP");
      if (!Options)
        continue;
      StringRef Value = S.slice(Cond.Value, Cond.ValueEnd);
      std::string Flags = translateToGenexList(C, {{Value, A.Offset}});
      if (Flags != Value)
        C.replace(id(), A.Offset + Cond.Value, Value.size(), Flags);
    }
    return true;
  }
};

} // namespace

std::unique_ptr<BuildRule> createCMakeFlagsRule() { return std::make_unique<CMakeFlagsRule>(); }
std::unique_ptr<BuildRule> createCMakeGenexRule() { return std::make_unique<CMakeGenexRule>(); }

} // namespace build
} // namespace cu2hip
