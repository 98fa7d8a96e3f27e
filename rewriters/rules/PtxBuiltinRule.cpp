//===- PtxBuiltinRule.cpp - rule "ptx-builtin": inline PTX with a builtin --===//
//
// CUDA:  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
// HIP:   (r) = cu2hip::lane_id32();
// CUDA:  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
// HIP:   (v) = __ldg(reinterpret_cast<const float *>(p));
// PTX does not assemble for AMDGPU (case 23; ROCm/HIPIFY#731). Statements
// of one instruction whose meaning HIP has as a builtin are replaced:
//   %laneid              cu2hip::lane_id32()  (0..31 in the logical warp;
//                        HIP's __lane_id() is 0..63 on wave64, which would
//                        break the code's 32-lane geometry)
//   %lanemask_{eq,lt,le,gt,ge}  cu2hip::lanemask_*32()
//   %smid                __smid() (hardware CU / shader engine / XCC bits:
//                        an id, not dense in [0, multiProcessorCount))
//   %clock, %clock64     clock64() (a cycle counter, as in PTX)
//   %globaltimer         cu2hip::globaltimer_ns() (nanoseconds, cu2hip/clock.h)
//   ld.global.nc.T       __ldg   (read-only path)
//   ld.global.cs.T / .lu.T       __builtin_nontemporal_load (streaming)
//   red[.relaxed][.gpu|.sys].global.OP.T [%0], %1   (void)atomicOP[_system](p, v)
//                        (no result; OP add/and/or/xor/min/max)
// for T one of f32 f64 s32 u32 b32 s64 u64 b64 s16 u16 b16, one register
// output and, for loads, one address input with no offset. Anything else
// keeps the wave-inline-ptx / ptx-inline-asm findings (WaveFindingsRule).
// %warpid and %nwarpid get their own finding: PTX's %warpid is a volatile
// hardware slot, and the index most code means is the logical warp.
//===----------------------------------------------------------------------===//
#include "PtxAsm.h"
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

/// The concatenated contents of adjacent string literals from token `I`
/// (escapes \n, \t become spaces); sets `Next` past them.
std::optional<std::string> stringContents(const TokenStream &T, size_t I, size_t &Next) {
  std::string S;
  size_t J = I;
  for (; J < T.size() && T[J].is(tok::string_literal); ++J) {
    llvm::StringRef L = T[J].Text;
    if (L.size() < 2 || L.front() != '"')
      return std::nullopt; // prefixed or raw strings
    L = L.drop_front().drop_back();
    for (size_t K = 0; K < L.size(); ++K) {
      if (L[K] == '\\' && K + 1 < L.size()) {
        S += ' ';
        ++K;
      } else
        S += L[K];
    }
  }
  if (J == I)
    return std::nullopt;
  Next = J;
  return S;
}

/// One asm operand `"constraint"(expr)`.
struct Operand {
  std::string Constraint, Expr;
};

/// Parses the operands of one section [From, To) (comma separated).
std::optional<std::vector<Operand>> operands(const TokenStream &T, size_t From, size_t To) {
  std::vector<Operand> Ops;
  size_t J = From;
  while (J < To) {
    if (!T[J].is(tok::string_literal) || J + 1 >= To || !T[J + 1].is(tok::l_paren))
      return std::nullopt;
    auto Close = T.matchForward(J + 1);
    if (!Close || *Close >= To)
      return std::nullopt;
    Ops.push_back({T[J].Text.drop_front().drop_back().str(),
                   T.text(J + 2, *Close - 1).str()});
    J = *Close + 1;
    if (J < To) {
      if (!T[J].is(tok::comma))
        return std::nullopt;
      ++J;
    }
  }
  return Ops;
}

/// Collapses runs of blanks and drops a trailing `;`.
std::string normalise(llvm::StringRef S) {
  std::string R;
  for (char Ch : S.trim()) {
    bool Blank = Ch == ' ' || Ch == '\t';
    if (Blank && (R.empty() || R.back() == ' '))
      continue;
    R += Blank ? ' ' : Ch;
  }
  while (!R.empty() && (R.back() == ';' || R.back() == ' '))
    R.pop_back();
  return R;
}

/// The C++ type of a PTX scalar type suffix; "" when not handled.
llvm::StringRef cxxType(llvm::StringRef Ptx) {
  return llvm::StringSwitch<llvm::StringRef>(Ptx)
      .Case("f32", "float")
      .Case("f64", "double")
      .Case("s32", "int")
      .Cases("u32", "b32", "unsigned int")
      .Case("s64", "long long")
      .Cases("u64", "b64", "unsigned long long")
      .Case("s16", "short")
      .Cases("u16", "b16", "unsigned short")
      .Default("");
}

