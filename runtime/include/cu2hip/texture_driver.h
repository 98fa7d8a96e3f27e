//===- cu2hip/texture_driver.h - driver-API texture objects in software --===//
//
// With `cu2hip --texture=software` the driver API's texture objects go
// through the same software sampler as the runtime's (cu2hip/texture.h):
//   cuTexObjectCreate(&t, &res, &tex, view)
//       -> cu2hip::tex_object_create(&t, &res, &tex, view)
//   cuTexObjectDestroy(t) -> cu2hip::tex_object_destroy(t)
// The driver descriptors (CUDA_RESOURCE_DESC / CUDA_TEXTURE_DESC, ported to
// ROCm 7.2's HIP_RESOURCE_DESC / HIP_TEXTURE_DESC, same fields) are
// converted to the runtime's, by the rules of CUDA 13's cuda.h:
//  * a linear or pitch2D resource gives its element as `format` (the
//    CUarray_format, here hipArray_Format) times `numChannels`;
//  * integer texels are read as normalized floats unless `flags` has
//    CU_TRSF_READ_AS_INTEGER (the driver API's default is the promotion);
//  * CU_TRSF_NORMALIZED_COORDINATES selects normalized coordinates;
//    CU_TRSF_SRGB is not supported (hipErrorNotSupported), like sRGB in the
//    runtime form.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TEXTURE_DRIVER_H
#define CU2HIP_TEXTURE_DRIVER_H

#if !defined(__CU2HIP_EMU__) // the emulator declares the runtime types only

#include <cu2hip/texture.h>

namespace cu2hip {
namespace tex_detail {

/// Channel format of `n` channels of driver format `f`; false for a format
/// textures do not take or a channel count outside 1, 2, 4.
inline bool driverFormat(hipArray_Format f, unsigned n, hipChannelFormatDesc &out) {
  int bits = 0;
  hipChannelFormatKind k = hipChannelFormatKindUnsigned;
  switch (f) {
  case HIP_AD_FORMAT_UNSIGNED_INT8: bits = 8; break;
  case HIP_AD_FORMAT_UNSIGNED_INT16: bits = 16; break;
  case HIP_AD_FORMAT_UNSIGNED_INT32: bits = 32; break;
  case HIP_AD_FORMAT_SIGNED_INT8: bits = 8, k = hipChannelFormatKindSigned; break;
  case HIP_AD_FORMAT_SIGNED_INT16: bits = 16, k = hipChannelFormatKindSigned; break;
  case HIP_AD_FORMAT_SIGNED_INT32: bits = 32, k = hipChannelFormatKindSigned; break;
  case HIP_AD_FORMAT_HALF: bits = 16, k = hipChannelFormatKindFloat; break;
  case HIP_AD_FORMAT_FLOAT: bits = 32, k = hipChannelFormatKindFloat; break;
  default: return false;
  }
  if (n != 1 && n != 2 && n != 4)
    return false;
  out = hipCreateChannelDesc(bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0, k);
  return true;
}

/// The runtime resource descriptor of a driver one.
inline hipError_t driverResource(const HIP_RESOURCE_DESC &in, hipResourceDesc &out) {
  out = hipResourceDesc{};
  switch (in.resType) {
  case HIP_RESOURCE_TYPE_ARRAY:
    out.resType = hipResourceTypeArray;
    out.res.array.array = in.res.array.hArray;
    return hipSuccess;
  case HIP_RESOURCE_TYPE_LINEAR:
    out.resType = hipResourceTypeLinear;
    out.res.linear.devPtr = in.res.linear.devPtr;
    out.res.linear.sizeInBytes = in.res.linear.sizeInBytes;
    return driverFormat(in.res.linear.format, in.res.linear.numChannels, out.res.linear.desc)
               ? hipSuccess
               : hipErrorInvalidValue;
  case HIP_RESOURCE_TYPE_PITCH2D:
    out.resType = hipResourceTypePitch2D;
    out.res.pitch2D.devPtr = in.res.pitch2D.devPtr;
    out.res.pitch2D.width = in.res.pitch2D.width;
    out.res.pitch2D.height = in.res.pitch2D.height;
    out.res.pitch2D.pitchInBytes = in.res.pitch2D.pitchInBytes;
    return driverFormat(in.res.pitch2D.format, in.res.pitch2D.numChannels,
                        out.res.pitch2D.desc)
               ? hipSuccess
               : hipErrorInvalidValue;
  default:
    return hipErrorNotSupported; // mipmapped arrays
  }
}

/// The runtime texture descriptor of a driver one (flags as cuda.h defines
/// them: 0x01 read as integer, 0x02 normalized coordinates, 0x10 sRGB).
inline hipTextureDesc driverSampling(const HIP_TEXTURE_DESC &in) {
  hipTextureDesc out = {};
  for (int a = 0; a < 3; ++a)
    out.addressMode[a] = hipTextureAddressMode((int)in.addressMode[a]);
  out.filterMode = hipTextureFilterMode((int)in.filterMode);
  out.readMode = (in.flags & HIP_TRSF_READ_AS_INTEGER) ? hipReadModeElementType
                                                       : hipReadModeNormalizedFloat;
  out.normalizedCoords = (in.flags & HIP_TRSF_NORMALIZED_COORDINATES) ? 1 : 0;
  out.sRGB = (in.flags & HIP_TRSF_SRGB) ? 1 : 0;
  for (int c = 0; c < 4; ++c)
    out.borderColor[c] = in.borderColor[c];
  return out;
}

} // namespace tex_detail

/// cuTexObjectCreate with the software sampler: the driver descriptors
/// converted (above), then create_texture_object. `view` must be null.
/// Errors: hipErrorInvalidValue (null arguments, a format or channel count
/// textures do not take), hipErrorNotSupported (mipmapped arrays, sRGB, a
/// resource view), create_texture_object's errors.
inline hipError_t tex_object_create(hipTextureObject_t *obj, const HIP_RESOURCE_DESC *res,
                                    const HIP_TEXTURE_DESC *tex,
                                    const HIP_RESOURCE_VIEW_DESC *view = nullptr) {
  if (!obj || !res || !tex)
    return hipErrorInvalidValue;
  if (view)
    return hipErrorNotSupported;
  hipResourceDesc r;
  hipError_t err = tex_detail::driverResource(*res, r);
  if (err != hipSuccess)
    return err;
  hipTextureDesc t = tex_detail::driverSampling(*tex);
  return create_texture_object(obj, &r, &t, nullptr);
}

/// cuTexObjectDestroy: destroy_texture_object.
inline hipError_t tex_object_destroy(hipTextureObject_t obj) {
  return destroy_texture_object(obj);
}

} // namespace cu2hip

#endif

#endif
