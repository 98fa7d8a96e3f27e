//===- cu2hip/texture.h - CUDA texture objects without image instructions -===//
//
// CDNA targets (gfx90a, gfx942, gfx950) have no image instructions, so HIP's
// tex2D & co. do not compile for them. With `cu2hip --texture=software` a
// port uses this header instead (rule texture-software, docs/rules.md):
//   cudaCreateTextureObject(&t, &res, &tex, &view)
//       -> cu2hip::create_texture_object(&t, &res, &tex, &view)
//   cudaDestroyTextureObject(t) -> cu2hip::destroy_texture_object(t)
//   tex1Dfetch<T>/tex1D<T>/tex2D<T>/tex3D<T>/tex1DLayered<T>/tex2DLayered<T>/
//   texCubemap<T>/texCubemapLayered<T>
//       -> cu2hip::tex...<T> (cu2hip/texture_sampler.h: CUDA's addressing,
//          filtering and read modes, in software over the backing memory)
//   cudaCreateSurfaceObject/cudaDestroySurfaceObject, surf*read/surf*write
//       -> cu2hip::create_surface_object/..., cu2hip::surf... (software
//          surfaces, cu2hip/surface_access.h)
//   cuTexObjectCreate/cuTexObjectDestroy -> cu2hip::tex_object_create/...
//          (cu2hip/texture_driver.h)
//   cudaMemcpyToArray/cudaMemcpy2DToArray(Async)/cudaMemcpy3D(Async),
//   cudaMemcpyFromArray/cudaMemcpy2DFromArray(Async)
//       -> cu2hip::memcpy_... (the HIP copy with the mirror kept coherent)
//   cudaMallocMipmappedArray/cudaGetMipmappedArrayLevel/cudaFreeMipmappedArray,
//   cudaArrayGetInfo -> cu2hip::malloc_mipmapped_array/... (software
//          mipmapped arrays, cu2hip/texture_mipmap.h), fetched by
//          cu2hip::tex1DLod/tex2DLod/tex3DLod/tex1DGrad/tex2DGrad/tex3DGrad
// A texture or surface object is the device address of a TextureDesc, as a
// hipTextureObject_t / hipSurfaceObject_t, so kernel parameters and structs
// keep their types.
//
// Resources: linear and pitch2D read the user's memory directly. An array
// (hipArray_t) is opaque in ROCm 7.2 (driver_types.h declares `struct
// hipArray` without a definition: no public way to its device address or
// pitch), so the objects over an array share one linear mirror of it
// (reference-counted), copied from it when the first object is created
// (hipMemcpy3D: copy engines, no image instructions) and again after each
// of the wrapped copies into that array (stream-ordered for the Async
// forms). Surface objects write the mirror, so texture reads of the same
// array see their writes; once a surface object exists over an array, the
// mirror goes back into the array before a wrapped copy reads or writes it
// and when the last object is destroyed. Copies the wrappers do not see
// (units ported without --texture=software, graph copy nodes) are not
// coherent with the mirror.
// Mipmapped arrays are software ones (cu2hip/texture_mipmap.h): levels in
// linear memory, read and written directly by objects and copies.
// Not supported (hipErrorNotSupported): resource views that change the
// format, sRGB.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TEXTURE_H
#define CU2HIP_TEXTURE_H

#include <cu2hip/surface_access.h>
#include <cu2hip/texture_sampler.h>

#include <map>
#include <mutex>
#include <vector>

