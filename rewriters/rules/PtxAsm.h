//===- PtxAsm.h - inline PTX statements that have a HIP builtin -----------===//
#ifndef CU2HIP_RULES_PTXASM_H
#define CU2HIP_RULES_PTXASM_H

#include "cu2hip/Tokens.h"
#include <optional>
#include <string>

namespace cu2hip {

/// An inline PTX statement (`asm volatile("mov.u32 %0, %%laneid;" : "=r"(r))`)
/// that rule ptx-builtin replaces by a HIP expression.
struct PtxBuiltin {
  size_t First, Last;   ///< tokens `asm` .. the closing `)`
  std::string Output;   ///< the output operand's expression, as written
  std::string Expr;     ///< the HIP expression assigned to it
  std::string Header;   ///< runtime header the expression needs, or ""
  std::string Note;     ///< what the user should know about the result, or ""
};

/// For an `asm` / `__asm__` token at `I` starting a statement of one PTX
/// instruction that has a HIP builtin (special registers %laneid, %smid,
/// %lanemask_*, %clock, %clock64; ld.global.nc / .cs / .lu of one scalar):
/// its replacement. nullopt for anything else, which the wave-inline-ptx
/// and ptx-inline-asm findings then report.
std::optional<PtxBuiltin> ptxBuiltin(const TokenStream &T, size_t I);

/// An `asm` statement of one PTX reduction (`red.global.add.u64 [%0], %1`,
/// no outputs) and the HIP atomic call that replaces it.
struct PtxReduction {
  size_t First, Last; ///< tokens `asm` .. the closing `)`
  std::string Text;   ///< `(void)atomicAdd(reinterpret_cast<T *>(p), static_cast<T>(v))`
};

/// For an `asm` token at `I` starting `asm [volatile]("red[.relaxed][.gpu|
/// .sys][.global].OP.T [%0], %1" :: "l"(p), "r"(v) [: "memory"]);` with OP
/// add, and, or, xor, min or max of a type HIP's atomics take: its
/// replacement; nullopt otherwise.
std::optional<PtxReduction> ptxReduction(const TokenStream &T, size_t I);

} // namespace cu2hip

#endif
