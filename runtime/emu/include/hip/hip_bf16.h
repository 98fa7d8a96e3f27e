// cu2hip CPU SIMT emulator: stand-in for <hip/hip_bf16.h>. __hip_bfloat16 and
// __hip_bfloat162 (and CUDA's __nv_bfloat16 names) with HIP's intrinsics;
// see cu2hip_emu/float16_types.h (the same header provides <hip/hip_fp16.h>).
#pragma once
#include "cu2hip_emu/float16_types.h"
