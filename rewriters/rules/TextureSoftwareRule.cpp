//===- TextureSoftwareRule.cpp - "texture-software", "texture-target" --===//
//
// CUDA texture objects read through the GPU's sampler: on AMD, image
// instructions, which CDNA targets (gfx90a, gfx942, gfx950) do not have, so
// HIP's tex2D & co. compile for RDNA (gfx10+) only.
//
// Default (--texture=image): the port keeps HIP's texture objects, and each
// fetch and each cudaCreateTextureObject gets a texture-target warning
// naming the opt-in; a surface read or write that spells a boundary mode,
// which HIP's image surface functions do not take, loses it
// (surface-boundary-mode).
//
// --texture=software: the fetches and the object's life go through
// cu2hip/texture.h, a sampler in code over the backing memory:
//   CUDA:  cudaCreateTextureObject(&t, &res, &tex, NULL);
//          float v = tex2D<float>(t, x, y);
//   HIP:   cu2hip::create_texture_object(&t, &res, &tex, NULL);
//          float v = cu2hip::tex2D<float>(t, x, y);
// likewise cudaDestroyTextureObject, tex1Dfetch/tex1D/tex3D/tex1DLayered/
// tex2DLayered/texCubemap/texCubemapLayered, surface objects and their
// reads and writes (cu2hip/surface_access.h), cuTexObjectCreate/Destroy
// (cu2hip/texture_driver.h), and the copies into and out of arrays
// (cudaMemcpyToArray, cudaMemcpy2DToArray(Async), cudaMemcpy3D(Async),
// cudaMemcpyFromArray, cudaMemcpy2DFromArray(Async)), whose wrappers keep
// the array and the linear mirror its objects share coherent. Mipmapped
// arrays are software ones (cu2hip/texture_mipmap.h: cudaMallocMipmappedArray,
// cudaGetMipmappedArrayLevel, cudaFreeMipmappedArray, and cudaArrayGetInfo,
// which answers for their levels), fetched by tex1DLod/tex2DLod/tex3DLod and
// tex1DGrad/tex2DGrad/tex3DGrad.
// Fetch forms the software sampler lacks (layered and cubemap levels and
// gradients, gathers, the pointer-output overloads) get a
// texture-software-unsupported warning.
//
// AST rule: a call counts by the declaration it resolves to, one of the SDK's
// (a system header), and a fetch only when that declaration takes a
// cudaTextureObject_t (the object API, not a user function of that name).
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// What the rule does with a call to the SDK function of a name.
enum class Kind { None, Fetch, Unsupported, Create, Destroy, ArrayCopy, Surface };

Kind kindOf(llvm::StringRef N) {
  return llvm::StringSwitch<Kind>(N)
      .Cases("tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered",
             Kind::Fetch)
      .Cases("texCubemap", "texCubemapLayered", Kind::Fetch)
      .Cases("tex1DLod", "tex2DLod", "tex3DLod", "tex1DGrad", "tex2DGrad", "tex3DGrad",
             Kind::Fetch)
      .StartsWith("tex", Kind::Unsupported) // tex2DLayeredLod, tex2Dgather, ...
      .Cases("cudaCreateTextureObject", "cudaCreateSurfaceObject", "cuTexObjectCreate",
             Kind::Create)
      .Cases("cudaDestroyTextureObject", "cudaDestroySurfaceObject", "cuTexObjectDestroy",
             Kind::Destroy)
      .Cases("cudaMemcpyToArray", "cudaMemcpy2DToArray", "cudaMemcpy2DToArrayAsync",
             "cudaMemcpy3D", "cudaMemcpy3DAsync", Kind::ArrayCopy)
      .Cases("cudaMemcpyFromArray", "cudaMemcpy2DFromArray", "cudaMemcpy2DFromArrayAsync",
             Kind::ArrayCopy)
      .Cases("cudaMallocMipmappedArray", "cudaGetMipmappedArrayLevel", "cudaFreeMipmappedArray",
             "cudaArrayGetInfo", Kind::ArrayCopy)
      .Default(N.startswith("surf") && (N.endswith("write") || N.endswith("read"))
                   ? Kind::Surface
                   : Kind::None);
}