namespace cu2hip {
namespace tex_detail {

/// Host-side record of one software texture or surface object.
struct HostObject {
  TextureDesc desc;           ///< what the device copy holds
  hipArray_t array = nullptr; ///< the array whose shared mirror it reads (or null)
  std::vector<TextureDesc> levels; ///< a mipmapped texture's level descriptors
};

/// The memory of a level of a software mipmapped array, for copies:
/// `pitch` bytes per row, `width` x `height` elements of `elemBytes`.
struct LevelSpan {
  unsigned char *base;
  std::size_t pitch, width, height;
  int elemBytes;
};

// Software mipmapped arrays (cu2hip/texture_mipmap.h): a level is a
// hipArray_t over linear memory, read and written directly (no mirror).
inline bool softLevelLayout(const void *a, TextureDesc &d);
inline bool softLevelSpan(const void *a, LevelSpan &out);
inline hipError_t mipmapLevels(const TextureDesc &d, const void *m,
                               std::vector<TextureDesc> &out);

/// The linear mirror of one array, shared by every texture and surface
/// object over that array (so surface writes and texture reads of the
/// array see the same memory). `layout` holds the resource part of a
/// TextureDesc over `mem`; `refs` counts the objects; `written` is set once
/// a surface object exists over the array (its writes reach the array only
/// through syncToArray).
struct ArrayMirror {
  TextureDesc layout = {};
  void *mem = nullptr;
  int refs = 0;
  bool written = false;
};

/// Live objects by handle, mirrors by array; one mutex guards both.
inline std::map<hipTextureObject_t, HostObject> &objects() {
  static std::map<hipTextureObject_t, HostObject> M;
  return M;
}
inline std::map<hipArray_t, ArrayMirror> &mirrors() {
  static std::map<hipArray_t, ArrayMirror> M;
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
  d.mipmapFilterMode = (int)t.mipmapFilterMode;
  d.mipmapLevelBias = t.mipmapLevelBias;
  d.minMipmapLevelClamp = t.minMipmapLevelClamp;
  d.maxMipmapLevelClamp = t.maxMipmapLevelClamp;
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

/// Copies between array `a` and the mirror of `d` (tightly pitched): array
/// to mirror when `toMirror`, mirror to array otherwise; on `s` when `async`.
inline hipError_t copyArray(const TextureDesc &d, hipArray_t a, bool toMirror, bool async,
                            hipStream_t s) {
#if defined(__CU2HIP_EMU__)
  (void)d, (void)a, (void)toMirror, (void)async, (void)s;
  return hipErrorNotSupported;
#else
  void *lin = const_cast<unsigned char *>(d.base);
  hipMemcpy3DParms p = {};
  hipPitchedPtr ptr = make_hipPitchedPtr(lin, d.pitch, (size_t)d.width, (size_t)d.height);
  if (toMirror) {
    p.srcArray = a;
    p.dstPtr = ptr;
  } else {
    p.srcPtr = ptr;
    p.dstArray = a;
  }
  p.extent = make_hipExtent((size_t)d.width, (size_t)d.height,
                            (size_t)(d.layers ? d.layers : d.depth));
  p.kind = hipMemcpyDeviceToDevice;
  return async ? hipMemcpy3DAsync(&p, s) : hipMemcpy3D(&p);
#endif
}

/// Lays out a new linear mirror of array `a` in `m` (allocated, copied from
/// the array). Layered and cubemap arrays (hipArrayLayered,
/// hipArrayCubemap) keep their layers (6 faces per cubemap) in `layers`.
inline hipError_t newMirror(ArrayMirror &m, hipArray_t a) {
  hipChannelFormatDesc f;
  hipExtent e;
  unsigned flags = 0;
  hipError_t err = arrayInfo(a, f, e, flags);
  if (err != hipSuccess)
    return err;
  TextureDesc &d = m.layout;
  if (!setFormat(d, f))
    return hipErrorInvalidValue;
  bool layered = (flags & (hipArrayLayered | hipArrayCubemap)) != 0;
  d.width = (int)e.width;
  d.height = e.height ? (int)e.height : 1;
  d.depth = (!layered && e.depth) ? (int)e.depth : 1;
  d.layers = layered ? (int)(e.depth ? e.depth : 1) : 0;
  d.pitch = (std::size_t)d.width * (std::size_t)d.elemBytes;
  d.slicePitch = d.pitch * (std::size_t)d.height;
  std::size_t bytes = d.slicePitch * (std::size_t)(layered ? d.layers : d.depth);
  if ((err = ::hipMalloc(&m.mem, bytes)) != hipSuccess)
    return err;
  d.base = static_cast<const unsigned char *>(m.mem);
  if ((err = copyArray(d, a, true, false, nullptr)) != hipSuccess) {
    (void)::hipFree(m.mem);
    m.mem = nullptr;
  }
  return err;
}

/// Sets the resource part of `d` over the shared mirror of array `a`,
/// creating it for the first object over `a` (one more reference).
/// `surface`: the object writes the mirror.
inline hipError_t mirrorArray(TextureDesc &d, hipArray_t a, bool surface) {
  std::lock_guard<std::mutex> L(objectsMutex());
  auto It = mirrors().find(a);
  if (It == mirrors().end()) {
    ArrayMirror m;
    hipError_t err = newMirror(m, a);
    if (err != hipSuccess)
      return err;
    It = mirrors().emplace(a, m).first;
  }
  ArrayMirror &m = It->second;
  const TextureDesc &l = m.layout;
  d.base = l.base;
  d.pitch = l.pitch;
  d.slicePitch = l.slicePitch;
  d.width = l.width, d.height = l.height, d.depth = l.depth, d.layers = l.layers;
  d.elemBytes = l.elemBytes, d.channels = l.channels, d.channelBits = l.channelBits;
  d.kind = l.kind;
  ++m.refs;
  m.written = m.written || surface;
  return hipSuccess;
}

/// Drops one reference to the mirror of `a`; the last one writes a mirror
/// that surfaces wrote back into the array and frees it.
inline void releaseMirror(hipArray_t a) {
  std::lock_guard<std::mutex> L(objectsMutex());
  auto It = mirrors().find(a);
  if (It == mirrors().end() || --It->second.refs > 0)
    return;
  if (It->second.written)
    (void)copyArray(It->second.layout, a, false, false, nullptr);
  (void)::hipFree(It->second.mem);
  mirrors().erase(It);
}

/// Fills the resource part of `d` (the shared mirror for an array resource).
inline hipError_t setResource(TextureDesc &d, const hipResourceDesc &r, bool surface) {
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
    return softLevelLayout(r.res.array.array, d) ? hipSuccess
                                                 : mirrorArray(d, r.res.array.array, surface);
  default:
    return hipErrorNotSupported; // mipmapped arrays: setMipmapResource
  }
}

/// The resource of a texture object over mipmapped array `m`: the level
/// descriptors in `H.levels` (sampling state of `H.desc`), `H.desc` level 0
/// with the level count.
inline hipError_t setMipmapResource(HostObject &H, const void *m) {
  hipError_t err = mipmapLevels(H.desc, m, H.levels);
  if (err != hipSuccess)
    return err;
  H.desc = H.levels[0];
  H.desc.levels = (int)H.levels.size();
  return hipSuccess;
}

/// The array an object must hold a mirror reference to: `a` unless it is a
/// software mipmap level (read directly).
inline hipArray_t mirroredArray(hipArray_t a) {
  LevelSpan s;
  return softLevelSpan(a, s) ? nullptr : a;
}

/// Before a copy touches array `a`: a mirror that surfaces wrote goes back
/// into the array (on `s` when `async`), so the copy and the array agree.
inline hipError_t syncToArray(hipArray_t a, bool async, hipStream_t s) {
  std::lock_guard<std::mutex> L(objectsMutex());
  auto It = mirrors().find(a);
  if (It == mirrors().end() || !It->second.written)
    return hipSuccess;
  return copyArray(It->second.layout, a, false, async, s);
}

/// After a copy into array `a`: its mirror refreshed from the array.
inline hipError_t refreshMirrors(hipArray_t a, bool async, hipStream_t s) {
  std::lock_guard<std::mutex> L(objectsMutex());
  auto It = mirrors().find(a);
  return It == mirrors().end() ? hipSuccess
                               : copyArray(It->second.layout, a, true, async, s);
}

/// Records a new object `H` (its descriptor copied to device memory) and
/// returns its handle in `*obj`; on failure releases what `H` holds.
inline hipError_t publish(HostObject &H, hipTextureObject_t *obj) {
  void *dev = nullptr;
  std::size_t n = 1 + H.levels.size(); // a mipmapped texture's levels follow its descriptor
  hipError_t err = ::hipMalloc(&dev, n * sizeof(H.desc));
  if (!H.levels.empty() && err == hipSuccess) {
    H.desc.level = static_cast<const TextureDesc *>(dev) + 1;
    err = hipMemcpy(static_cast<TextureDesc *>(dev) + 1, H.levels.data(),
                    H.levels.size() * sizeof(H.desc), hipMemcpyHostToDevice);
  }
  if (err == hipSuccess)
    err = hipMemcpy(dev, &H.desc, sizeof(H.desc), hipMemcpyHostToDevice);
  if (err != hipSuccess) {
    if (dev)
      (void)::hipFree(dev);
    if (H.array)
      releaseMirror(H.array);
    return err;
  }
  *obj = reinterpret_cast<hipTextureObject_t>(dev);
  std::lock_guard<std::mutex> L(objectsMutex());
  objects()[*obj] = H;
  return hipSuccess;
}

/// Forgets object `obj` and frees its descriptor (and its mirror reference).
inline hipError_t retire(hipTextureObject_t obj) {
  HostObject H;
  {
    std::lock_guard<std::mutex> L(objectsMutex());
    auto It = objects().find(obj);
    if (It == objects().end())
      return hipErrorInvalidValue;
    H = It->second;
    objects().erase(It);
  }
  if (H.array)
    releaseMirror(H.array);
  return ::hipFree(reinterpret_cast<void *>(obj));
}

} // namespace tex_detail

/// cudaCreateTextureObject with a software sampler: records the resource
/// (linear, pitch2D, or array through the array's shared mirror) and the
/// sampling state in a device-resident descriptor whose address becomes
/// `*obj`. `view` must be null (or describe the resource unchanged: not
/// checked). A mipmapped array resource (cu2hip/texture_mipmap.h) gives an
/// object with one descriptor per level for tex*Lod/tex*Grad; a level of one
/// (an array resource) is read directly. Errors: hipErrorInvalidValue (null
/// arguments, a format textures do not take, an unknown mipmapped array),
/// hipErrorNotSupported (sRGB), allocation errors.
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
    err = res->resType == hipResourceTypeMipmappedArray
              ? tex_detail::setMipmapResource(H, res->res.mipmap.mipmap)
              : tex_detail::setResource(H.desc, *res, false);
  if (err != hipSuccess)
    return err;
  if (res->resType == hipResourceTypeArray)
    H.array = tex_detail::mirroredArray(res->res.array.array);
  return tex_detail::publish(H, obj);
}

