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
//
// cudaMemPrefetchAsync becomes cu2hip::mem_prefetch_async, whose overloads
// take both the CUDA 12 and the CUDA 13 argument lists.
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

/// CUDA 12's cudaMemPrefetchAsync(ptr, count, device, stream): HIP's call.
inline hipError_t mem_prefetch_async(const void *ptr, size_t count, int device,
                                     hipStream_t stream = nullptr) {
  return hipMemPrefetchAsync(ptr, count, device, stream);
}

/// CUDA 13's cudaMemPrefetchAsync(ptr, count, location, flags, stream): the
/// location as a device id (mem_location_device). CUDA 13 reserves `flags`
/// and requires 0 (cuda_runtime_api.h); other values give
/// hipErrorInvalidValue, as CUDA rejects them. Overload resolution tells the
/// two forms apart where the argument count cannot: (ptr, n, location, flags)
/// is CUDA 13's with the default stream, (ptr, n, device, stream) CUDA 12's.
inline hipError_t mem_prefetch_async(const void *ptr, size_t count, const hipMemLocation &location,
                                     unsigned int flags, hipStream_t stream = nullptr) {
  if (flags != 0)
    return hipErrorInvalidValue;
  return hipMemPrefetchAsync(ptr, count, mem_location_device(location), stream);
}

} // namespace cu2hip

#endif // CU2HIP_MEMLOC_H