/// Parameters of the value form of a fetch cu2hip/texture.h implements
/// (`tex2D<T>(obj, x, y)`: 3); the pointer-output and `isResident` overloads
/// have others.
unsigned valueFormParams(llvm::StringRef N) {
  return llvm::StringSwitch<unsigned>(N)
      .Cases("tex1Dfetch", "tex1D", 2)
      .Cases("tex2D", "tex1DLayered", "tex1DLod", 3)
      .Cases("tex3D", "tex2DLayered", "texCubemap", "tex2DLod", "tex1DGrad", 4)
      .Cases("texCubemapLayered", "tex3DLod", "tex2DGrad", 5)
      .Case("tex3DGrad", 6)
      .Default(0);
}

/// cu2hip/texture.h's name for an API call the software sampler wraps.
llvm::StringRef softwareName(llvm::StringRef N) {
  return llvm::StringSwitch<llvm::StringRef>(N)
      .Case("cudaCreateTextureObject", "cu2hip::create_texture_object")
      .Case("cudaDestroyTextureObject", "cu2hip::destroy_texture_object")
      .Case("cudaCreateSurfaceObject", "cu2hip::create_surface_object")
      .Case("cudaDestroySurfaceObject", "cu2hip::destroy_surface_object")
      .Case("cuTexObjectCreate", "cu2hip::tex_object_create")
      .Case("cuTexObjectDestroy", "cu2hip::tex_object_destroy")
      .Case("cudaMemcpyFromArray", "cu2hip::memcpy_from_array")
      .Case("cudaMemcpy2DFromArray", "cu2hip::memcpy_2d_from_array")
      .Case("cudaMemcpy2DFromArrayAsync", "cu2hip::memcpy_2d_from_array_async")
      .Case("cudaMemcpyToArray", "cu2hip::memcpy_to_array")
      .Case("cudaMemcpy2DToArray", "cu2hip::memcpy_2d_to_array")
      .Case("cudaMemcpy2DToArrayAsync", "cu2hip::memcpy_2d_to_array_async")
      .Case("cudaMemcpy3D", "cu2hip::memcpy_3d")
      .Case("cudaMemcpy3DAsync", "cu2hip::memcpy_3d_async")
      .Case("cudaMallocMipmappedArray", "cu2hip::malloc_mipmapped_array")
      .Case("cudaGetMipmappedArrayLevel", "cu2hip::get_mipmapped_array_level")
      .Case("cudaFreeMipmappedArray", "cu2hip::free_mipmapped_array")
      .Case("cudaArrayGetInfo", "cu2hip::array_get_info")
      .Default("");
}

/// Index of the parameter of `F` whose type is (sugared as) the typedef
/// `Handle` (cudaTextureObject_t, cudaSurfaceObject_t); -1 when none is.
int handleParam(const FunctionDecl *F, llvm::StringRef Handle) {
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    QualType T = F->getParamDecl(I)->getType();
    while (const auto *TT = T->getAs<TypedefType>()) {
      if (TT->getDecl()->getName() == Handle)
        return int(I);
      T = TT->desugar();
    }
  }
  return -1;
}

/// Index of the texture object parameter of `F`; -1 when none.
int textureObjectParam(const FunctionDecl *F) {
  return handleParam(F, "cudaTextureObject_t");
}

class TextureRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"texture-software", IdKind::Edit,
         "--texture=software: texture objects and fetches through cu2hip/texture.h's "
         "software sampler"},
        {"texture-target", IdKind::Warning,
         "texture fetch or object: image instructions, which CDNA targets (gfx90a, gfx942, "
         "gfx950) lack; --texture=software ports it for every target"},
        {"texture-software-unsupported", IdKind::Warning,
         "--texture=software: a fetch form the software sampler lacks (layered and cubemap "
         "levels and gradients, gathers, pointer-output and isResident overloads)"},
        {"surface-boundary-mode", IdKind::Edit,
         "surface access with a boundary mode: HIP's image surface functions take none; the "
         "argument is removed (--texture=software keeps it: cu2hip/surface_access.h)"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(callExpr(callee(functionDecl().bind("f"))).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
    const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
    if (!Call || !F || !F->getIdentifier())
      return;
    Kind K = kindOf(F->getName());
    // Only the SDK's functions; a tree's own `tex2D` is its own business.
    if (K == Kind::None ||
        !R.SourceManager->isInSystemHeader(F->getCanonicalDecl()->getLocation()))
      return;
    if ((K == Kind::Fetch || K == Kind::Unsupported) && textureObjectParam(F) < 0)
      return; // texture references (removed in CUDA 12) or an unrelated name
    if (K == Kind::Surface && handleParam(F, "cudaSurfaceObject_t") < 0)
      return; // surface references (removed in CUDA 12)
    if (ctx().options().Texture == TextureMode::Software)
      software(Call, F, K);
    else
      imageMode(Call, F, K);
  }

private:
  /// Default mode: a warning at each fetch and object creation.
  void imageMode(const CallExpr *Call, const FunctionDecl *F, Kind K) {
    if (K == Kind::Surface) {
      imageSurface(Call, F);
      return;
    }
    if (K != Kind::Fetch && K != Kind::Unsupported && K != Kind::Create)
      return;
    std::string What = K == Kind::Create ? "texture object created here"
                                         : ("texture fetch " + F->getName()).str();
    ctx().report("texture-target", Severity::Warning, Call->getBeginLoc(),
                 What + ": HIP samples textures with image instructions, which CDNA targets "
                        "(gfx90a, gfx942, gfx950) lack, so this unit compiles for RDNA "
                        "(gfx10+) only",
                 "port with --texture=software (cu2hip/texture.h: CUDA's sampler in code over "
                 "the backing memory, for every target)");
  }

  /// Default mode, a surface read or write: HIP's image surface functions
  /// (ROCm 7.2 amd_surface_functions.h) take no boundary mode (but
  /// surf1Dread's pointer form, which ignores it) and have only
  /// pointer-output reads, where CUDA 13's take a trailing
  /// cudaSurfaceBoundaryMode (default cudaBoundaryModeTrap) and have value
  /// reads too. A boundary mode the call spells is removed, with a warning.
  void imageSurface(const CallExpr *Call, const FunctionDecl *F) {
    llvm::StringRef N = F->getName();
    unsigned NA = Call->getNumArgs();
    if (N.endswith("read") && handleParam(F, "cudaSurfaceObject_t") == 0) {
      ctx().report("surface-boundary-mode", Severity::Warning, Call->getBeginLoc(),
                   (N + "<T>(surface, ...): HIP has only the pointer-output form " + N +
                    "(&value, surface, ...) and no boundary modes")
                       .str(),
                   "port with --texture=software (cu2hip/surface_access.h has both forms)");
      return;
    }
    if (N == "surf1Dread" || NA < 3 || isa<CXXDefaultArgExpr>(Call->getArg(NA - 1)) ||
        !Call->getArg(NA - 1)->IgnoreImpCasts()->getType()->isEnumeralType())
      return;
    // The text from the end of the previous argument to the end of the mode,
    // in the file (an argument that is a whole macro use, `MODE`, counts).
    const SourceManager &SM = ctx().sourceManager();
    const LangOptions &LO = ctx().langOptions();
    auto fileRange = [&](const Expr *A) {
      return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(A->getSourceRange()), SM,
                                      LO);
    };
    CharSourceRange Prev = fileRange(Call->getArg(NA - 2)), Mode = fileRange(Call->getArg(NA - 1));
    std::string Msg = (N + ": HIP's image surface functions take no boundary mode; out of "
                           "range an access follows the image hardware's bounds checks, not "
                           "CUDA's trap or clamp")
                          .str();
    if (Prev.isInvalid() || Mode.isInvalid()) {
      ctx().report("surface-boundary-mode", Severity::Warning, Call->getBeginLoc(),
                   Msg + "; the argument is in a macro and stays: remove it by hand");
      return;
    }
    CharSourceRange R = CharSourceRange::getCharRange(Prev.getEnd(), Mode.getEnd());
    if (ctx().replace("surface-boundary-mode", R, "", /*Whole=*/true))
      ctx().report("surface-boundary-mode", Severity::Warning, Call->getBeginLoc(),
                   Msg + "; the argument is removed",
                   "port with --texture=software for CUDA's boundary modes on every target");
  }

  /// --texture=software: the callee renamed to cu2hip/texture.h's function.
  void software(const CallExpr *Call, const FunctionDecl *F, Kind K) {
    if (K == Kind::Unsupported) {
      unsupported(Call, F, K);
      return;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (!Ref)
      return;
    if (K == Kind::Fetch &&
        (textureObjectParam(F) != 0 || F->getNumParams() != valueFormParams(F->getName()))) {
      unsupported(Call, F, K); // tex2D(&out, obj, x, y), tex2D<T>(obj, x, y, &isResident)
      return;
    }
    std::string Name = (K == Kind::Fetch || K == Kind::Surface)
                           ? ("cu2hip::" + F->getName()).str()
                                        : softwareName(F->getName()).str();
    // The name (with any qualifier), not its template arguments: `tex2D<float>`
    // becomes `cu2hip::tex2D<float>`. Whole: the names rule's rename of the
    // same token gives way.
    CharSourceRange Range = nameRange(Ref);
    if (ctx().replace(id(), Range, Name, /*Whole=*/true)) {
      ctx().requestHeader(Call->getBeginLoc(), "cu2hip/texture.h");
      ctx().requestHeader(Range.getBegin(), "cu2hip/texture.h");
    } else
      ctx().report("texture-software-unsupported", Severity::Warning, Call->getBeginLoc(),
                   (F->getName() + " not rewritten: its name is not spelled where the port "
                                   "can edit it (e.g. pasted by a macro); call " + Name +
                    " there")
                       .str());
  }

  /// The callee's name with any qualifier; in a macro's body (`#define
  /// LOAD(i) tex1Dfetch<float>(t, i)`) the spelling there, so the definition
  /// is edited once for every expansion (each is this SDK call).
  CharSourceRange nameRange(const DeclRefExpr *Ref) const {
    const SourceManager &SM = ctx().sourceManager();
    SourceLocation B = Ref->getBeginLoc(), E = Ref->getNameInfo().getEndLoc();
    if (B.isMacroID() && E.isMacroID() && !SM.isMacroArgExpansion(B) &&
        !SM.isMacroArgExpansion(E)) {
      B = SM.getSpellingLoc(B);
      E = SM.getSpellingLoc(E);
    }
    return CharSourceRange::getTokenRange(B, E);
  }

  void unsupported(const CallExpr *Call, const FunctionDecl *F, Kind K) {
    (void)K;
    std::string Msg = (F->getName() + " has no software form in cu2hip/texture.h (layered "
                                      "and cubemap levels and gradients, gathers, the "
                                      "pointer-output and isResident overloads are not "
                                      "supported); the call still needs image instructions")
                          .str();
    ctx().report("texture-software-unsupported", Severity::Warning, Call->getBeginLoc(), Msg);
  }
};

} // namespace

std::unique_ptr<AstRule> createTextureRule() { return std::make_unique<TextureRule>(); }

} // namespace cu2hip
