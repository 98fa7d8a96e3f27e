//===- NamesUnmappedRule.cpp - rule "names-unmapped": library names the maps lack -===//
//
// CUDA:  cudnnActivationMode_t mode = CUDNN_ACTIVATION_RELU;   // cudnn_ops.h
// HIP:   (kept; reported) MIOpen declares neither name.
// A CUDA library's HIP counterpart names its whole API with its own prefix
// (cuDNN -> MIOpen's miopen*, cuBLAS -> hipblas*, cuFFT -> hipfft*, ...), so
// a name declared by one of that library's headers that has no entry in the
// maps is undeclared in the port, and the HIP compiler stops on it with no
// finding to say why (dlib's and KataGo's cuDNN units). This rule reports
// each such name once per file, decided by declaration identity: the parse
// resolved the token to a declaration whose first declaration is in a
// system header that the header maps give to one of those libraries. The
// names rule handles every name the maps know; members (fields of the
// library's structs) are reached through a type that is reported itself.
// Without a parse (inactive code, macro bodies, no compile) nothing is said.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cu2hip {
namespace {

/// A CUDA library (the header maps' `lib:`) whose HIP counterpart declares
/// no name of the CUDA API as it is spelled: every name it has is renamed
/// (the counterparts' headers, ROCm 7.2).
struct RenamedLibrary {
  llvm::StringRef Lib, Counterpart;
};
constexpr RenamedLibrary RenamedLibraries[] = {
    {"cudnn", "MIOpen"},      {"cublas", "hipBLAS"},  {"cublaslt", "hipBLASLt"},
    {"cufft", "hipFFT"},      {"curand", "hipRAND"},  {"cusolver", "hipSOLVER"},
    {"cusparse", "hipSPARSE"}, {"nvrtc", "hipRTC"},
};

class NamesUnmappedRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"names-unmapped", IdKind::Warning,
         "a CUDA library name with no entry in the maps: undeclared in the port"},
    };
    return Ids;
  }

  /// The renamed library whose header declares the entity at token `I`, or
  /// nullptr (no parse, a user declaration, a member, a declarator, a
  /// header of no such library).
  static const RenamedLibrary *libraryOf(const FileContext &C, size_t I) {
    const NameRef *R = indexedName(C, I);
    if (!R || !R->System || R->IsDecl || !R->Parent.empty() || R->Header.empty())
      return nullptr;
    const MapEntry *H = C.Maps.lookupHeader(R->Header);
    if (!H)
      return nullptr;
    for (const RenamedLibrary &L : RenamedLibraries)
      if (L.Lib == H->Lib)
        return &L;
    return nullptr;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    llvm::StringSet<> Reported;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || C.Maps.lookupName(T[I].Text) || inIncludeDirective(C, I))
        continue;
      const RenamedLibrary *L = libraryOf(C, I);
      if (!L || !Reported.insert(T[I].Text).second)
        continue;
      const NameRef *R = indexedName(C, I);
      C.report(id(), Severity::Warning, T[I].Offset,
               ("'" + T[I].Text + "' (" + R->Header + ") has no entry in cu2hip's maps and " +
                L->Counterpart + " does not declare it: the port leaves it undeclared; port it "
                "by hand to " + L->Counterpart)
                   .str());
    }
  }
};

} // namespace

std::unique_ptr<Rule> createNamesUnmappedRule() { return std::make_unique<NamesUnmappedRule>(); }

} // namespace cu2hip