/// `mov.T %0, %%reg` -> builtin for the special register.
std::optional<PtxBuiltin> specialRegister(llvm::StringRef Ins) {
  llvm::StringRef Rest = Ins;
  if (!Rest.consume_front("mov."))
    return std::nullopt;
  llvm::StringRef Ty = Rest.take_until([](char Ch) { return Ch == ' '; });
  Rest = Rest.drop_front(Ty.size()).ltrim();
  if (cxxType(Ty).empty() || !Rest.consume_front("%0"))
    return std::nullopt;
  Rest = Rest.ltrim();
  if (!Rest.consume_front(","))
    return std::nullopt;
  Rest = Rest.ltrim();
  if (!Rest.consume_front("%%") && !Rest.consume_front("%"))
    return std::nullopt;
  PtxBuiltin B;
  llvm::StringRef Reg = Rest.trim();
  if (Reg == "laneid") {
    B.Expr = "cu2hip::lane_id32()";
    B.Header = "cu2hip/wave.h";
  } else if (Reg.consume_front("lanemask_") &&
             (Reg == "eq" || Reg == "lt" || Reg == "le" || Reg == "gt" || Reg == "ge")) {
    B.Expr = ("cu2hip::lanemask_" + Reg + "32()").str();
    B.Header = "cu2hip/wave.h";
  } else if (Reg == "smid") {
    B.Expr = "__smid()";
    B.Note = "__smid() packs the compute unit, shader engine and XCC ids: use it as an "
             "id, not as a dense index below the multiprocessor count";
  } else if (Reg == "clock64" || Reg == "clock") {
    B.Expr = "clock64()";
    B.Note = "clock64() counts shader-clock cycles at a variable rate on AMD; for time "
             "use wall_clock64() and hipDeviceAttributeWallClockRate";
  } else if (Reg == "globaltimer") {
    B.Expr = "cu2hip::globaltimer_ns()";
    B.Header = "cu2hip/clock.h";
    B.Note = "%globaltimer (nanoseconds) from wall_clock64() at the wall clock's constant "
             "rate of the target (CU2HIP_WALL_CLOCK_KHZ, cu2hip/clock.h): 10 ns steps at "
             "100 MHz, 40 ns on gfx908/gfx90a (25 MHz)";
  } else {
    return std::nullopt;
  }
  return B;
}

/// `ld.global.{nc,cs,lu}[.cache hints].T %0, [%1]` -> builtin load.
std::optional<PtxBuiltin> globalLoad(llvm::StringRef Ins) {
  llvm::StringRef Rest = Ins;
  if (!Rest.consume_front("ld.global."))
    return std::nullopt;
  llvm::StringRef Op = Rest.take_until([](char Ch) { return Ch == ' '; });
  Rest = Rest.drop_front(Op.size()).ltrim();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Op.split(Parts, '.');
  if (Parts.size() < 2)
    return std::nullopt;
  llvm::StringRef Kind = Parts.front(), Ty = Parts.back();
  for (size_t K = 1; K + 1 < Parts.size(); ++K)
    if (!Parts[K].startswith("L1::") && !Parts[K].startswith("L2::"))
      return std::nullopt; // .v2/.v4 vectors and other qualifiers
  llvm::StringRef Cxx = cxxType(Ty);
  if (Cxx.empty())
    return std::nullopt;
  std::string Want = "%0, [%1]";
  if (normalise(Rest) != Want && Rest.trim().str() != "%0,[%1]")
    return std::nullopt;
  PtxBuiltin B;
  std::string Ptr = ("reinterpret_cast<const " + Cxx + " *>(%1)").str();
  if (Kind == "nc")
    B.Expr = "__ldg(" + Ptr + ")";
  else if (Kind == "cs" || Kind == "lu")
    B.Expr = "__builtin_nontemporal_load(" + Ptr + ")";
  else
    return std::nullopt;
  return B;
}

