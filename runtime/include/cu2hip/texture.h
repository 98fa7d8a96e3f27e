//===- cu2hip/texture.h - CUDA texture objects without image instructions -===//
//
// CDNA targets (gfx90a, gfx942, gfx950) have no image instructions, so HIP's
// tex2D & co. do not compile for them. With `cu2hip --texture=software` a
// port uses this header instead (rule texture-software, docs/rules.md):
//   cudaCreateTextureObject(&t, &res, &tex, &view)
//       -> cu2hip::create_texture_object(&t, &res, &tex, &view)
//   cudaDestroyTextureObject(t) -> cu2hip::destroy_texture_object(t)
//   tex1Dfetch<T>/tex1D<T>/tex2D<T>/tex3D<T>/tex1DLayered<T>/tex2DLayered<T>
//       -> cu2hip::tex...<T> (cu2hip/texture_sampler.h: CUDA's addressing,
//          filtering and read modes, in software over the backing memory)
//   cudaMemcpyToArray/cudaMemcpy2DToArray(Async)/cudaMemcpy3D(Async)
//       -> cu2hip::memcpy_... (the HIP copy, then the mirrors refreshed)
// A texture object is the device address of a TextureDesc, as a
// hipTextureObject_t, so kernel parameters and structs keep their types.
//
// Resources: linear and pitch2D read the user's memory directly. An array
// (hipArray_t) is opaque in ROCm 7.2 (driver_types.h declares `struct
// hipArray` without a definition: no public way to its device address or
// pitch), so the object owns a linear mirror of the array, copied from it
// at creation (hipMemcpy2DFromArray / hipMemcpy3D: copy engines, no image
// instructions) and again after each of the wrapped copies into that array
// (stream-ordered for the Async forms). Writes the wrappers do not see
// (surface writes, copies in units ported without --texture=software, graph
// copy nodes) leave the mirror stale: the rule warns at surface writes.
// Not supported (hipErrorNotSupported): mipmapped arrays, resource views
// that change the format, sRGB.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TEXTURE_H
#define CU2HIP_TEXTURE_H

#include <cu2hip/texture_sampler.h>

#include <map>
#include <mutex>
#include <vector>