/// cudaDestroyTextureObject: frees the descriptor and drops the mirror.
/// hipErrorInvalidValue for a handle create_texture_object did not return.
inline hipError_t destroy_texture_object(hipTextureObject_t obj) {
  return tex_detail::retire(obj);
}

/// cudaCreateSurfaceObject in software (cu2hip/surface_access.h): a
/// descriptor over the array's shared mirror, the one texture objects over
/// the same array read, so surface writes and texture reads stay coherent.
/// The array is brought up to date from the mirror before any copy out of
/// or into it (the wrapped copies below) and when the last object over it
/// is destroyed. Errors: hipErrorInvalidValue (null arguments, a resource
/// other than an array, as in CUDA), allocation and copy errors.
inline hipError_t create_surface_object(hipSurfaceObject_t *obj, const hipResourceDesc *res) {
  if (!obj || !res || res->resType != hipResourceTypeArray)
    return hipErrorInvalidValue;
  tex_detail::HostObject H;
  H.desc = tex_detail::TextureDesc{};
  hipError_t err = tex_detail::setResource(H.desc, *res, true);
  if (err != hipSuccess)
    return err;
  H.array = tex_detail::mirroredArray(res->res.array.array);
  hipTextureObject_t t = nullptr;
  err = tex_detail::publish(H, &t);
  if (err == hipSuccess)
    *obj = reinterpret_cast<hipSurfaceObject_t>(t);
  return err;
}