/// `red[.relaxed][.gpu|.sys][.global].OP.T [%0], %1` -> the HIP atomic
/// (atomicAdd, atomicAnd, ...; _system for .sys) of address %0 and value
/// %1, its result dropped: "" when not such a reduction. PTX's red is a
/// relaxed atomic read-modify-write at GPU scope by default, as HIP's
/// atomic* are.
std::string reduction(llvm::StringRef Ins, llvm::StringRef Addr, llvm::StringRef Val) {
  llvm::StringRef Rest = Ins;
  if (!Rest.consume_front("red."))
    return "";
  llvm::StringRef Op = Rest.take_until([](char Ch) { return Ch == ' '; });
  std::string Args = Rest.drop_front(Op.size()).str();
  Args.erase(std::remove(Args.begin(), Args.end(), ' '), Args.end());
  if (Args != "[%0],%1")
    return "";
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Op.split(Parts, '.');
  std::string Suffix;
  size_t K = 0;
  if (K < Parts.size() && Parts[K] == "relaxed")
    ++K;
  if (K < Parts.size() && (Parts[K] == "gpu" || Parts[K] == "sys"))
    Suffix = Parts[K++] == "sys" ? "_system" : "";
  if (K < Parts.size() && Parts[K] == "global")
    ++K;
  if (K + 2 != Parts.size())
    return "";
  llvm::StringRef Kind = Parts[K], Ty = Parts[K + 1];
  llvm::StringRef Cxx = cxxType(Ty);
  bool Int32 = Ty == "u32" || Ty == "s32" || Ty == "b32";
  bool Int64 = Ty == "u64" || Ty == "b64";
  bool Ok = llvm::StringSwitch<bool>(Kind)
                .Case("add", Int32 || Int64 || Ty == "f32" || Ty == "f64")
                .Cases("and", "or", "xor", Int32 || Int64)
                .Cases("min", "max", Ty == "u32" || Ty == "s32" || Ty == "u64")
                .Default(false);
  if (!Ok || Cxx.empty())
    return "";
  std::string Fn = "atomic" + std::string(1, (char)toupper(Kind[0])) + Kind.drop_front().str();
  return ("(void)" + Fn + Suffix + "(reinterpret_cast<" + Cxx + " *>(" + Addr +
          "), static_cast<" + Cxx + ">(" + Val + "))")
      .str();
}

} // namespace

std::optional<PtxReduction> ptxReduction(const TokenStream &T, size_t I) {
  size_t J = I + 1;
  while (J < T.size() && (T[J].isIdent("volatile") || T[J].isIdent("__volatile__")))
    ++J;
  if (J >= T.size() || !T[J].is(tok::l_paren))
    return std::nullopt;
  auto Close = T.matchForward(J);
  if (!Close || *Close + 1 >= T.size() || !T[*Close + 1].is(tok::semi))
    return std::nullopt;
  size_t K = J + 1;
  auto Str = stringContents(T, K, K);
  if (!Str || llvm::StringRef(*Str).rtrim().rtrim(';').contains(';'))
    return std::nullopt; // more than one instruction
  // No outputs: `::` or `: :`.
  if (T[K].is(tok::coloncolon))
    ++K;
  else if (T[K].is(tok::colon) && K + 1 < *Close && T[K + 1].is(tok::colon))
    K += 2;
  else
    return std::nullopt;
  size_t End = K;
  while (End < *Close && !T[End].is(tok::colon)) {
    if (T[End].is(tok::l_paren))
      End = *T.matchForward(End);
    ++End;
  }
  auto Ins = operands(T, K, End);
  for (size_t M = End + 1; M < *Close; ++M) // clobbers: "memory" only
    if (!(T[M].is(tok::comma) || (T[M].is(tok::string_literal) && T[M].Text == "\"memory\"")))
      return std::nullopt;
  if (!Ins || Ins->size() != 2 || (*Ins)[0].Constraint != "l")
    return std::nullopt;
  std::string Text = reduction(normalise(*Str), (*Ins)[0].Expr, (*Ins)[1].Expr);
  if (Text.empty())
    return std::nullopt;
  return PtxReduction{I, *Close, Text};
}