namespace cu2hip {
namespace tex_detail {

/// Host-side record of one software texture object.
struct HostObject {
  TextureDesc desc;       ///< what the device copy holds
  void *mirror = nullptr; ///< owned linear copy of an array (or null)
  hipArray_t array = nullptr;
};

/// Live objects by handle; the mutex guards it.
inline std::map<hipTextureObject_t, HostObject> &objects() {
  static std::map<hipTextureObject_t, HostObject> M;
  return M;
}
inline std::mutex &objectsMutex() {
  static std::mutex M;
  return M;
}

/// Fills the element format of `d` from a channel format; false when it is
/// not one CUDA textures take (channels of unequal width, no channel).
inline bool setFormat(TextureDesc &d, const hipChannelFormatDesc &f) {
  int bits[4] = {f.x, f.y, f.z, f.w}, n = 0;
  while (n < 4 && bits[n] > 0)
    ++n;
  if (n == 0 || (bits[0] != 8 && bits[0] != 16 && bits[0] != 32))
    return false;
  for (int c = 1; c < n; ++c)
    if (bits[c] != bits[0])
      return false;
  if (f.f != hipChannelFormatKindSigned && f.f != hipChannelFormatKindUnsigned &&
      f.f != hipChannelFormatKindFloat)
    return false;
  d.channels = n;
  d.channelBits = bits[0];
  d.kind = (int)f.f;
  d.elemBytes = n * bits[0] / 8;
  return true;
}

/// Fills the sampling state of `d` from a texture descriptor.
inline hipError_t setSampling(TextureDesc &d, const hipTextureDesc &t) {
  if (t.sRGB)
    return hipErrorNotSupported;
  for (int a = 0; a < 3; ++a)
    d.addressMode[a] = (int)t.addressMode[a];
  for (int c = 0; c < 4; ++c)
    d.borderColor[c] = t.borderColor[c];
  d.normalizedCoords = t.normalizedCoords;
  d.filterMode = (int)t.filterMode;
  d.readMode = (int)t.readMode;
  return hipSuccess;
}

/// Element format, extent (texels; 0 where absent) and flags of an array.
inline hipError_t arrayInfo(hipArray_t a, hipChannelFormatDesc &f, hipExtent &e,
                            unsigned &flags) {
#if defined(__HIP_PLATFORM_NVIDIA__)
  return hipCUDAErrorTohipError(cudaArrayGetInfo(&f, &e, &flags, a));
#elif defined(__CU2HIP_EMU__)
  (void)a, (void)f, (void)e, (void)flags;
  return hipErrorNotSupported;
#else
  return hipArrayGetInfo(&f, &e, &flags, a);
#endif
}

/// Copies array `a` into the mirror of `d` (tightly pitched), on `s` when
/// `async`.
inline hipError_t copyFromArray(const TextureDesc &d, hipArray_t a, bool async,
                                hipStream_t s) {
#if defined(__CU2HIP_EMU__)
  (void)d, (void)a, (void)async, (void)s;
  return hipErrorNotSupported;
#else
  void *dst = const_cast<unsigned char *>(d.base);
  hipMemcpy3DParms p = {};
  p.srcArray = a;
  p.dstPtr = make_hipPitchedPtr(dst, d.pitch, (size_t)d.width, (size_t)d.height);
  p.extent = make_hipExtent((size_t)d.width, (size_t)d.height,
                            (size_t)(d.layers ? d.layers : d.depth));
  p.kind = hipMemcpyDeviceToDevice;
  return async ? hipMemcpy3DAsync(&p, s) : hipMemcpy3D(&p);
#endif
}

/// Sets `d` up over a linear mirror of array `a` (allocated into `mirror`).
inline hipError_t mirrorArray(TextureDesc &d, hipArray_t a, void *&mirror) {
  hipChannelFormatDesc f;
  hipExtent e;
  unsigned flags = 0;
  hipError_t err = arrayInfo(a, f, e, flags);
  if (err != hipSuccess)
    return err;
  if (!setFormat(d, f))
    return hipErrorInvalidValue;
  bool layered = (flags & hipArrayLayered) != 0;
  d.width = (int)e.width;
  d.height = e.height ? (int)e.height : 1;
  d.depth = (!layered && e.depth) ? (int)e.depth : 1;
  d.layers = layered ? (int)(e.depth ? e.depth : 1) : 0;
  d.pitch = (std::size_t)d.width * (std::size_t)d.elemBytes;
  d.slicePitch = d.pitch * (std::size_t)d.height;
  std::size_t bytes = d.slicePitch * (std::size_t)(layered ? d.layers : d.depth);
  if ((err = hipMalloc(&mirror, bytes)) != hipSuccess)
    return err;
  d.base = static_cast<const unsigned char *>(mirror);
  return copyFromArray(d, a, false, nullptr);
}

/// Fills the resource part of `d` (and a mirror for an array resource).
inline hipError_t setResource(TextureDesc &d, const hipResourceDesc &r, void *&mirror) {
  d.height = d.depth = 1;
  d.layers = 0;
  switch (r.resType) {
  case hipResourceTypeLinear:
    if (!r.res.linear.devPtr || !setFormat(d, r.res.linear.desc))
      return hipErrorInvalidValue;
    d.base = static_cast<const unsigned char *>(r.res.linear.devPtr);
    d.width = (int)(r.res.linear.sizeInBytes / (std::size_t)d.elemBytes);
    d.pitch = d.slicePitch = r.res.linear.sizeInBytes;
    return hipSuccess;
  case hipResourceTypePitch2D:
    if (!r.res.pitch2D.devPtr || !setFormat(d, r.res.pitch2D.desc))
      return hipErrorInvalidValue;
    d.base = static_cast<const unsigned char *>(r.res.pitch2D.devPtr);
    d.width = (int)r.res.pitch2D.width;
    d.height = (int)r.res.pitch2D.height;
    d.pitch = r.res.pitch2D.pitchInBytes;
    d.slicePitch = d.pitch * (std::size_t)d.height;
    return hipSuccess;
  case hipResourceTypeArray:
    return mirrorArray(d, r.res.array.array, mirror);
  default:
    return hipErrorNotSupported; // mipmapped arrays
  }
}

/// Refreshes the mirror of every texture object over array `a`.
inline hipError_t refreshMirrors(hipArray_t a, bool async, hipStream_t s) {
  std::lock_guard<std::mutex> L(objectsMutex());
  for (auto &KV : objects())
    if (KV.second.array == a && KV.second.mirror) {
      hipError_t e = copyFromArray(KV.second.desc, a, async, s);
      if (e != hipSuccess)
        return e;
    }
  return hipSuccess;
}

} // namespace tex_detail

/// cudaCreateTextureObject with a software sampler: records the resource
/// (linear, pitch2D, or array through an owned mirror) and the sampling
/// state in a device-resident descriptor whose address becomes `*obj`.
/// `view` must be null (or describe the resource unchanged: not checked).
/// Errors: hipErrorInvalidValue (null arguments, a format textures do not
/// take), hipErrorNotSupported (mipmapped arrays, sRGB), allocation errors.
inline hipError_t create_texture_object(hipTextureObject_t *obj, const hipResourceDesc *res,
                                        const hipTextureDesc *tex,
                                        const hipResourceViewDesc *view = nullptr) {
  (void)view;
  if (!obj || !res || !tex)
    return hipErrorInvalidValue;
  tex_detail::HostObject H;
  H.desc = tex_detail::TextureDesc{};
  hipError_t err = tex_detail::setSampling(H.desc, *tex);
  if (err == hipSuccess)
    err = tex_detail::setResource(H.desc, *res, H.mirror);
  void *dev = nullptr;
  if (err == hipSuccess && (err = hipMalloc(&dev, sizeof(H.desc))) == hipSuccess)
    err = hipMemcpy(dev, &H.desc, sizeof(H.desc), hipMemcpyHostToDevice);
  if (err != hipSuccess) {
    if (dev)
      (void)hipFree(dev);
    if (H.mirror)
      (void)hipFree(H.mirror);
    return err;
  }
  if (res->resType == hipResourceTypeArray)
    H.array = res->res.array.array;
  *obj = reinterpret_cast<hipTextureObject_t>(dev);
  std::lock_guard<std::mutex> L(tex_detail::objectsMutex());
  tex_detail::objects()[*obj] = H;
  return hipSuccess;
}

/// cudaDestroyTextureObject: frees the descriptor and any mirror.
/// hipErrorInvalidValue for a handle create_texture_object did not return.
inline hipError_t destroy_texture_object(hipTextureObject_t obj) {
  tex_detail::HostObject H;
  {
    std::lock_guard<std::mutex> L(tex_detail::objectsMutex());
    auto It = tex_detail::objects().find(obj);
    if (It == tex_detail::objects().end())
      return hipErrorInvalidValue;
    H = It->second;
    tex_detail::objects().erase(It);
  }
  if (H.mirror)
    (void)hipFree(H.mirror);
  return hipFree(reinterpret_cast<void *>(obj));
}

#if !defined(__CU2HIP_EMU__) // the emulator has no arrays
/// cudaMemcpy2DToArray, then the mirrors of textures over `dst` refreshed.
inline hipError_t memcpy_2d_to_array(hipArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width,
                                     size_t height, hipMemcpyKind kind) {
  hipError_t e = hipMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, false, nullptr);
}

