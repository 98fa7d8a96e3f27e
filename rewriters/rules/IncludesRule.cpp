//===- IncludesRule.cpp - rule "includes": header mapping ------------------===//
//
// CUDA:  #include <cublas_v2.h>          HIP: #include <hipblas/hipblas.h>
//        #include <cub/cub.cuh>                #include <hipcub/hipcub.hpp>
// Maps every #include through the header table, in every preprocessor
// branch. Adds `#include <hip/hip_runtime.h>` where nvcc included the CUDA
// runtime implicitly (the file uses kernels, launches, built-in variables or
// runtime names but includes no runtime header), and `#include
// <cu2hip/wave.h>` where wave rules call its helpers (likewise
// <cu2hip/alloc.h> for --alloc-hooks, <cu2hip/packed.h> for --vectorize).
// Findings: includes-unsupported (a CUDA header without a HIP equivalent),
// includes-user-header (an include named like a CUDA header that the parse
// resolved to a user file: kept as written).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <optional>

using namespace clang;

namespace cu2hip {
namespace {

struct IncludeLine {
  size_t HashTok;
  unsigned NameBegin, NameEnd; ///< the <...> or "..." including delimiters
  std::string Name;
  unsigned LineEnd;            ///< offset just past the line's newline
  /// Between a `{` and its `}` of the code (counted over tokens outside
  /// directives): where no parse says, the directive is not at file scope.
  bool InBraces = false;
};

/// Order of the runtime headers cu2hip adds: wave, compat, alloc, packed,
/// then any other (alphabetically).
unsigned headerRank(llvm::StringRef H) {
  return llvm::StringSwitch<unsigned>(H)
      .Case("cu2hip/wave.h", 0)
      .Case("cu2hip/compat.h", 1)
      .Case("cu2hip/alloc.h", 2)
      .Case("cu2hip/packed.h", 3)
      .Case("cu2hip/implicit.h", 4)
      .Default(5);
}

/// A preprocessor conditional at file level (outside the header guard):
/// the offset where its `#if` line starts and the offset just past its
/// `#endif` line.
struct Conditional {
  unsigned Begin, End;
};

/// The outermost conditional (not the header guard) holding each offset of
/// interest: for `At` (token indices of directives' `#`), the conditional
/// that holds it, or none. A header guard is `#ifndef X` + `#define X` as
/// the file's first directives, closed by its last `#endif`.
std::vector<std::optional<Conditional>> enclosingConditionals(const FileContext &C,
                                                              llvm::ArrayRef<size_t> At) {
  const auto &T = C.Toks;
  std::vector<size_t> Hashes; // directive `#` tokens
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].is(tok::hash) && T[I].StartOfLine && T[I + 1].isIdent())
      Hashes.push_back(I);
  auto Word = [&](size_t H) { return T[H + 1].Text; };
  bool Guard = Hashes.size() >= 3 && Word(Hashes[0]) == "ifndef" &&
               Word(Hashes[1]) == "define" && Word(Hashes.back()) == "endif" &&
               Hashes[0] + 2 < T.size() && Hashes[1] + 2 < T.size() &&
               T[Hashes[0] + 2].Text == T[Hashes[1] + 2].Text;
  auto LineEnd = [&](size_t H) {
    size_t NL = C.Buffer.find('\n', T[H].Offset);
    return NL == llvm::StringRef::npos ? (unsigned)C.Buffer.size() : (unsigned)NL + 1;
  };
  std::vector<std::optional<Conditional>> R(At.size());
  std::vector<size_t> Open; // `#` of open conditionals
  std::vector<size_t> Pending; // indices into At inside the outermost one
  for (size_t K = 0; K < Hashes.size(); ++K) {
    size_t H = Hashes[K];
    llvm::StringRef W = Word(H);
    bool IsGuard = Guard && (K == 0 || K + 1 == Hashes.size());
    if (IsGuard)
      continue;
    if (W == "if" || W == "ifdef" || W == "ifndef") {
      Open.push_back(H);
    } else if (W == "endif" && !Open.empty()) {
      size_t If = Open.back();
      Open.pop_back();
      if (Open.empty()) {
        for (size_t P : Pending)
          R[P] = Conditional{T[If].Offset, LineEnd(H)};
        Pending.clear();
      }
    }
    for (size_t P = 0; P < At.size(); ++P)
      if (At[P] == H && !Open.empty())
        Pending.push_back(P);
  }
  return R;
}

