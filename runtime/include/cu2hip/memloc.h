//===- cu2hip/memloc.h - CUDA 13 memory locations as HIP device ids -------===//
//
// Included by code that cu2hip ported (rule api-shape). CUDA 13 passes a
// struct cudaMemLocation to cudaMemAdvise and cudaMemPrefetchAsync (CUDA
// 12.2 to 12.x: their _v2 forms); HIP's hipMemAdvise / hipMemPrefetchAsync
// take a device id (hipCpuDeviceId for the host), ROCm 5.2 .. 7.2 alike
// (ROCm 7.2's hipMemAdvise_v2 / hipMemPrefetchAsync_v2 take a location but
// HIP 5.2 lacks them). The port calls the device-id forms with
//
//   cu2hip::mem_location_device(loc)
//
// which is the identity on an int (CUDA 11/12 code passing a device id)
// and converts a hipMemLocation: a device location gives its id, a host
// location (hipMemLocationTypeHost, HostNuma, HostNumaCurrent; ROCm >= 6)
// gives hipCpuDeviceId: the NUMA node of a host location is a placement
// hint HIP's device-id API cannot carry, the data still goes to host
// memory. An invalid location gives -2, which HIP rejects with
// hipErrorInvalidDevice as CUDA rejects the location.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_MEMLOC_H
#define CU2HIP_MEMLOC_H

#include <hip/hip_runtime.h>

namespace cu2hip {

/// A device id as hipMemAdvise / hipMemPrefetchAsync take it (CUDA 12 form).
inline int mem_location_device(int device) { return device; }

/// A CUDA 13 memory location as a HIP device id (see the file comment).
inline int mem_location_device(const hipMemLocation &loc) {
  if (loc.type == hipMemLocationTypeDevice)
    return loc.id;
  if (loc.type == hipMemLocationTypeInvalid)
    return -2;
  return hipCpuDeviceId;
}

} // namespace cu2hip

#endif // CU2HIP_MEMLOC_H