/// cudaMemcpy2DToArrayAsync, then the mirrors refreshed on `stream`.
inline hipError_t memcpy_2d_to_array_async(hipArray_t dst, size_t wOffset, size_t hOffset,
                                           const void *src, size_t spitch, size_t width,
                                           size_t height, hipMemcpyKind kind,
                                           hipStream_t stream = nullptr) {
  hipError_t e = hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height,
                                         kind, stream);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, true, stream);
}

/// cudaMemcpyToArray (deprecated in CUDA), then the mirrors refreshed.
inline hipError_t memcpy_to_array(hipArray_t dst, size_t wOffset, size_t hOffset,
                                  const void *src, size_t count, hipMemcpyKind kind) {
  hipError_t e = hipMemcpyToArray(dst, wOffset, hOffset, src, count, kind);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, false, nullptr);
}

/// cudaMemcpy3D, then the mirrors of a destination array refreshed.
inline hipError_t memcpy_3d(const hipMemcpy3DParms *p) {
  hipError_t e = hipMemcpy3D(p);
  return (e != hipSuccess || !p || !p->dstArray) ? e
                                                 : tex_detail::refreshMirrors(p->dstArray, false,
                                                                              nullptr);
}

/// cudaMemcpy3DAsync, then the mirrors refreshed on `stream`.
inline hipError_t memcpy_3d_async(const hipMemcpy3DParms *p, hipStream_t stream = nullptr) {
  hipError_t e = hipMemcpy3DAsync(p, stream);
  return (e != hipSuccess || !p || !p->dstArray) ? e
                                                 : tex_detail::refreshMirrors(p->dstArray, true,
                                                                              stream);
}

#endif

} // namespace cu2hip

#endif
