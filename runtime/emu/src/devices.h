// cu2hip CPU SIMT emulator: what the runtime (api.cpp) knows about the emulated devices, for
// the emulator's other parts (the launch check in scheduler.cpp, the RCCL collectives in
// rccl.cpp). Not installed; ported code sees only <hip/hip_runtime.h> and <rccl/rccl.h>.
#pragma once

#include "cu2hip_emu/types.h"

#include <cstddef>

namespace cu2hip_emu {

// Emulated devices: CU2HIP_EMU_DEVICES (1..16, default 1), read once.
int device_count();
// The calling host thread's current device (hipSetDevice; 0 until set).
int current_device();
// The device a stream belongs to: the device current when it was created; the null stream
// and hipStreamLegacy/hipStreamPerThread belong to the current device.
int stream_device(hipStream_t s);

// An allocation of this runtime holding `p`.
struct PointerInfo {
  enum Kind { Device, Host, Managed } kind;
  int device;     // the device current at allocation
  size_t avail;   // bytes from p to the end of the allocation
};
bool pointer_info(const void* p, PointerInfo* info);

// Whether kernels of device `from` may read memory of device `to`
// (hipDeviceEnablePeerAccess on `from`, or from == to).
bool peer_access(int from, int to);

// A launch on the current device into `stream` with the given pointer arguments
// (null entries skipped): the stream must belong to the current device and no
// argument may point into another device's memory without peer access (on a GPU,
// an illegal address). Prints the error and sets the last error when not.
bool launch_devices_ok(const char* kernel, const void* const* ptrs, unsigned n,
                       hipStream_t stream);

}  // namespace cu2hip_emu
