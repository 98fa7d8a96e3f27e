//===- cu2hip/attrs.h - CUDA declaration attributes HIP lacks -------------===//
//
// Included by code that cu2hip ported (maps: __grid_constant__).
//
// __grid_constant__ (CUDA 11.7, crt/host_defines.h) marks a const
// __global__ parameter that the kernel reads in place, in the parameter
// space, so taking its address copies nothing. HIP has no such attribute
// (ROCm 7.2's clang rejects `__grid_constant__`: unknown type name); AMD
// kernel arguments live in the read-only kernarg segment and a const
// parameter is only read, so CU2HIP_GRID_CONSTANT is empty: the kernel
// computes the same values. An address taken of such a parameter may point
// to a private copy instead of the argument segment.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ATTRS_H
#define CU2HIP_ATTRS_H

#ifndef CU2HIP_GRID_CONSTANT
#define CU2HIP_GRID_CONSTANT
#endif

#endif // CU2HIP_ATTRS_H
