#include "WaveNames.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {

llvm::StringRef logical32Helper(llvm::StringRef N) {
  return llvm::StringSwitch<llvm::StringRef>(N)
      .Case("__ballot_sync", "cu2hip::ballot_sync32")
      .Case("__ballot", "cu2hip::ballot32")
      .Case("__activemask", "cu2hip::activemask32")
      .Case("__all_sync", "cu2hip::all_sync32")
      .Case("__any_sync", "cu2hip::any_sync32")
      .Case("__uni_sync", "cu2hip::uni_sync32")
      .Case("__all", "cu2hip::all32")
      .Case("__any", "cu2hip::any32")
      .Case("__match_any_sync", "cu2hip::match_any_sync32")
      .Case("__match_all_sync", "cu2hip::match_all_sync32")
      .Case("__syncwarp", "cu2hip::syncwarp")
      .Case("__reduce_add_sync", "cu2hip::reduce_add_sync32")
      .Case("__reduce_min_sync", "cu2hip::reduce_min_sync32")
      .Case("__reduce_max_sync", "cu2hip::reduce_max_sync32")
      .Case("__reduce_and_sync", "cu2hip::reduce_and_sync32")
      .Case("__reduce_or_sync", "cu2hip::reduce_or_sync32")
      .Case("__reduce_xor_sync", "cu2hip::reduce_xor_sync32")
      .Default("");
}

bool isShuffle(llvm::StringRef N, bool &IsSync) {
  IsSync = N.endswith("_sync");
  return llvm::StringSwitch<bool>(N)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
             "__shfl_xor_sync", true)
      .Cases("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", true)
      .Default(false);
}

bool isWaveOwnedName(llvm::StringRef N) {
  bool S;
  return !logical32Helper(N).empty() || isShuffle(N, S) || N == "warpSize";
}

} // namespace cu2hip
