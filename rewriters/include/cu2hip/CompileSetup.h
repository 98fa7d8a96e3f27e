//===- CompileSetup.h - how a translation unit is handed to Clang ---------===//
//
// The invocation side of the semantic passes: the driver arguments of each
// configuration (host, device, --config sets) with the compatibility steps
// CUDA 12/13 headers need under Clang 16, and a shared precompiled prelude.
//
// The prelude. Every CUDA translation unit starts with the same work: Clang's
// CUDA wrapper (__clang_cuda_runtime_wrapper.h, included implicitly) and the
// SDK headers the unit includes first (<cuda_runtime.h>, <cublas_v2.h>,
// <cooperative_groups.h>, ...). That work is done once per run and per
// configuration: a PCH of "wrapper + leading includes" is built in memory the
// first time two or more units of the run share it, and every such unit is
// parsed with -include-pch. The PCH never leaves the process: it lives in an
// in-memory file system overlaid on the real one, so nothing is left on disk
// on any exit path.
//
// Why the result is exactly that of a parse without the PCH:
//   - Which includes count. A unit's prelude is the run of `#include <...>`
//     lines at the very top of its main file (only comments and blank lines
//     around them), continued into a ported header reached by an
//     `#include "..."` there when that header, too, starts with such lines.
//     Angle includes are looked up on the search path only (never relative to
//     the including file), so the same line finds the same file from the
//     prelude. `#pragma once`, `#define N ...` and an include guard
//     (`#ifndef N` + `#define N`) may come between them: they stay where
//     they are, and the prelude is used only if its headers never look at
//     N (no #ifdef/defined/#if/#define/#undef of N, no token N) and N is not
//     defined at its end. The prelude stops at the first other line (code,
//     #if, #undef, #pragma other than `once`).
//   - The token stream. The prelude's lines are blanked (replaced by spaces,
//     newlines kept) in the copy of the unit's files Clang reads, so offsets
//     and line numbers stay, and Clang sees: wrapper, the prelude's headers in
//     the same order, then the rest of the unit -- the same tokens in the same
//     order as without the PCH. Nothing is included twice or skipped.
//   - The flags. The PCH is keyed on the whole argument list of the
//     configuration (every -D/-U/-I/-isystem/-include/-std of the unit's
//     compile command, the extra arguments after --, the --config set) and on
//     the prelude's header list; a unit with other flags gets another PCH.
//     When the arguments name relative paths (`-I inc` in a compile
//     command), the key has the command's directory too and the PCH is
//     built in that directory, so every path resolves as in the unit's
//     own parse.
//   - Diagnostics. Errors the prelude produces (Clang 16 type-checking
//     CUDA 13 headers) are recorded when the PCH is built and replayed first
//     for each unit, and the unit's error limit is lowered by their number,
//     so the findings and the point where Clang stops are the same. A
//     prelude with a syntax error, a missing file or a fatal error is not
//     precompiled; its units fall back to a shorter prelude (the wrapper
//     alone) or to a plain parse.
//   - Facts. The callbacks that record facts only look at ported files. A
//     prelude that enters a ported file (a -I directory shadowing an SDK
//     header) is not precompiled. A file not named by its real path (a
//     symbolic link on the way) is never read from memory, as facts are keyed
//     by real path: such a unit's prelude is the wrapper alone.
//   - Clang's own faults. A prelude that leaves a `#pragma push_macro`,
//     `GCC visibility push` or `clang attribute push` open is not
//     precompiled (Clang does not write those stacks into a PCH; diagnostic
//     pushes are not checked, docs/design.md). Clang 16 crashes loading some
//     chains of these PCHs; every parse and link build runs in a
//     CrashRecoveryContext, a parse is redone with no PCH when Clang crashes
//     with it or refuses it, and that PCH is then no longer offered
//     (ParseSetup::OnPchCrash); a unit Clang crashes on without a PCH gets
//     an error and the run goes on.
//   - Reuse. A unit whose prelude no other unit shares gets the longest
//     shared prefix of it (or the wrapper alone); a run of one unit builds no
//     PCH at all and parses as before.
//
//   - Headers the wrapper already included (`<cuda_runtime.h>`, `<cmath>`,
//     ...) are left out of the prelude when that lets more headers be
//     shared: their lines stay in the unit, where each must be skipped by its
//     include guard as it is at its own place (BaseNoOps.cpp, "Headers
//     the base already included"); a parse where one is not is redone with
//     no PCH. --keep-base-includes keeps them.
//   - Two lists the SDK's PCH would make every unit's parse read back,
//     declaration by declaration, are left out of it: the declarations to
//     check for CUDA's deferred diagnostics and the unused file-scope
//     declarations (MemoryPCHGenerator). Neither reaches a fact.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_COMPILESETUP_H
#define CU2HIP_COMPILESETUP_H