/// cudaDestroySurfaceObject: frees the descriptor; the last object over the
/// array writes the mirror back into it.
inline hipError_t destroy_surface_object(hipSurfaceObject_t obj) {
  return tex_detail::retire(reinterpret_cast<hipTextureObject_t>(obj));
}

#if !defined(__CU2HIP_EMU__) // the emulator has no arrays
namespace tex_detail {

/// Byte (wOffset, hOffset) of software level `a` (wOffset in bytes, as the
/// array copies take it); null when `a` is not a software level.
inline unsigned char *levelAt(const void *a, size_t wOffset, size_t hOffset, size_t &pitch) {
  LevelSpan s;
  if (!softLevelSpan(a, s))
    return nullptr;
  pitch = s.pitch;
  return s.base + hOffset * s.pitch + wOffset;
}

/// `p` with each side that is a software level turned into the pitched
/// pointer over its memory (its position x in bytes), and the extent's
/// width in bytes when no array is left (HIP's rule for pointer copies).
inline hipMemcpy3DParms levelParms(const hipMemcpy3DParms &p) {
  hipMemcpy3DParms q = p;
  LevelSpan s;
  int elem = 0;
  if (p.srcArray && softLevelSpan(p.srcArray, s)) {
    q.srcArray = nullptr;
    q.srcPtr = make_hipPitchedPtr(s.base, s.pitch, s.width * (size_t)s.elemBytes, s.height);
    q.srcPos.x *= (size_t)s.elemBytes;
    elem = s.elemBytes;
  }
  if (p.dstArray && softLevelSpan(p.dstArray, s)) {
    q.dstArray = nullptr;
    q.dstPtr = make_hipPitchedPtr(s.base, s.pitch, s.width * (size_t)s.elemBytes, s.height);
    q.dstPos.x *= (size_t)s.elemBytes;
    elem = s.elemBytes;
  }
  if (elem && !q.srcArray && !q.dstArray)
    q.extent.width *= (size_t)elem;
  return q;
}

} // namespace tex_detail

