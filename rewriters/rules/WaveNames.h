//===- WaveNames.h - identifiers owned by the wavefront rules -------------===//
#ifndef CU2HIP_RULES_WAVENAMES_H
#define CU2HIP_RULES_WAVENAMES_H

#include "llvm/ADT/StringRef.h"

namespace cu2hip {

/// CUDA warp intrinsics whose rewrite depends on the wave mode; the names
/// rule leaves them to the wave rules unless --wave=keep.
bool isWaveOwnedName(llvm::StringRef Name);

/// The logical-32 helper (in <cu2hip/wave.h>) that replaces a CUDA vote,
/// ballot, match, lane-mask or warp-sync intrinsic, or "" if none.
/// Each helper has the CUDA intrinsic's signature and 32-bit results.
llvm::StringRef logical32Helper(llvm::StringRef CudaName);

/// True for the shuffle intrinsics (__shfl*_sync and the pre-CUDA-9
/// unsynchronised __shfl*).
bool isShuffle(llvm::StringRef Name, bool &IsSync);

} // namespace cu2hip

#endif