#include "cu2hip/SdkBodies.h"
#include "cu2hip/Finding.h"
#include "cu2hip/Options.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
namespace tooling {
class FrontendActionFactory;
} // namespace tooling
} // namespace clang

namespace cu2hip {

/// Seconds spent in the phases of a run, summed over worker threads.
/// Updated atomically; read for the closing summary and --report.
struct PhaseTimes {
  std::atomic<uint64_t> ParseNs{0};    ///< Clang parses of translation units
  std::atomic<uint64_t> PreludeNs{0};  ///< building the shared preludes (PCH)
  std::atomic<uint64_t> RulesNs{0};    ///< token rules and edit merging
  std::atomic<uint64_t> WriteNs{0};    ///< writing outputs, diffs, backups
  std::atomic<unsigned> Parses{0};     ///< parses run (unit x configuration)
  /// --config parses not run: provably equal to the unit's host parse
  /// (CompileSetup::configMacros).
  std::atomic<unsigned> ParsesSkipped{0};
  std::atomic<unsigned> PreludesBuilt{0};       ///< PCHs built
  std::atomic<unsigned> PreludeUses{0};         ///< parses that used a PCH
  /// Parses redone with the SDK's function bodies because a rule needed one
  /// that was skipped (SdkBodies.h).
  std::atomic<unsigned> SdkBodiesRedone{0};
  /// Parses redone with no PCH because a header the prelude left out as
  /// already included by the base was not skipped (ParseSetup::NoOps).
  std::atomic<unsigned> NoOpsRedone{0};
  /// Parses redone with no PCH because Clang refused the prelude's PCH or
  /// crashed loading it (ParseSetup::OnPchCrash).
  std::atomic<unsigned> PchFailedRedone{0};
  /// Parses with the bundled headers redone with the installed SDK because
  /// the bundled headers may not stand for it there (BundledHeaders.h).
  std::atomic<unsigned> SdkRedone{0};
  /// Device parses not run: the unit is a host-only source (FileJob::HostOnly).
  std::atomic<unsigned> HostOnlyDeviceSkipped{0};

