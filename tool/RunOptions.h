//===- RunOptions.h - what the command line asks of a port run ------------===//
//
// The options of `cu2hip [options] FILE...`, `cu2hip --in-root ...` and
// `cu2hip apply DIR`, parsed once from the command line (CommandLine.cpp)
// into plain values, so the run (Driver.h) reads no global and can be
// driven by a unit test. Defaults are the command line's.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_RUNOPTIONS_H
#define CU2HIP_TOOL_RUNOPTIONS_H

#include "cu2hip/Options.h"
#include <string>
#include <vector>

namespace cu2hip {

/// Which CUDA headers the parses read (docs/sdk-free.md, BundledHeaders.h).
enum class HeadersChoice { Auto, Bundled, Sdk };

struct RunOptions {
  /// argv[0]: the installed data directories are found beside it.
  std::string Argv0;
  /// Input files (positional), -o, --in-root, --out-root, -p.
  std::vector<std::string> Inputs;
  std::string OutFile, InRoot, OutRoot, BuildPath;
  /// -j: translation units in parallel; 0 = one per core.
  unsigned NumJobs = 1;
  /// --offload-arch, as given (';'- or ','-separated gfx targets).
  std::string OffloadArch = "gfx942;gfx90a;gfx1100";
  bool InPlace = false, DryRun = false, Diff = false;
  // The rules' options (--launch, --wave, --alloc-hooks, --vectorize,
  // --dynamic-shared keep|macro, --annotate).
  LaunchMode Launch = LaunchMode::Keep;
  WaveMode Wave = WaveMode::Logical32;
  TextureMode Texture = TextureMode::Image;
  bool AllocHooks = false, Vectorize = false, Annotate = false, Atomic16Coarse = false;
  std::string DynShared = "keep";
  /// --instrument: every kernel launch recorded, in the port and in an
  /// instrumented CUDA copy written to --instrument-out (default
  /// <out-root>-cuda; Instrument.h).
  bool Instrument = false;
  std::string InstrumentOut;
  // The parse (--cuda-path, --cuda-headers, --no-semantic, --no-pch,
  // --keep-base-includes, --parse-equal-configs, --parse-sdk-bodies,
  // --config).
  std::string CudaPath;
  HeadersChoice CudaHeaders = HeadersChoice::Auto;
  bool NoSemantic = false, NoPch = false, KeepBaseIncludes = false,
       ParseEqualConfigs = false, ParseSdkBodies = false;
  std::vector<std::string> Configs;
  /// --rules files, --maps-dir.
  std::vector<std::string> RuleFiles;
  std::string MapsDir;
  /// --report FILE (SARIF when it ends in .sarif), --max-file-size.
  std::string ReportFile;
  std::string MaxFileSize = "64M";
  /// --exclude GLOB (repeatable): tree paths, relative to --in-root, left out.
  std::vector<std::string> Excludes;
  bool Quiet = false, Verbose = false, NoSummary = false, NoIncremental = false;
  /// --export-edits DIR and its --unit files.
  std::string ExportEdits;
  std::vector<std::string> ExportUnits;
  /// `cu2hip apply DIR`: the directory of edit exports, or "".
  std::string ApplyDir;
  /// The clang arguments after `--`.
  std::vector<std::string> ClangArgs;
};

} // namespace cu2hip

#endif
