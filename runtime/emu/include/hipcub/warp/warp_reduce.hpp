// cu2hip CPU SIMT emulator: stand-in for <hipcub/warp/warp_reduce.hpp>. The emulated hipCUB
// subset and its checks: cu2hip_emu/hipcub.h and docs/emulator.md.
#pragma once
#include "cu2hip_emu/hipcub.h"