/// cudaMemcpy2DToArray, then the mirrors of textures over `dst` refreshed
/// (into a software mipmap level: a 2D copy into its memory).
inline hipError_t memcpy_2d_to_array(hipArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width,
                                     size_t height, hipMemcpyKind kind) {
  size_t pitch = 0;
  if (unsigned char *at = tex_detail::levelAt(dst, wOffset, hOffset, pitch))
    return hipMemcpy2D(at, pitch, src, spitch, width, height, kind);
  hipError_t e = tex_detail::syncToArray(dst, false, nullptr);
  if (e == hipSuccess)
    e = hipMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, false, nullptr);
}

/// cudaMemcpy2DToArrayAsync, then the mirrors refreshed on `stream`.
inline hipError_t memcpy_2d_to_array_async(hipArray_t dst, size_t wOffset, size_t hOffset,
                                           const void *src, size_t spitch, size_t width,
                                           size_t height, hipMemcpyKind kind,
                                           hipStream_t stream = nullptr) {
  size_t pitch = 0;
  if (unsigned char *at = tex_detail::levelAt(dst, wOffset, hOffset, pitch))
    return hipMemcpy2DAsync(at, pitch, src, spitch, width, height, kind, stream);
  hipError_t e = tex_detail::syncToArray(dst, true, stream);
  if (e == hipSuccess)
    e = hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                stream);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, true, stream);
}

/// cudaMemcpyToArray (deprecated in CUDA), then the mirrors refreshed.
inline hipError_t memcpy_to_array(hipArray_t dst, size_t wOffset, size_t hOffset,
                                  const void *src, size_t count, hipMemcpyKind kind) {
  size_t pitch = 0;
  if (unsigned char *at = tex_detail::levelAt(dst, wOffset, hOffset, pitch))
    return hipMemcpy(at, src, count, kind);
  hipError_t e = tex_detail::syncToArray(dst, false, nullptr);
  if (e == hipSuccess)
    e = hipMemcpyToArray(dst, wOffset, hOffset, src, count, kind);
  return e != hipSuccess ? e : tex_detail::refreshMirrors(dst, false, nullptr);
}