  static double seconds(const std::atomic<uint64_t> &Ns) { return Ns.load() / 1e9; }
};

/// Adds the wall time of its lifetime to a PhaseTimes counter.
class PhaseTimer {
public:
  explicit PhaseTimer(std::atomic<uint64_t> &Counter);
  ~PhaseTimer();

private:
  std::atomic<uint64_t> &Counter;
  uint64_t StartNs;
};

/// The directory holding an empty texture_fetch_functions.h (CUDA 12+
/// removed the header that Clang 16's CUDA wrapper includes) and the
/// parse-compat header every parse force-includes (ParseCompat.h). Created once
/// per process under the system temporary directory, removed at exit and on
/// a fatal signal.
const std::string &compatDir();

/// The prelude of one translation unit: the leading SDK includes that a
/// shared PCH may stand for (see the file comment).
struct PreludeScan {
  /// Header names as spelled inside <...>, in inclusion order.
  std::vector<std::string> Headers;
  /// For each header, where its #include line is: file (absolute path as
  /// Clang opens it), byte offset and length of the directive.
  struct Line {
    std::string File;
    unsigned Offset = 0, Length = 0;
    /// How many entries of Assumed precede this line.
    unsigned AssumedBefore = 0;
  };
  std::vector<Line> Lines;
  /// Macro names the unit's own lines among the prelude's define (`#define
  /// N`) or test (`#ifndef N`, for an include guard). The PCH places the
  /// prelude's headers before these lines, which is exact when the headers
  /// neither test, use, define nor undefine these names and nothing before
  /// defines a tested one (checked when the PCH is built).
  std::vector<std::string> Assumed;
};

/// Scans `MainFile` for its prelude. `IsPorted(realpath)` says which files
/// are being ported (only those are followed through `#include "..."`).
PreludeScan scanPrelude(const std::string &MainFile,
                        const std::function<bool(llvm::StringRef)> &IsPorted);

/// How the collector of a parse's diagnostics is made and read. The PCH
/// build uses the same collector as a parse, so its findings are those a
/// parse would report for the prelude.
struct DiagnosticsHooks {
  std::function<std::unique_ptr<clang::DiagnosticConsumer>()> Make;
  /// Findings and the "a syntax error occurred" flag of a collector.
  std::function<void(clang::DiagnosticConsumer &, std::vector<Finding> &, bool &)> Read;
};

/// Everything one parse needs besides the frontend action.
struct BaseNoOpLines;

struct ParseSetup {
  /// Driver arguments without the tool name and the file.
  std::vector<std::string> Args;
  /// File system the parse reads through (the real one, plus an in-memory
  /// layer holding the PCH and its prelude source when one is used).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
  /// Files to read from memory instead of disk (prelude lines blanked).
  std::map<std::string, std::string> Mapped;
  /// Diagnostics of the prelude, to report before the unit's own.
  std::vector<Finding> PreludeErrors;
  bool PreludeFailed = false;
  bool UsesPCH = false;
  /// Which SDK function bodies the parse skips (SdkBodies.h; its PCHs are
  /// built so; CompileSetup::bodySkipFor).
  BodySkip Bodies = BodySkip::None;
  /// Macro names of --config sets (CompileSetup::configMacros) that the
  /// prelude's parse met as identifiers (only with a PCH).
  std::vector<std::string> PreludeSeen;
  /// Set when the prelude leaves out headers its base already included
  /// (BaseNoOps.cpp, "Headers the base already included"): their
  /// #include lines, each of which the parse must skip by its include guard
  /// (else `*Tripped` is set and the parse is redone with no prelude).
  std::shared_ptr<const BaseNoOpLines> NoOps;
  std::shared_ptr<std::atomic<bool>> Tripped;
  /// With a PCH: called when Clang crashed loading it (Clang 16 crashes in
  /// ASTReader::loadDeclUpdateRecords on some chains of PCHs, e.g. llm.c's
  /// dev/cuda includes with a second unit like attention_backward.cu). The
  /// parse is redone with no PCH, and no later parse of the run uses it.
  std::function<void()> OnPchCrash;
  /// A C unit (CompileSetup::isCUnit): parsed as C, or, with the bundled
  /// declaration-only headers (C++: `extern "C" {` without a __cplusplus
  /// guard), as CUDA C++ whose edits must still be C.
  bool CUnit = false;
};

/// Runs `Fn` (a Clang parse or PCH build) in a llvm::CrashRecoveryContext;
/// false when it crashed, the process going on. Clang 16 crashes loading
/// some chains of prelude PCHs (ParseSetup::OnPchCrash); a unit of its own
/// may crash it too. Crash recovery must be enabled
/// (llvm::CrashRecoveryContext::Enable) for a crash to return here. `Fn`
/// runs on a thread with a 512 MiB stack, so that deeply nested input does
/// not overflow the stack (which no handler survives).
bool runRecoveringCrash(llvm::function_ref<void()> Fn);

/// Wraps the actions `Inner` creates for a parse set up as `S`. With a PCH,
/// the AST traversal scope is set to the unit's own top-level declarations
/// before `Inner`'s consumer sees the AST, so that visitors walking the
/// translation unit (RecursiveASTVisitor, AST matchers) do not deserialize
/// the whole SDK from the PCH; without, the actions are `Inner`'s.
std::unique_ptr<clang::tooling::FrontendActionFactory>
wrapActions(clang::tooling::FrontendActionFactory &Inner, const ParseSetup &S);

/// Builds the arguments of every configuration and owns the shared
/// preludes of one run. Thread-safe: prepare() may be called from several
/// worker threads; a PCH is built once, by the first thread that needs it,
/// while the others needing the same one wait.
class CompileSetup {
public:
  CompileSetup(const Options &Opts, std::function<bool(llvm::StringRef)> IsPorted,
               DiagnosticsHooks Hooks, PhaseTimes *Times = nullptr);
  ~CompileSetup();

  /// Number of configurations (host, device, one per --config).
  size_t numConfigs() const;

  /// The macro names that --config set `Config` (>= 2) defines or
  /// undefines, or nothing when the set holds another kind of flag. Such a
  /// set parses exactly like the host configuration (the same arguments
  /// plus these -D/-U at the end) when the host parse never met any of
  /// these names as an identifier: every use of a macro (expansion,
  /// #ifdef, defined, #if, #undef, push_macro, __has_include arguments)
  /// goes through the identifier, which Clang creates the first time it
  /// lexes the name outside a skipped block, so the preprocessor sees the
  /// same tokens in the same order and the parse yields the same facts.
  std::optional<std::vector<std::string>> configMacros(size_t Config) const;
  /// True for the device configuration (index 1).
  static bool isDevice(size_t Config) { return Config == 1; }

  /// The configurations in which an AST rule follows callees into their
  /// bodies (AstRule::followsCalleeBodies): their parses keep the bodies of
  /// the headers such callees live in (SdkBodies.h). Call before prepare().
  void setRuleCallees(std::vector<bool> PerConfig) { RuleCallees = std::move(PerConfig); }
  /// The SDK bodies parses of `Config` skip (Options::SkipSdkBodies and
  /// setRuleCallees).
  BodySkip bodySkipFor(size_t Config) const {
    if (!Opts.SkipSdkBodies)
      return BodySkip::None;
    return Config < RuleCallees.size() && RuleCallees[Config] ? BodySkip::KeepRuleCallees
                                                              : BodySkip::All;
  }

