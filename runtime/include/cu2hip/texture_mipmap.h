//===- cu2hip/texture_mipmap.h - CUDA mipmapped arrays in software --------===//
//
// The mipmapped arrays of `cu2hip --texture=software` (included by
// cu2hip/texture.h):
//   cudaMallocMipmappedArray(&m, &desc, extent, levels, flags)
//       -> cu2hip::malloc_mipmapped_array(...)
//   cudaGetMipmappedArrayLevel(&a, m, level) -> cu2hip::get_mipmapped_array_level(...)
//   cudaFreeMipmappedArray(m) -> cu2hip::free_mipmapped_array(m)
//   cudaArrayGetInfo(&desc, &extent, &flags, a) -> cu2hip::array_get_info(...)
// HIP's mipmapped arrays are images, which CDNA targets (gfx90a, gfx942,
// gfx950) do not have; here every level is linear device memory (one
// allocation, each level tightly pitched), so the software sampler reads it
// on every target and the emulator runs it. A level is a `hipArray_t` whose
// value is the address of its host record (SoftLevel): texture and surface
// objects over a level and the array copies of cu2hip/texture.h read and
// write its memory directly (no mirror); hipArray functions that
// cu2hip/texture.h does not wrap must not be given one.
//
// CUDA's rules (cuda_runtime_api.h, cuda.h): 1D when height and depth are 0,
// 2D when depth is 0, 3D otherwise; level l has max(1, n >> l) elements in
// each dimension that is not 0, and 0 in the others (cudaArrayGetInfo
// reports a 2D level's depth as 0); the level count is clamped to [1, 1 +
// floor(log2(max(width, height, depth)))]. Layered and cubemap mipmapped
// arrays (cudaArrayLayered, cudaArrayCubemap) are not supported
// (hipErrorNotSupported).
//
// A texture object over a mipmapped array (cudaResourceTypeMipmappedArray)
// holds one descriptor per level (tex_detail::mipmapLevels); tex1DLod/
// tex2DLod/tex3DLod and tex*Grad select levels by cudaTextureDesc's
// mipmapFilterMode, mipmapLevelBias, minMipmapLevelClamp and
// maxMipmapLevelClamp (cu2hip/texture_sampler.h, pickLevels).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TEXTURE_MIPMAP_H
#define CU2HIP_TEXTURE_MIPMAP_H