std::optional<PtxBuiltin> ptxBuiltin(const TokenStream &T, size_t I) {
  if (!(T[I].isIdent("asm") || T[I].isIdent("__asm__") || T[I].isIdent("__asm")))
    return std::nullopt;
  size_t J = I + 1;
  while (J < T.size() && (T[J].isIdent("volatile") || T[J].isIdent("__volatile__")))
    ++J;
  if (J >= T.size() || !T[J].is(tok::l_paren))
    return std::nullopt;
  auto Close = T.matchForward(J);
  if (!Close)
    return std::nullopt;
  // A statement: `;` follows, or the asm ends a macro body (`#define
  // LANE(r) asm(...)`, whose uses supply the `;`).
  bool EndsMacro = T[I].InDirective &&
                   (*Close + 1 >= T.size() || !T[*Close + 1].InDirective ||
                    T[*Close + 1].StartOfLine);
  if (!EndsMacro && (*Close + 1 >= T.size() || !T[*Close + 1].is(tok::semi)))
    return std::nullopt;
  size_t K = J + 1;
  auto Str = stringContents(T, K, K);
  if (!Str || Str->find(';') != Str->rfind(';') ||
      (Str->find(';') != std::string::npos && !llvm::StringRef(*Str).rtrim().endswith(";")))
    return std::nullopt; // more than one instruction
  // Sections: outputs [: inputs [: clobbers]].
  std::vector<size_t> Colons;
  for (size_t M = K; M < *Close; ++M) {
    if (T[M].is(tok::l_paren)) {
      auto C = T.matchForward(M);
      if (!C)
        return std::nullopt;
      M = *C;
    } else if (T[M].is(tok::colon))
      Colons.push_back(M);
    else if (T[M].is(tok::coloncolon))
      return std::nullopt; // `::` (empty outputs and inputs): nothing to assign
  }
  if (Colons.empty() || Colons.front() != K)
    return std::nullopt;
  Colons.push_back(*Close);
  auto Outs = operands(T, Colons[0] + 1, Colons[1]);
  std::vector<Operand> Ins;
  if (Colons.size() > 2) {
    auto In = operands(T, Colons[1] + 1, Colons[2]);
    if (!In)
      return std::nullopt;
    Ins = *In;
  }
  if (Colons.size() > 3) {
    // Clobbers: only "memory" is harmless to drop (the builtins are not
    // reordered across other memory operations any more than PTX is).
    for (size_t M = Colons[2] + 1; M < Colons[3]; ++M)
      if (!(T[M].is(tok::comma) || (T[M].is(tok::string_literal) && T[M].Text == "\"memory\"")))
        return std::nullopt;
  }
  if (!Outs || Outs->size() != 1 || Outs->front().Constraint.rfind("=", 0) != 0)
    return std::nullopt;
  std::string Ins0 = normalise(*Str);
  std::optional<PtxBuiltin> B;
  if (Ins.empty())
    B = specialRegister(Ins0);
  else if (Ins.size() == 1 && Ins[0].Constraint == "l")
    B = globalLoad(Ins0);
  if (!B)
    return std::nullopt;
  if (!Ins.empty()) {
    size_t P = B->Expr.find("%1");
    B->Expr.replace(P, 2, Ins[0].Expr);
  }
  B->First = I;
  B->Last = *Close;
  B->Output = Outs->front().Expr;
  return B;
}

namespace {

class PtxBuiltinRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"ptx-builtin", IdKind::Edit,
         "inline PTX (%laneid, %smid, %lanemask_*, %clock, ld.global.nc, red.global) -> HIP "
         "builtins"},
        {"ptx-warpid", IdKind::Warning, "inline PTX reading %warpid / %nwarpid"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent("asm") && !T[I].isIdent("__asm__") && !T[I].isIdent("__asm"))
        continue;
      if (auto Red = ptxReduction(T, I)) {
        C.replaceTokens(id(), Red->First, Red->Last, Red->Text);
        I = Red->Last;
        continue;
      }
      if (auto B = ptxBuiltin(T, I)) {
        C.replaceTokens(id(), B->First, B->Last, "(" + B->Output + ") = " + B->Expr);
        if (!B->Header.empty())
          C.requestHeader(B->Header);
        if (!B->Note.empty())
          C.report(id(), Severity::Note, T[I].Offset, B->Note);
        I = B->Last;
        continue;
      }
      reportWarpId(C, I);
    }
  }

  /// %warpid / %nwarpid: a finding whose fix is right at wave 32 and 64.
  void reportWarpId(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    size_t J = I + 1;
    while (J < T.size() && !T[J].is(tok::l_paren))
      ++J;
    auto Close = J < T.size() ? T.matchForward(J) : std::nullopt;
    if (!Close)
      return;
    llvm::StringRef Body = T.text(J, *Close);
    if (Body.contains("%warpid") || Body.contains("%nwarpid"))
      C.report("ptx-warpid", Severity::Warning, T[I].Offset,
               "inline PTX reads %warpid/%nwarpid: PTX's hardware warp slot, which HIP does "
               "not expose (one AMD wavefront holds two CUDA warps on wave64)",
               "use the logical warp index (threadIdx.x + blockDim.x * (threadIdx.y + "
               "blockDim.y * threadIdx.z)) / 32 and, for the count, (threads per block + 31) "
               "/ 32; both are CUDA's warp geometry at wave 32 and 64");
  }
};

} // namespace

std::unique_ptr<Rule> createPtxBuiltinRule() { return std::make_unique<PtxBuiltinRule>(); }

} // namespace cu2hip