  /// Driver arguments of `Config` for a unit with filtered compile flags
  /// `Flags`, without the tool name, the error limit and the file.
  /// With `InstalledSdk`, the headers are Options::Fallback's SDK's.
  std::vector<std::string> arguments(const std::vector<std::string> &Flags, size_t Config,
                                     bool InstalledSdk = false) const;

  /// Is `File` (compile flags `Flags`) a C translation unit: the flags'
  /// last `-x` says `c`, or with none the file ends in `.c` (as nvcc, which
  /// hands such a file to the host C compiler). It is parsed as C (LangOpts
  /// !CPlusPlus), without a shared prelude.
  static bool isCUnit(llvm::StringRef File, const std::vector<std::string> &Flags);

  /// Announces a unit that will be parsed (before any prepare()), so that
  /// preludes shared by several units are precompiled. Units never
  /// announced are parsed without a PCH. `WorkDir` is the directory the
  /// unit's compile command runs in: relative paths among its arguments
  /// resolve against it, so only units of the same directory share then.
  /// `HostOnly`: the unit is not parsed in the device configuration, so
  /// it does not count towards sharing a device prelude.
  void planUnit(const std::string &File, const std::vector<std::string> &Flags,
                const std::string &WorkDir = "", bool HostOnly = false);

  /// How prepare() sets up a parse: the first parse of a unit takes the
  /// defaults; a redo says what it leaves out.
  struct Mode {
    /// Parse every function body (no PCH is used: the PCHs hold no SDK
    /// bodies when Options::SkipSdkBodies is set).
    bool SdkBodies = false;
    /// Use no PCH at all (the redo of a parse whose ParseSetup::NoOps check
    /// failed, or whose PCH Clang refused).
    bool NoPrelude = false;
    /// Parse with the installed SDK (Options::Fallback) instead of the
    /// bundled headers, with no PCH (BundledHeaders.h).
    bool InstalledSdk = false;
  };
  /// The setup of one parse of `File` in `Config`.
  ParseSetup prepare(const std::string &File, const std::vector<std::string> &Flags,
                     size_t Config, Mode M);
  ParseSetup prepare(const std::string &File, const std::vector<std::string> &Flags,
                     size_t Config) {
    return prepare(File, Flags, Config, Mode());
  }

  struct Prelude;
  using PreludeInfo = Prelude;

private:
  struct UnitPlan;
  /// The prelude of the first `K` headers of `Plan` for arguments `Args`,
  /// built (once) if needed.
  /// `Resolve`: header names the build resolves (Prelude::ResolveNames).
  std::shared_ptr<Prelude> preludeFor(const std::vector<std::string> &Args,
                                      const UnitPlan &Plan, size_t K, size_t Config,
                                      const std::vector<std::string> *Resolve = nullptr);
  void buildPrelude(Prelude &P, const std::vector<std::string> &Args);
  /// Takes out of the preludes of the units of `FlagsKey` the headers the
  /// host configuration's base already included (once per key, before its
  /// first prefix is chosen).
  void dropBaseNoOps(const std::vector<std::string> &Flags, const std::string &FlagsKey);
  /// Counts `Plan`'s header-list prefixes (Mu held).
  void countPlan(const UnitPlan &Plan);
  /// Marks `P` broken (ParseSetup::OnPchCrash): prepare() no longer
  /// offers it.
  static void pchCrashed(Prelude &P);

  const Options &Opts;
  std::vector<bool> RuleCallees; ///< per configuration (setRuleCallees)
  std::function<bool(llvm::StringRef)> IsPorted;
  DiagnosticsHooks Hooks;
  PhaseTimes *Times;
  std::mutex Mu;
  /// Units per (flags key, header-list prefix): how many units could share
  /// the PCH of that prefix; in the device configuration, DevicePrefixUses
  /// (host-only units left out).
  std::map<std::string, unsigned> PrefixUses, DevicePrefixUses;
  /// PrefixUses or DevicePrefixUses, as `Config` says (Mu held).
  unsigned prefixUses(const std::string &Key, size_t Config) const;
  std::map<std::string, std::unique_ptr<UnitPlan>> Plans; ///< by file
  std::map<std::string, std::shared_ptr<Prelude>> Preludes; ///< by key
  /// Per flags key: dropBaseNoOps has run.
  std::map<std::string, std::unique_ptr<std::once_flag>> NoOpsDropped;
  unsigned NextId = 0;
};

} // namespace cu2hip

#endif