#include <cu2hip/texture.h>

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace cu2hip {
namespace tex_detail {

/// One level of a software mipmapped array; its address is the level's
/// hipArray_t. `layout` is the resource part of a TextureDesc over the
/// level's memory; `extent` is what cudaArrayGetInfo reports (0 in the
/// dimensions the array does not have).
struct SoftLevel {
  TextureDesc layout = {};
  hipChannelFormatDesc format = {};
  hipExtent extent = {};
};

/// A software mipmapped array: its levels (level 0 first) over `mem`.
struct SoftMipmap {
  std::vector<std::unique_ptr<SoftLevel>> levels;
  void *mem = nullptr;
};

/// Live mipmapped arrays by handle and their levels by array handle; one
/// mutex guards both.
inline std::map<const void *, std::unique_ptr<SoftMipmap>> &softMipmaps() {
  static std::map<const void *, std::unique_ptr<SoftMipmap>> M;
  return M;
}
inline std::map<const void *, const SoftLevel *> &softLevels() {
  static std::map<const void *, const SoftLevel *> M;
  return M;
}
inline std::mutex &mipmapMutex() {
  static std::mutex M;
  return M;
}

/// The software level array `a` is, or null for any other array.
inline const SoftLevel *softLevel(const void *a) {
  std::lock_guard<std::mutex> L(mipmapMutex());
  auto It = softLevels().find(a);
  return It == softLevels().end() ? nullptr : It->second;
}

/// The resource part of `d` (memory, sizes, element format) from level
/// layout `l`; not mipmapped itself.
inline void setLevelLayout(TextureDesc &d, const TextureDesc &l) {
  d.base = l.base, d.pitch = l.pitch, d.slicePitch = l.slicePitch;
  d.width = l.width, d.height = l.height, d.depth = l.depth, d.layers = 0;
  d.elemBytes = l.elemBytes, d.channels = l.channels, d.channelBits = l.channelBits;
  d.kind = l.kind;
  d.levels = 0, d.level = nullptr;
}

/// Fills the resource part of `d` from software level `a`; false when `a`
/// is not one (declared in cu2hip/texture.h).
inline bool softLevelLayout(const void *a, TextureDesc &d) {
  const SoftLevel *S = softLevel(a);
  if (!S)
    return false;
  setLevelLayout(d, S->layout);
  return true;
}

/// The memory of software level `a` for a copy; false when `a` is not one
/// (declared in cu2hip/texture.h).
inline bool softLevelSpan(const void *a, LevelSpan &out) {
  const SoftLevel *S = softLevel(a);
  if (!S)
    return false;
  const TextureDesc &l = S->layout;
  out = LevelSpan{const_cast<unsigned char *>(l.base), l.pitch, (std::size_t)l.width,
                  (std::size_t)l.height, l.elemBytes};
  return true;
}

/// max(1, n >> l) for a dimension that exists (n > 0), 0 otherwise.
inline std::size_t levelSize(std::size_t n, unsigned l) {
  return n == 0 ? 0 : ((n >> l) ? (n >> l) : 1);
}

/// The level count CUDA allocates for `requested` levels of `e`: clamped to
/// [1, 1 + floor(log2(max(width, height, depth)))].
inline unsigned levelCount(hipExtent e, unsigned requested) {
  std::size_t m = e.width > e.height ? e.width : e.height;
  m = m > e.depth ? m : e.depth;
  unsigned full = 0;
  while (m) {
    m >>= 1;
    ++full;
  }
  return requested < 1 ? 1 : (requested > full ? full : requested);
}

/// Lays out the levels of `M` (formats and sizes; bases as offsets from 0)
/// and returns the bytes they take, each level starting 256-byte aligned.
inline std::size_t layoutLevels(SoftMipmap &M, const hipChannelFormatDesc &f, hipExtent e,
                                unsigned n) {
  std::size_t offset = 0;
  for (unsigned l = 0; l < n; ++l) {
    auto S = std::make_unique<SoftLevel>();
    TextureDesc &d = S->layout;
    setFormat(d, f);
    S->format = f;
    S->extent = hipExtent{levelSize(e.width, l), levelSize(e.height, l), levelSize(e.depth, l)};
    d.width = (int)S->extent.width;
    d.height = S->extent.height ? (int)S->extent.height : 1;
    d.depth = S->extent.depth ? (int)S->extent.depth : 1;
    d.pitch = (std::size_t)d.width * (std::size_t)d.elemBytes;
    d.slicePitch = d.pitch * (std::size_t)d.height;
    d.base = reinterpret_cast<const unsigned char *>(offset);
    offset += (d.slicePitch * (std::size_t)d.depth + 255) / 256 * 256;
    M.levels.push_back(std::move(S));
  }
  return offset;
}

/// The per-level descriptors of a texture object over mipmapped array `m`:
/// each level's layout with the sampling state of `d` (level 0 first).
/// hipErrorInvalidValue for a handle malloc_mipmapped_array did not return.
inline hipError_t mipmapLevels(const TextureDesc &d, const void *m,
                               std::vector<TextureDesc> &out) {
  std::lock_guard<std::mutex> L(mipmapMutex());
  auto It = softMipmaps().find(m);
  if (It == softMipmaps().end())
    return hipErrorInvalidValue;
  out.assign(It->second->levels.size(), d);
  for (std::size_t l = 0; l < out.size(); ++l)
    setLevelLayout(out[l], It->second->levels[l]->layout);
  return hipSuccess;
}

} // namespace tex_detail

/// cudaMallocMipmappedArray in software: `numLevels` levels (clamped as
/// CUDA does) of `*desc` elements, level 0 of `extent` (elements), in one
/// device allocation; `*out` is the handle. Errors: hipErrorInvalidValue
/// (null arguments, width 0, height 0 with depth set, a format textures do
/// not take), hipErrorNotSupported (cudaArrayLayered, cudaArrayCubemap),
/// allocation errors.
inline hipError_t malloc_mipmapped_array(hipMipmappedArray_t *out,
                                         const hipChannelFormatDesc *desc, hipExtent extent,
                                         unsigned numLevels, unsigned flags = 0) {
  if (!out || !desc || extent.width == 0 || (extent.height == 0 && extent.depth != 0))
    return hipErrorInvalidValue;
  if (flags & (hipArrayLayered | hipArrayCubemap))
    return hipErrorNotSupported;
  tex_detail::TextureDesc probe = {};
  if (!tex_detail::setFormat(probe, *desc))
    return hipErrorInvalidValue;
  auto M = std::make_unique<tex_detail::SoftMipmap>();
  std::size_t bytes =
      tex_detail::layoutLevels(*M, *desc, extent, tex_detail::levelCount(extent, numLevels));
  hipError_t err = ::hipMalloc(&M->mem, bytes);
  if (err != hipSuccess)
    return err;
  for (auto &S : M->levels)
    S->layout.base = static_cast<const unsigned char *>(M->mem) +
                     reinterpret_cast<std::size_t>(S->layout.base);
  std::lock_guard<std::mutex> L(tex_detail::mipmapMutex());
  for (auto &S : M->levels)
    tex_detail::softLevels()[S.get()] = S.get();
  *out = reinterpret_cast<hipMipmappedArray_t>(M.get());
  tex_detail::softMipmaps()[M.get()] = std::move(M);
  return hipSuccess;
}

/// cudaGetMipmappedArrayLevel: level `level` of `m` as a hipArray_t (valid
/// until free_mipmapped_array). Errors: hipErrorInvalidResourceHandle (null
/// or unknown `m`), hipErrorInvalidValue (null `out`, no such level).
inline hipError_t get_mipmapped_array_level(hipArray_t *out, hipMipmappedArray_const_t m,
                                            unsigned level) {
  std::lock_guard<std::mutex> L(tex_detail::mipmapMutex());
  auto It = tex_detail::softMipmaps().find(m);
  if (!m || It == tex_detail::softMipmaps().end())
    return hipErrorInvalidResourceHandle;
  if (!out || level >= It->second->levels.size())
    return hipErrorInvalidValue;
  *out = reinterpret_cast<hipArray_t>(It->second->levels[level].get());
  return hipSuccess;
}

/// cudaFreeMipmappedArray: frees the levels' memory; their hipArray_t
/// handles and objects over them become invalid. hipErrorInvalidValue for a
/// handle malloc_mipmapped_array did not return.
inline hipError_t free_mipmapped_array(hipMipmappedArray_t m) {
  std::unique_ptr<tex_detail::SoftMipmap> M;
  {
    std::lock_guard<std::mutex> L(tex_detail::mipmapMutex());
    auto It = tex_detail::softMipmaps().find(m);
    if (It == tex_detail::softMipmaps().end())
      return hipErrorInvalidValue;
    M = std::move(It->second);
    tex_detail::softMipmaps().erase(It);
    for (auto &S : M->levels)
      tex_detail::softLevels().erase(S.get());
  }
  return ::hipFree(M->mem);
}

/// cudaArrayGetInfo: a software level's format, extent (elements; 0 in the
/// dimensions it does not have) and flags (0); any other array goes to
/// hipArrayGetInfo. Null output pointers are skipped.
inline hipError_t array_get_info(hipChannelFormatDesc *desc, hipExtent *extent,
                                 unsigned *flags, hipArray_t array) {
  if (const tex_detail::SoftLevel *S = tex_detail::softLevel(array)) {
    if (desc)
      *desc = S->format;
    if (extent)
      *extent = S->extent;
    if (flags)
      *flags = 0;
    return hipSuccess;
  }
#if defined(__CU2HIP_EMU__)
  return hipErrorInvalidValue; // the emulator has no other arrays
#elif defined(__HIP_PLATFORM_NVIDIA__)
  return hipCUDAErrorTohipError(cudaArrayGetInfo(desc, extent, flags, array));
#else
  return hipArrayGetInfo(desc, extent, flags, array);
#endif
}

} // namespace cu2hip

#endif
