//===- CgMultiTileRule.cpp - rule "cg-multi-tile" -------------------------===//
//
// CUDA:  __shared__ cg::block_tile_memory<256> scratch;
//        auto cta = cg::this_thread_block(scratch);
//        auto tile = cg::tiled_partition<128>(cta);
//        cg::thread_block_tile<128> t2 = tile;
// HIP:   __shared__ cu2hip::block_tile_memory<256> scratch;
//        auto cta = cu2hip::this_thread_block(scratch);
//        auto tile = cu2hip::tiled_partition<128>(cta);
//        cu2hip::multi_warp_tile<128> t2 = tile;
//        (with <cu2hip/cg_multi_tile.h>)
//
// HIP's tiles stop at the wavefront and ROCm 7.2 has no block_tile_memory;
// cu2hip/cg_multi_tile.h has multi-warp tiles of 64..512 threads made of
// 32-lane logical warps. By declaration identity from the parse (CUDA's
// cooperative_groups declarations in a system header, through any alias or
// using-directive): every block_tile_memory type, the one-argument
// this_thread_block, a tiled_partition<N> call where N (the template
// argument's value, in any instantiation of the enclosing template) exceeds
// 32, and a thread_block_tile<N> type with N > 32. The qualifier and name are
// replaced; template arguments stay. A tiled_partition whose instantiations
// all have N <= 32 is left to the other rules. Each rewritten
// tiled_partition gets warning cg-multi-tile-sync: the tile's collectives
// use the block barrier on AMD.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// The name of `D` ("tiled_partition") when CUDA's SDK (a system header)
/// declares it in namespace cooperative_groups or one of its version
/// namespaces (`cooperative_groups::__v1`, inline or not); "" otherwise.
std::string cgName(const NamedDecl *D, const SourceManager &SM) {
  if (!D || !D->getIdentifier() ||
      !SM.isInSystemHeader(SM.getFileLoc(D->getCanonicalDecl()->getLocation())))
    return "";
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  for (; DC && DC->isNamespace(); DC = DC->getParent()->getRedeclContext()) {
    const auto *NS = cast<NamespaceDecl>(DC);
    if (NS->getName() == "cooperative_groups" && DC->getParent()->isTranslationUnit())
      return D->getName().str();
    if (!NS->isInline() && !NS->getName().startswith("__v"))
      return "";
  }
  return "";
}

/// Value of the first template argument when it is an integer.
std::optional<uint64_t> firstIntArg(llvm::ArrayRef<TemplateArgument> Args) {
  if (Args.empty() || Args[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Args[0].getAsIntegral().getZExtValue();
}

class CgMultiTileRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cg-multi-tile", IdKind::Edit,
         "block_tile_memory and tiles of more than 32 threads: cu2hip/cg_multi_tile.h"},
        {"cg-multi-tile-sync", IdKind::Warning,
         "multi-warp tile collectives use the block barrier on AMD"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(declRefExpr(to(functionDecl(hasAnyName("tiled_partition", "this_thread_block"))
                                    .bind("f")))
                     .bind("ref"),
                 this);
    F.addMatcher(elaboratedTypeLoc(hasNamedTypeLoc(templateSpecializationTypeLoc().bind("tst")))
                     .bind("etl"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const SourceManager &SM = *R.SourceManager;
    if (const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref"))
      return checkCall(Ref, R.Nodes.getNodeAs<FunctionDecl>("f"), SM);
    const auto *ETL = R.Nodes.getNodeAs<ElaboratedTypeLoc>("etl");
    const auto *TST = R.Nodes.getNodeAs<TemplateSpecializationTypeLoc>("tst");
    if (!ETL || !TST)
      return;
    const TemplateDecl *TD = TST->getTypePtr()->getTemplateName().getAsTemplateDecl();
    std::string Name = cgName(TD, SM);
    if (Name == "block_tile_memory")
      rename(ETL->getQualifierLoc(), TST->getTemplateNameLoc(), "cu2hip::block_tile_memory");
    else if (Name == "thread_block_tile" && TST->getNumArgs() == 1) {
      const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          TST->getType()->getAsCXXRecordDecl());
      auto N = Spec ? firstIntArg(Spec->getTemplateArgs().asArray()) : std::nullopt;
      if (N && *N > 32)
        rename(ETL->getQualifierLoc(), TST->getTemplateNameLoc(), "cu2hip::multi_warp_tile");
    }
  }

  /// One cg-multi-tile-sync warning per rewritten tiled_partition, with the
  /// sizes of all its instantiations.
  void onEndOfTranslationUnit() override {
    for (const auto &KV : Sizes) {
      std::string List;
      for (uint64_t N : KV.second.second)
        List += (List.empty() ? "" : ", ") + std::to_string(N);
      ctx().report("cg-multi-tile-sync", Severity::Warning, KV.second.first,
                   "tiled_partition<" + List +
                       ">: a tile of several CUDA warps; AMD has no barrier for part of a "
                       "block, so its sync, shfl, any, all and cg::reduce use the block "
                       "barrier (cu2hip/cg_multi_tile.h): every thread of the block must "
                       "reach each of them, as every tile together",
                   "call the tile's collectives from every tile of the block, outside "
                   "tile-dependent branches");
    }
  }

private:
  /// Locations already rewritten (instantiations repeat the pattern's).
  std::set<unsigned> Done;
  /// Rewritten tiled_partition sites: location and the tile sizes seen.
  std::map<unsigned, std::pair<SourceLocation, std::set<uint64_t>>> Sizes;

  void checkCall(const DeclRefExpr *Ref, const FunctionDecl *F, const SourceManager &SM) {
    std::string Name = cgName(F, SM);
    if (Name == "this_thread_block") {
      if (F->getNumParams() == 1)
        rename(Ref->getQualifierLoc(), Ref->getLocation(), "cu2hip::this_thread_block");
      return;
    }
    if (Name != "tiled_partition")
      return;
    const TemplateArgumentList *Args = F->getTemplateSpecializationArgs();
    auto N = Args ? firstIntArg(Args->asArray()) : std::nullopt;
    if (!N || *N <= 32)
      return;
    if (!rename(Ref->getQualifierLoc(), Ref->getLocation(), "cu2hip::tiled_partition"))
      return;
    auto &Site = Sizes[Ref->getLocation().getRawEncoding()];
    Site.first = Ref->getLocation();
    Site.second.insert(*N);
  }

  /// Replaces `Q::Name` (or `Name`) spelled from `Qual` to `NameLoc` with
  /// `To` and requests the header. False when the name is in a macro.
  bool rename(NestedNameSpecifierLoc Qual, SourceLocation NameLoc, llvm::StringRef To) {
    SourceLocation Begin = Qual ? Qual.getBeginLoc() : NameLoc;
    if (Begin.isInvalid() || Begin.isMacroID() || NameLoc.isMacroID())
      return false;
    if (Done.count(NameLoc.getRawEncoding()))
      return true;
    if (!ctx().replace(id(), CharSourceRange::getTokenRange(Begin, NameLoc), To,
                       /*Whole=*/true))
      return false;
    Done.insert(NameLoc.getRawEncoding());
    ctx().requestHeader(NameLoc, "cu2hip/cg_multi_tile.h");
    return true;
  }
};

} // namespace

std::unique_ptr<AstRule> createCgMultiTileRule() { return std::make_unique<CgMultiTileRule>(); }

} // namespace cu2hip
