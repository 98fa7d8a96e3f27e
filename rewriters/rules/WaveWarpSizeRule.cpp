//===- WaveWarpSizeRule.cpp - rule "wave-warpsize" ------------------------===//
//
// CUDA:  for (int o = warpSize / 2; o > 0; o >>= 1) ...   (warpSize == 32)
// HIP:   for (int o = cu2hip::logical_warp_size / 2; ...)
// Why: CUDA's warpSize is always 32 and ported logical-32 code must keep it;
// HIP's warpSize is 64 on CDNA and, since ROCm 7, not a constant expression
// (catalogue rows 6, 7, 17; bitsandbytes#1762, vllm#20330, apex#231).
// cu2hip::logical_warp_size is a constexpr 32. Member reads (`prop.warpSize`,
// host code) are not renamed (WaveHostWarpSizeRule.cpp reports them). A
// user's own `warpSize` (parameter, variable) keeps its
// uses; a struct member named warpSize does not stop the device variable
// from being converted.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class WaveWarpSizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-warpsize", IdKind::Edit, "warpSize in device code: constexpr 32"},
    };
    return Ids;
  }

  /// Is \p K a builtin integer type keyword that a pointer or reference
  /// declarator can follow (`int *warpSize`, `const unsigned &warpSize`)?
  /// Any other identifier before `*`/`&` is taken as an operand: in
  /// `blockIdx.x * warpSize;` or `(n * warpSize)` the `*` is a product, not
  /// a declarator (llm.c dev/cuda/matmul_backward_bias.cu kernel 4, whose
  /// `blockDim.x / warpSize` became 0 on wave64 and looped forever).
  static bool isIntTypeKeyword(const Tok &K) {
    for (const char *Kw : {"int", "unsigned", "signed", "long", "short", "size_t", "auto"})
      if (K.isIdent(Kw))
        return true;
    return false;
  }

  /// Does the file declare its own `warpSize` (variable, parameter,
  /// template parameter)? By spelling, for code without index entries: a
  /// declarator follows a type name or keyword. A member of a struct
  /// (`struct S { int warpSize; };`) does not count: it is reached through
  /// `.`/`->` and does not hide the device variable.
  static bool declaresWarpSize(const FileContext &C) {
    const auto &T = C.Toks;
    std::vector<ScopeKind> Scope;
    for (size_t I = 1; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent("warpSize"))
        continue;
      const Tok &P = T[I - 1];
      if (P.is(clang::tok::period) || P.is(clang::tok::arrow) || P.is(clang::tok::coloncolon))
        continue;
      bool TypeBefore = P.isIdent() && !P.isIdent("return") && !P.isIdent("case") &&
                        !P.isIdent("sizeof") && !P.isIdent("define");
      bool PtrRef = (P.is(clang::tok::star) || P.is(clang::tok::amp)) && I >= 2 &&
                    isIntTypeKeyword(T[I - 2]);
      const Tok &N = T[I + 1];
      bool DeclEnd = N.is(clang::tok::equal) || N.is(clang::tok::semi) ||
                     N.is(clang::tok::comma) || N.is(clang::tok::r_paren) ||
                     N.is(clang::tok::l_square) || N.is(clang::tok::l_brace) ||
                     N.is(clang::tok::greater) || N.is(clang::tok::colon);
      if (!(TypeBefore || PtrRef) || !DeclEnd)
        continue;
      if (Scope.empty())
        Scope = scopeKinds(T);
      if (Scope[I] != ScopeKind::Class)
        return true;
    }
    return false;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool UserDeclared = declaresWarpSize(C);
    bool Noted = false;
    auto NoteKept = [&](size_t I) {
      if (!Noted)
        C.report(id(), Severity::Note, T[I].Offset,
                 "the file declares its own 'warpSize'; uses of the name are "
                 "kept as written");
      Noted = true;
    };
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent("warpSize") || C.yieldsAt(T[I].Offset))
        continue;
      if (I > 0 && (T[I - 1].is(clang::tok::period) || T[I - 1].is(clang::tok::arrow)))
        continue; // a member read: wave-host-warpsize's
      if (C.Opts.Wave == WaveMode::Keep || C.isMemberOrForeignQualified(I) ||
          isMacroNameBeingDefined(C, I))
        continue;
      // By declaration identity where the index knows the name: the
      // device's warpSize (Clang's CUDA builtin variable) is converted,
      // the user's own declarations and their uses are kept.
      if (const NameRef *R = indexedName(C, I)) {
        if (!(R->System && R->QualName == "warpSize")) {
          if (R->Kind != DeclKind::Field)
            NoteKept(I);
          continue;
        }
      } else if (UserDeclared) {
        NoteKept(I);
        continue;
      }
      C.replaceTokens(id(), I, I, "cu2hip::logical_warp_size");
      C.requestHeader("cu2hip/wave.h");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveWarpSizeRule() {
  return std::make_unique<WaveWarpSizeRule>();
}

} // namespace cu2hip