const char *const RuntimeHeader = "hip/hip_runtime.h";

class IncludesRule : public Rule {
  /// What run() found, for finish().
  std::vector<IncludeLine> Includes;
  bool HasRuntime = false;
  /// cu2hip/ headers and standard headers (<cNAME> as NAME.h) the file
  /// already includes
  llvm::StringSet<> Present;
  const IncludeLine *RuntimeLine = nullptr;
  /// The first #include at file scope (the anchor of added includes), or
  /// nullptr: one inside a declaration enters a fragment of it.
  const IncludeLine *TopInclude = nullptr;

  /// Whether the directive `L` is inside a declaration: as the parse saw
  /// it (IncludeFacts::InBody), else by the braces around it.
  static bool inBody(const FileContext &C, const IncludeLine &L) {
    if (const IncludeFacts *F = C.Facts.Index.include(L.NameBegin))
      return F->InBody;
    return L.InBraces;
  }

public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"includes", IdKind::Edit, "CUDA headers mapped; hip_runtime.h and cu2hip/wave.h added"},
        {"includes-unsupported", IdKind::Warning, "CUDA header without a HIP equivalent"},
        {"includes-partial", IdKind::Note,
         "CUDA header mapped to one that covers part of it (the note says which)"},
        {"includes-unknown", IdKind::Note, "CUDA-looking header without a mapping"},
        {"includes-user-header", IdKind::Warning,
         "a CUDA header name resolves to a user file; kept"},
        {"includes-mma-unused", IdKind::Note,
         "<mma.h> included but nvcuda::wmma unused: guarded by __has_include"},
        {"includes-c-unit", IdKind::Warning,
         "a C unit's port needs a cu2hip/ runtime header, which is C++: not included"},
    };
    return Ids;
  }

  static std::vector<IncludeLine> findIncludes(const FileContext &C) {
    std::vector<IncludeLine> R;
    const auto &T = C.Toks;
    int Depth = 0;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].InDirective)
        Depth = std::max(0, Depth + T[I].is(tok::l_brace) - T[I].is(tok::r_brace));
      if (!T[I].is(tok::hash) || !T[I].StartOfLine)
        continue;
      if (!(T[I + 1].isIdent("include") || T[I + 1].isIdent("include_next")))
        continue;
      llvm::StringRef Rest = C.Buffer.substr(T[I + 1].end());
      size_t NL = Rest.find('\n');
      llvm::StringRef Line = Rest.substr(0, NL);
      size_t B = Line.find_first_of("<\"");
      if (B == llvm::StringRef::npos)
        continue;
      char Close = Line[B] == '<' ? '>' : '"';
      size_t E = Line.find(Close, B + 1);
      if (E == llvm::StringRef::npos)
        continue;
      IncludeLine L;
      L.HashTok = I;
      L.NameBegin = T[I + 1].end() + B;
      L.NameEnd = T[I + 1].end() + E + 1;
      L.Name = Line.substr(B + 1, E - B - 1).str();
      L.InBraces = Depth > 0;
      L.LineEnd = NL == llvm::StringRef::npos ? C.Buffer.size()
                                              : T[I + 1].end() + NL + 1;
      R.push_back(L);
    }
    return R;
  }

  static bool looksLikeCudaHeader(llvm::StringRef H) {
    if (H.startswith("cu2hip/"))
      return false;
    return H.startswith("cuda") || H.startswith("cub/") || H.startswith("cu") ||
           H.startswith("nv") || H.startswith("cooperative_groups") ||
           H == "mma.h" || H == "sm_20_atomic_functions.h" ||
           H.startswith("device_") || H.startswith("sm_") || H.startswith("crt/");
  }

  /// Does the file use what nvcc makes available without an #include?
  static bool usesImplicitRuntime(const FileContext &C) {
    for (const Tok &K : C.Toks.tokens()) {
      if (K.is(tok::lesslessless))
        return true;
      if (!K.isIdent())
        continue;
      if (llvm::StringSwitch<bool>(K.Text)
              .Cases("__global__", "__device__", "__shared__", "__constant__",
                     "__host__", true)
              .Cases("threadIdx", "blockIdx", "blockDim", "gridDim", true)
              .Cases("__syncthreads", "atomicAdd", "__launch_bounds__", true)
              .Default(false))
        return true;
      if (const MapEntry *E = C.Maps.lookupName(K.Text))
        if (E->Lib == "runtime" || E->Lib == "device" || E->Lib == "driver")
          return true;
    }
    return false;
  }

  /// An include named like a CUDA header that resolves to a user file is
  /// the user's header: kept as written, with a warning, so the user's file
  /// is not silently dropped. Where the parse saw the include, it says where
  /// the include resolved (`"cuda_runtime.h"` beside the source, or a user
  /// directory given with -I). Elsewhere (no parse, inactive branch) a
  /// quoted include of a file beside the source is the user's by the
  /// include search order (the includer's directory comes first), so a
  /// port's output, which is not parsed again, keeps it too.
  static bool keepsUserHeader(FileContext &C, const IncludeLine &L) {
    if (!C.Maps.lookupHeader(L.Name))
      return false;
    std::string Resolved;
    bool Ambiguous = false;
    if (const IncludeFacts *Inc = C.Facts.Index.include(L.NameBegin)) {
      if (!Inc->UserFile)
        return false;
      Resolved = Inc->Resolved;
      Ambiguous = Inc->Ambiguous;
    } else {
      llvm::SmallString<256> Beside(C.Path);
      llvm::sys::path::remove_filename(Beside);
      llvm::sys::path::append(Beside, L.Name);
      if (C.Buffer[L.NameBegin] != '"' || !llvm::sys::fs::is_regular_file(Beside))
        return false;
      Resolved = std::string(Beside.str());
    }
    C.report("includes-user-header", Severity::Warning, L.NameBegin,
             "<" + L.Name + "> resolves to the user's file " + Resolved +
                 (Ambiguous ? " in some configurations" : "") +
                 ", not the CUDA SDK's header; the include is kept as written",
             "rename the user's header, or port it and include the HIP header "
             "from it");
    return true;
  }

  /// Does the file use nvcuda::wmma (<mma.h>'s only API)? By the typed
  /// index (any name declared in namespace nvcuda) and, for code no
  /// configuration parsed (macro bodies, inactive branches, unparsed
  /// files), by the spelling of `nvcuda` or `wmma` anywhere.
  static bool usesWmma(const FileContext &C) {
    for (const auto &KV : C.Facts.Index.Names)
      if (llvm::StringRef(KV.second.QualName).startswith("nvcuda"))
        return true;
    for (const Tok &K : C.Toks.tokens())
      if (K.isIdent("nvcuda") || K.isIdent("wmma"))
        return true;
    return false;
  }

  /// `#include <mma.h>` in a file that uses nothing of WMMA (ROCm has no
  /// <mma.h>: kept as written it stops the compile) is guarded by
  /// `#if __has_include(<mma.h>)`, which keeps it where the header exists
  /// (HIP on NVIDIA) and drops it on ROCm.
  static bool guardUnusedMma(FileContext &C, const IncludeLine &L) {
    if (L.Name != "mma.h" || usesWmma(C))
      return false;
    unsigned Begin = C.Toks[L.HashTok].Offset;
    // Already guarded (a port's output ported again): nothing to do.
    llvm::StringRef Before = C.Buffer.substr(0, Begin).rtrim();
    if (Before.substr(Before.rfind('\n') + 1).contains("__has_include(<mma.h>)"))
      return true;
    C.Edits.add({Begin, L.NameEnd - Begin,
                 C.withEol("#if __has_include(<mma.h>)\n#include <mma.h>\n#endif"), "includes"});
    ++C.Stats.EditsPerRule["includes"];
    C.report("includes-mma-unused", Severity::Note, L.NameBegin,
             "<mma.h> is included but nothing here uses nvcuda::wmma; ROCm has no "
             "<mma.h>, so the include is kept only where the header exists "
             "(#if __has_include)",
             "drop the include");
    return true;
  }

  /// Maps the file's includes; remembers what finish() needs.
  void run(FileContext &C) override {
    Includes = findIncludes(C);
    HasRuntime = false;
    Present.clear();
    RuntimeLine = nullptr;
    TopInclude = nullptr;
    for (const IncludeLine &L : Includes)
      if (!TopInclude && !inBody(C, L))
        TopInclude = &L;
    for (const IncludeLine &L : Includes) {
      std::string Hip = L.Name;
      if (keepsUserHeader(C, L))
        continue;
      if (const MapEntry *E = C.Maps.lookupHeader(L.Name)) {
        if (guardUnusedMma(C, L))
          continue;
        if (E->status() == MapStatus::Unsupported) {
          C.report("includes-unsupported", Severity::Warning, L.NameBegin,
                   "header <" + L.Name + "> has no HIP equivalent" +
                       (E->Note.empty() ? "" : ": " + E->Note));
          continue;
        }
        Hip = E->Hip;
        if (E->status() == MapStatus::Partial)
          C.report("includes-partial", Severity::Note, L.NameBegin,
                   "header <" + L.Name + "> -> <" + Hip + "> covers part of it" +
                       (E->Note.empty() ? "" : ": " + E->Note));
        C.Edits.add({L.NameBegin, L.NameEnd - L.NameBegin, "<" + Hip + ">", id().str()});
        ++C.Stats.EditsPerRule[id()];
        ++C.Stats.RenamesPerLib[E->Lib.empty() ? "headers" : E->Lib];
      } else if (looksLikeCudaHeader(L.Name) && !C.Maps.isHipHeader(L.Name) &&
                 C.Buffer[L.NameBegin] == '<') {
        C.report("includes-unknown", Severity::Note, L.NameBegin,
                 "header <" + L.Name + "> looks like a CUDA header but has no "
                 "mapping; kept as written");
      }
      if (Hip == "hip/hip_runtime.h" || Hip == "hip/hip_runtime_api.h") {
        HasRuntime = true;
        if (!RuntimeLine)
          RuntimeLine = &L;
      }
      if (llvm::StringRef(Hip).startswith("cu2hip/")) {
        Present.insert(Hip);
        C.requestHeader(Hip); // in the output already: for FileResult::RuntimeHeaders
      }
      // A standard header included as <cNAME> provides <NAME.h>'s names.
      llvm::StringRef N(Hip);
      if (!N.contains('/') && !N.contains('.') && N.startswith("c"))
        Present.insert((N.drop_front() + ".h").str());
      else if (!N.contains('/') && N.endswith(".h"))
        Present.insert(Hip);
    }
  }

  /// Adds hip_runtime.h where nvcc included the runtime implicitly, and the
  /// runtime headers the rules requested (FileContext::requestHeader) in
  /// their run(). A fragment (a file some parse entered from an #include
  /// inside a declaration: SemanticIndex::EnteredInBody) gets none: an
  /// #include there would land inside its includer's enum, class or
  /// function; its headers go to its includers (FileContext::DeferredHeaders).
  void finish(FileContext &C) override {
    // A fragment's includer asks for hip_runtime.h by name.
    bool Runtime = !HasRuntime && (usesImplicitRuntime(C) ||
                                   C.requestedHeaders().count(RuntimeHeader));
    // Runtime headers other rules asked for (FileContext::requestHeader),
    // in a fixed order so outputs do not depend on which rule asked first.
    std::vector<std::string> Wanted;
    for (auto &H : C.requestedHeaders())
      if (!Present.count(H.getKey()) && H.getKey() != RuntimeHeader)
        Wanted.push_back(H.getKey().str());
    llvm::sort(Wanted, [](const std::string &A, const std::string &B) {
      return headerRank(A) < headerRank(B) || (headerRank(A) == headerRank(B) && A < B);
    });
    if (C.Facts.CUnit)
      dropCxxHeaders(C, Wanted);
    if (C.Facts.Index.EnteredInBody) {
      if (Runtime || (!Wanted.empty() && !HasRuntime))
        C.DeferredHeaders.push_back(RuntimeHeader);
      C.DeferredHeaders.insert(C.DeferredHeaders.end(), Wanted.begin(), Wanted.end());
      return;
    }
    std::string Add;
    if (Runtime)
      Add += "#include <hip/hip_runtime.h>\n";
    std::string Ours;
    for (auto &H : Wanted)
      Ours += "#include <" + H + ">\n";
    // Requested headers go where every configuration sees them: a runtime
    // include or first include inside a conditional (a tree's own
    // `#if defined(USE_HIP)` layer) is stepped out of, to just past the
    // conditional's #endif or just before its #if.
    std::vector<size_t> At = {RuntimeLine ? RuntimeLine->HashTok : 0,
                              TopInclude ? TopInclude->HashTok : 0};
    auto Cond = enclosingConditionals(C, At);
    if (!RuntimeLine)
      Cond[0].reset();
    if (!TopInclude)
      Cond[1].reset();
    if (!Ours.empty()) {
      if (RuntimeLine && Add.empty()) {
        C.insertAtOffset(id(), Cond[0] ? Cond[0]->End : RuntimeLine->LineEnd, C.withEol(Ours));
      } else {
        if (Add.empty())
          Add += "#include <hip/hip_runtime.h>\n";
        Add += Ours;
      }
    }
    if (Add.empty())
      return;
    insertAtTop(C, Add, Cond[1]);
  }

  /// In a C unit (FileFacts::CUnit): the cu2hip/ runtime headers are C++
  /// (namespaces, templates, overloads), so none is included; each one a
  /// rule asked for is reported, as the edit that needed it does not
  /// compile as C.
  void dropCxxHeaders(FileContext &C, std::vector<std::string> &Wanted) {
    unsigned At = TopInclude ? C.Toks[TopInclude->HashTok].Offset : 0;
    for (const std::string &H : Wanted)
      if (llvm::StringRef(H).startswith("cu2hip/"))
        C.report("includes-c-unit", Severity::Warning, At,
                 "this C unit's port needs <" + H + ">, a C++ header of the cu2hip runtime: "
                 "not included; compile the file as HIP C++ (rename it to .cpp) or port "
                 "the calls that need it by hand");
    llvm::erase_if(Wanted, [](const std::string &H) {
      return llvm::StringRef(H).startswith("cu2hip/");
    });
  }

  /// Inserts `Add` before the first #include at file scope (before the conditional
  /// `Cond` that holds it, if any), else after `#pragma once`, else at the
  /// top.
  void insertAtTop(FileContext &C, llvm::StringRef Add, std::optional<Conditional> Cond) {
    unsigned At = 0;
    if (Cond)
      At = Cond->Begin;
    else if (TopInclude)
      At = C.Toks[TopInclude->HashTok].Offset;
    else {
      const auto &T = C.Toks;
      for (size_t I = 0; I + 2 < T.size(); ++I)
        if (T[I].is(tok::hash) && T[I].StartOfLine && T[I + 1].isIdent("pragma") &&
            T[I + 2].isIdent("once")) {
          size_t NL = C.Buffer.find('\n', T[I + 2].end());
          At = NL == llvm::StringRef::npos ? C.Buffer.size() : NL + 1;
          break;
        }
    }
    C.insertAtOffset(id(), At, C.withEol(Add));
  }
};

} // namespace

std::unique_ptr<Rule> createIncludesRule() { return std::make_unique<IncludesRule>(); }

} // namespace cu2hip
