//===- InstrumentRule.cpp - rule "instrument" (opt-in: --instrument) ------===//
//
// CUDA:  k<<<g, b, s, st>>>(x, 0, n);
// out:   (k<<<::cu2hip::krec::grid(g ), ::cu2hip::krec::block(b ), s, st>>>(
//             ::cu2hip::krec::arg(0, x ), 0, ::cu2hip::krec::arg(2, n )),
//          ::cu2hip::krec::after("k", "file.cu", 12));
// Records every kernel launch through <cu2hip/krec.h> (docs/parity.md,
// "Per-kernel parity"): the grid, the block and the pointer arguments are
// noted as they are evaluated (each once: the wrappers return their value
// unchanged), and after the launch the recorder writes the buffers those
// pointers lie in to the trace file CU2HIP_KREC names. The same rewrite
// makes the port (together with every other rule; with --launch=ggl the
// wrappers end up inside hipLaunchKernelGGL's arguments) and, alone, the
// instrumented copy of the CUDA original (instrumentCudaCopy), so the two
// traces name the same kernels, sites and argument numbers. Arguments that
// are a single literal (`0`, `NULL`, `nullptr`: a null pointer constant
// must stay one) or a braced list are left as written. Works on tokens, so
// launches in macro bodies are instrumented where they are spelled; the
// site is the file name and the line of the `<<<`.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "cu2hip/Instrument.h"
#include "cu2hip/MapTable.h"
#include <atomic>
#include "llvm/Support/Path.h"

using namespace clang;

namespace cu2hip {
namespace {

std::atomic<bool> InstrumentOn{false};

/// `S` as the body of a C string literal on one line: runs of white space
/// become one space, `"` and `\` are escaped.
std::string cString(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '\n' || C == '\r' || C == '\t' || C == ' ') {
      if (!Out.empty() && Out.back() != ' ')
        Out += ' ';
      continue;
    }
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// An argument left as written: one literal token or a braced list.
bool keepArg(const TokenStream &T, const ArgList::Arg &A) {
  if (A.First > A.Last)
    return true;
  if (T[A.First].is(tok::l_brace))
    return true;
  if (A.First != A.Last)
    return false;
  const Tok &K = T[A.First];
  return K.is(tok::numeric_constant) || K.isIdent("NULL") || K.isIdent("nullptr") ||
         K.isIdent("true") || K.isIdent("false") || K.is(tok::char_constant);
}

/// 1-based line of byte `Offset` in `Buf`.
unsigned lineOf(llvm::StringRef Buf, unsigned Offset) {
  return 1 + Buf.take_front(Offset).count('\n');
}

class InstrumentRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"instrument", IdKind::Edit,
         "kernel launches recorded through <cu2hip/krec.h> (--instrument)"},
    };
    return Ids;
  }

  bool enabled(const Options &) const override { return instrumentLaunches(); }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    std::string File = llvm::sys::path::filename(C.Path).str();
    for (size_t I = 1; I < T.size(); ++I) {
      if (!T[I].is(tok::lesslessless))
        continue;
      auto Start = launchKernelStart(T, I - 1);
      auto Config = T.parseList(I);
      if (!Start || !Config || Config->Args.size() < 2 || Config->RParen + 1 >= T.size() ||
          !T[Config->RParen + 1].is(tok::l_paren)) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "kernel launch not recognised; not recorded");
        continue;
      }
      auto Args = T.parseArgs(Config->RParen + 1);
      if (!Args) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "kernel launch not recognised; not recorded");
        continue;
      }
      instrument(C, *Start, I, *Config, *Args, File);
    }
  }

private:
  void instrument(FileContext &C, size_t Start, size_t Chevron, const ArgList &Config,
                  const ArgList &Args, const std::string &File) {
    const auto &T = C.Toks;
    C.insert(id(), Start, "(");
    // Closing texts start with a space: another rule's `)` at the same
    // place (launch-ggl's dim3(...)) must not be merged with ours.
    wrapArg(C, id(), Config.Args[0], "::cu2hip::krec::grid(", " )");
    wrapArg(C, id(), Config.Args[1], "::cu2hip::krec::block(", " )");
    for (size_t A = 0; A < Args.Args.size(); ++A)
      if (!keepArg(T, Args.Args[A]))
        wrapArg(C, id(), Args.Args[A], "::cu2hip::krec::arg(" + std::to_string(A) + ", ", " )");
    std::string Name = cString(T.text(Start, Chevron - 1));
    C.insert(id(), Args.RParen,
             ", ::cu2hip::krec::after(\"" + Name + "\", \"" + cString(File) + "\", " +
                 std::to_string(lineOf(C.Buffer, T[Chevron].Offset)) + "))",
             /*After=*/true);
    C.requestHeader("cu2hip/krec.h");
  }
};

} // namespace

std::unique_ptr<Rule> createInstrumentRule() { return std::make_unique<InstrumentRule>(); }

void setInstrumentLaunches(bool On) { InstrumentOn = On; }
bool instrumentLaunches() { return InstrumentOn; }

std::string instrumentCudaCopy(llvm::StringRef Path, llvm::StringRef Original) {
  static const MapTable NoMaps;
  static const Options NoOptions;
  static const FileFacts NoFacts;
  FileContext Ctx(Path.str(), Original, NoMaps, NoOptions, NoFacts, /*IsHeader=*/false);
  InstrumentRule R;
  Ctx.run(R);
  if (Ctx.Edits.empty())
    return "";
  Ctx.Edits.add({0, 0, "#include <cu2hip/krec.h>\n", "instrument"});
  Ctx.Edits.merge();
  return Ctx.Edits.apply(Original);
}

} // namespace cu2hip
