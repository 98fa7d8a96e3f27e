// cu2hip CPU SIMT emulator: stand-in for <hip/hip_runtime_api.h>.
#pragma once
#include <hip/hip_runtime.h>
