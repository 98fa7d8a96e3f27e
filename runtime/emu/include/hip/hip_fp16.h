// cu2hip CPU SIMT emulator: stand-in for <hip/hip_fp16.h>. __half and __half2
// with HIP's intrinsics; see cu2hip_emu/float16_types.h (the same header
// provides <hip/hip_bf16.h>).
#pragma once
#include "cu2hip_emu/float16_types.h"
