//===- Instrument.h - kernel-launch recording (cu2hip --instrument) -------===//
//
// The rule "instrument" (rules/InstrumentRule.cpp) wraps every kernel launch
// so that <cu2hip/krec.h> records it (docs/parity.md, "Per-kernel parity").
// It runs in the port when switched on here, and alone over the CUDA
// original for the instrumented CUDA copy.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_INSTRUMENT_H
#define CU2HIP_INSTRUMENT_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cu2hip {

/// Switches the rule "instrument" on or off for the ports that follow (the
/// command line's --instrument; off by default). Set before porting starts.
void setInstrumentLaunches(bool On);
bool instrumentLaunches();

/// The CUDA original `Original` (of the file `Path`) with its kernel
/// launches instrumented and <cu2hip/krec.h> included at its top; "" when
/// the file has no launch. Token-based, like the port's rule: the same
/// kernels, sites and argument numbers in both.
std::string instrumentCudaCopy(llvm::StringRef Path, llvm::StringRef Original);

} // namespace cu2hip

#endif
