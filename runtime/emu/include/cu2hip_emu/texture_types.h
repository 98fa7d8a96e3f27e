// cu2hip CPU SIMT emulator: HIP's texture-object types (hip/texture_types.h,
// hip/driver_types.h), so that cu2hip/texture.h (--texture=software) runs
// here. Field names and enum values are HIP's (equal to CUDA's). Arrays
// (hipArray_t) are declared only: the emulator has no array API, and the
// software sampler's array resources answer hipErrorNotSupported (the
// software mipmapped arrays of cu2hip/texture_mipmap.h, linear memory, work).
#pragma once

#include <cstddef>

enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
};
struct hipChannelFormatDesc {
  int x, y, z, w;
  enum hipChannelFormatKind f;
};
inline hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                 hipChannelFormatKind f) {
  return hipChannelFormatDesc{x, y, z, w, f};
}

typedef struct hipArray* hipArray_t;
struct hipExtent { size_t width, height, depth; };
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
typedef struct hipMipmappedArray* hipMipmappedArray_t;
typedef const struct hipMipmappedArray* hipMipmappedArray_const_t;
typedef struct __hip_texture* hipTextureObject_t;
typedef struct __hip_surface* hipSurfaceObject_t;
// HIP's values (ROCm 7.2 surface_types.h), not CUDA's (Clamp 1, Trap 2).
enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
};

enum hipResourceType {
  hipResourceTypeArray = 0,
  hipResourceTypeMipmappedArray = 1,
  hipResourceTypeLinear = 2,
  hipResourceTypePitch2D = 3
};
struct hipResourceDesc {
  enum hipResourceType resType;
  union {
    struct { hipArray_t array; } array;
    struct { hipMipmappedArray_t mipmap; } mipmap;
    struct { void* devPtr; hipChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void* devPtr;
      hipChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct hipResourceViewDesc {
  int format;
  size_t width, height, depth;
  unsigned firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
};

enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
};
enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };
enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };
struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
