// cu2hip CPU SIMT emulator: stand-in for <hip/library_types.h> (the data
// type tags of hipBLAS / hipBLASLt, with HIP's values).
#pragma once

typedef enum hipDataType {
  HIP_R_32F = 0,
  HIP_R_64F = 1,
  HIP_R_16F = 2,
  HIP_R_8I = 3,
  HIP_C_32F = 4,
  HIP_C_64F = 5,
  HIP_C_16F = 6,
  HIP_R_8U = 8,
  HIP_R_32I = 10,
  HIP_R_32U = 12,
  HIP_R_16BF = 14,
  HIP_C_16BF = 15
} hipDataType;
