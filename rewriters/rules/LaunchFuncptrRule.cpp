//===- LaunchFuncptrRule.cpp - rule "launch-funcptr" ----------------------===//
//
// CUDA:  cudaFuncSetAttribute(attn_fwd, cudaFuncAttributeMaxDynamicSharedMemorySize, n);
// HIP:   hipFuncSetAttribute(reinterpret_cast<const void*>(attn_fwd), hipFuncAttributeMaxDynamicSharedMemorySize, n);
// HIP declares these APIs with `const void*` for the kernel (CUDA has
// template overloads); the kernel stays a function pointer and is never
// wrapped in HIP_SYMBOL, which compiles but returns garbage attributes
// (case 12; ROCm/hip#1193). A HIP_SYMBOL(...) written by another tool is
// replaced.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {
namespace {

class FuncPtrRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"launch-funcptr", IdKind::Edit, "kernels passed to function-pointer APIs as const void*"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      int Index = -1;
      auto Args = apiCallArg(C, I, [](llvm::StringRef N) {
        return llvm::StringSwitch<int>(N)
            .Case("FuncGetAttributes", 1)
            .Cases("FuncSetAttribute", "FuncSetCacheConfig", "FuncSetSharedMemConfig", 0)
            .Cases("LaunchKernel", "LaunchCooperativeKernel", 0)
            .Default(-1);
      }, Index);
      if (!Args)
        continue;
      const auto &A = Args->Args[Index];
      llvm::StringRef S = T.argText(A);
      if (S.startswith("reinterpret_cast") || S.startswith("(const void") ||
          S.startswith("(void") || S.startswith("static_cast"))
        continue;
      if (S.startswith("HIP_SYMBOL") && A.First + 1 < A.Last &&
          T[A.First + 1].is(clang::tok::l_paren)) {
        // HIP_SYMBOL(k) -> reinterpret_cast<const void*>(k)
        C.replaceTokens(id(), A.First, A.First,
                        C.Facts.CUnit ? "(const void*)" : "reinterpret_cast<const void*>");
        continue;
      }
      if (isVoidPointer(C, A))
        continue;
      wrapArg(C, id(), A, C.Facts.CUnit ? "(const void*)(" : "reinterpret_cast<const void*>(", ")");
    }
  }

private:
  /// Is the argument a name (or template-id) that the index says is
  /// already a `void *` or `const void *` variable (nothing to cast)? A
  /// kernel, a function template's specialization or a function pointer
  /// gets the cast; so does anything the index does not type (an
  /// expression, a macro body, a file that was not parsed).
  static bool isVoidPointer(const FileContext &C, const ArgList::Arg &A) {
    const auto &T = C.Toks;
    if (A.First > A.Last || !T[A.First].isIdent())
      return false;
    // `p` or `p<...>` (Last is the argument's last token).
    bool JustName = A.First == A.Last ||
                    (T[A.First + 1].is(clang::tok::less) && T[A.Last].is(clang::tok::greater));
    const NameRef *Ref = indexedName(C, A.First);
    if (!JustName || !Ref || Ref->Kind != DeclKind::Variable)
      return false;
    llvm::StringRef Ty = llvm::StringRef(Ref->Type).trim();
    Ty.consume_back("const");
    Ty = Ty.rtrim();
    return Ty == "void *" || Ty == "const void *";
  }
};

} // namespace

std::unique_ptr<Rule> createFuncPtrRule() { return std::make_unique<FuncPtrRule>(); }

} // namespace cu2hip
