//===- Instrument.h - the instrumented CUDA copy of --instrument ----------===//
#ifndef CU2HIP_TOOL_INSTRUMENT_H
#define CU2HIP_TOOL_INSTRUMENT_H

#include "Inputs.h"
#include "cu2hip/Porter.h"
#include "cu2hip/Instrument.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cu2hip {

/// Where `cu2hip --instrument` writes the instrumented CUDA copy: `Chosen`
/// (--instrument-out) when given, else `<out-root>-cuda` beside the port.
std::string instrumentDir(llvm::StringRef Chosen, llvm::StringRef OutRoot);

/// Writes the CUDA copy of a tree run into `Dir`: every source result's
/// original with its launches instrumented (instrumentCudaCopy; as it is
/// when it has no launch), the original of
/// every build file (Results after the first `Sources`) and every file the
/// run copies, each at its path relative to `InRoot`. Refuses a `Dir` that
/// is `InRoot` or inside it (the inputs are never modified). Returns the
/// number of files written; an error names the first file that failed.
llvm::Expected<unsigned> writeInstrumentedCopy(llvm::StringRef InRoot, llvm::StringRef Dir,
                                               const std::vector<FileResult> &Results,
                                               size_t Sources,
                                               const std::vector<CopyJob> &Copies);

} // namespace cu2hip

#endif