/// cudaMemcpyFromArray (deprecated in CUDA), after surface writes to `src`
/// reached the array.
inline hipError_t memcpy_from_array(void *dst, hipArray_const_t src, size_t wOffset,
                                    size_t hOffset, size_t count, hipMemcpyKind kind) {
  size_t pitch = 0;
  if (const unsigned char *at = tex_detail::levelAt(src, wOffset, hOffset, pitch))
    return hipMemcpy(dst, at, count, kind);
  hipError_t e = tex_detail::syncToArray(const_cast<hipArray_t>(src), false, nullptr);
  return e != hipSuccess ? e : hipMemcpyFromArray(dst, src, wOffset, hOffset, count, kind);
}

/// cudaMemcpy2DFromArray, after surface writes to `src` reached the array.
inline hipError_t memcpy_2d_from_array(void *dst, size_t dpitch, hipArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width,
                                       size_t height, hipMemcpyKind kind) {
  size_t pitch = 0;
  if (const unsigned char *at = tex_detail::levelAt(src, wOffset, hOffset, pitch))
    return hipMemcpy2D(dst, dpitch, at, pitch, width, height, kind);
  hipError_t e = tex_detail::syncToArray(const_cast<hipArray_t>(src), false, nullptr);
  return e != hipSuccess ? e
                         : hipMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width,
                                                height, kind);
}

/// cudaMemcpy2DFromArrayAsync, stream-ordered after the write-back.
inline hipError_t memcpy_2d_from_array_async(void *dst, size_t dpitch, hipArray_const_t src,
                                             size_t wOffset, size_t hOffset, size_t width,
                                             size_t height, hipMemcpyKind kind,
                                             hipStream_t stream = nullptr) {
  size_t pitch = 0;
  if (const unsigned char *at = tex_detail::levelAt(src, wOffset, hOffset, pitch))
    return hipMemcpy2DAsync(dst, dpitch, at, pitch, width, height, kind, stream);
  hipError_t e = tex_detail::syncToArray(const_cast<hipArray_t>(src), true, stream);
  return e != hipSuccess ? e
                         : hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width,
                                                     height, kind, stream);
}

/// cudaMemcpy3D(Async): a source array brought up to date first, the
/// mirrors of a destination array refreshed after; a software mipmap level
/// copied as the pitched memory it is.
inline hipError_t memcpy_3d_on(const hipMemcpy3DParms *p0, bool async, hipStream_t s) {
  if (!p0)
    return hipErrorInvalidValue;
  hipMemcpy3DParms q = tex_detail::levelParms(*p0); // software mipmap levels as pointers
  const hipMemcpy3DParms *p = &q;
  hipError_t e = hipSuccess;
  if (p->srcArray)
    e = tex_detail::syncToArray(p->srcArray, async, s);
  if (e == hipSuccess && p->dstArray)
    e = tex_detail::syncToArray(p->dstArray, async, s);
  if (e == hipSuccess)
    e = async ? hipMemcpy3DAsync(p, s) : hipMemcpy3D(p);
  return (e != hipSuccess || !p->dstArray) ? e
                                           : tex_detail::refreshMirrors(p->dstArray, async, s);
}

/// cudaMemcpy3D, then the mirrors of a destination array refreshed.
inline hipError_t memcpy_3d(const hipMemcpy3DParms *p) { return memcpy_3d_on(p, false, nullptr); }

/// cudaMemcpy3DAsync, then the mirrors refreshed on `stream`.
inline hipError_t memcpy_3d_async(const hipMemcpy3DParms *p, hipStream_t stream = nullptr) {
  return memcpy_3d_on(p, true, stream);
}

#endif

} // namespace cu2hip

#include <cu2hip/texture_mipmap.h>
#include <cu2hip/texture_driver.h>

#endif
