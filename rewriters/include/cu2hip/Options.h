//===- Options.h - settings shared by the passes and the rules ------------===//
#ifndef CU2HIP_OPTIONS_H
#define CU2HIP_OPTIONS_H

#include <memory>
#include <string>
#include <vector>

namespace cu2hip {

class SdkFallback;

enum class LaunchMode { Keep, Ggl };
/// Wavefront policy (docs/design.md, rule family "wavefront"):
///  Logical32: every CUDA warp is a 32-lane group inside the wavefront.
///  Native:    recognised warp idioms use the full wavefront (opt-in).
///  Keep:      no wave rules (wave32-only targets).
enum class WaveMode { Logical32, Native, Keep };
/// Texture objects (rule family "texture", docs/rules.md):
///  Image:    HIP's texture objects and fetches (image instructions: RDNA
///            only; CDNA targets get a texture-target finding).
///  Software: cu2hip/texture.h samples the backing memory in code (opt-in).
enum class TextureMode { Image, Software };

struct Options {
  LaunchMode Launch = LaunchMode::Keep;
  WaveMode Wave = WaveMode::Logical32;
  TextureMode Texture = TextureMode::Image;
  /// Spell `extern __shared__ T x[];` as HIP_DYNAMIC_SHARED(T, x) (for the
  /// CPU emulator, whose host compiler has no __shared__ storage).
  bool DynamicSharedMacro = false;
  /// Route allocation call sites through the runtime's allocator hooks
  /// (<cu2hip/alloc.h>), recording file and line (--alloc-hooks).
  bool AllocHooks = false;
  /// Rewrite provable scalar elementwise kernels to 128-bit loads/stores
  /// and add alignment checks next to vector casts (--vectorize).
  bool Vectorize = false;
  /// 16-bit float atomicAdd on memory the user declares coarse-grained:
  /// cu2hip::atomic_add_coarse, the packed hardware add where the gfx
  /// target has it (--atomic16-coarse; rule atomic16).
  bool Atomic16Coarse = false;
  /// Write findings as comments into the output too.
  bool Annotate = false;
  /// Run the semantic (AST) passes; false = token rules only.
  bool Semantic = true;
  /// Share a precompiled SDK prelude between the translation units of a run
  /// (CompileSetup.h); false = every unit parses the SDK headers itself.
  bool SharedPrelude = true;
  /// Take the host parse's result for a --config set it proves equal
  /// (SemanticResult::SameAsHost) instead of parsing it; false = parse it.
  bool SkipEqualConfigs = true;
  /// Let Clang skip the bodies of functions in system headers (SdkBodies.h);
  /// a parse whose rules need one is redone with every body. False = parse
  /// every body (--parse-sdk-bodies).
  bool SkipSdkBodies = true;
  /// With SharedPrelude: leave out of the preludes the headers Clang's CUDA
  /// wrapper already included (BaseNoOps.cpp, "Headers the base already
  /// included"); false = keep them (--keep-base-includes, to compare).
  bool DropBaseIncludes = true;
  /// The CUDA headers parses use: an SDK, or the bundled declaration-only
  /// headers (docs/sdk-free.md).
  std::string CudaPath;
  /// With the bundled headers in CudaPath: an installed SDK of their CUDA
  /// version, with which a parse the bundled headers may not stand for is
  /// redone (BundledHeaders.h; --cuda-headers=auto). Null: none.
  std::shared_ptr<const SdkFallback> Fallback;
  std::string ResourceDir;
  /// Extra clang arguments (after `--`).
  std::vector<std::string> ExtraArgs;
  /// Additional configurations to parse, each a list of -D/-U flags.
  std::vector<std::vector<std::string>> ExtraConfigs;
};

} // namespace cu2hip

#endif
