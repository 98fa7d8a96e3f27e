//===- cu2hip/surface_access.h - CUDA surface reads and writes in software ===//
//
// The device half of cu2hip/texture.h's surface objects (--texture=software):
// a surface object is the device address of a TextureDesc over an array's
// linear mirror (the one texture objects over that array read), and
// cu2hip::surf1Dread/surf1Dwrite, surf2D*, surf3D*, surf1DLayered*,
// surf2DLayered*, surfCubemap* and surfCubemapLayered* load and store
// through it with the semantics of CUDA 13's surface_indirect_functions.h
// and the CUDA C++ Programming Guide ("Surface Memory"):
//  * x is a byte offset into the row (a T at texel i is at x = i *
//    sizeof(T)); y, z, the layer and the cubemap face are element indices;
//  * an access of sizeof(T) bytes is in range when 0 <= x and x + sizeof(T)
//    <= width * bytes per texel, and every other index is inside its extent
//    (a cubemap's face and a layered array's layer count as the third one);
//  * out of range, the boundary mode decides (HIP's enum values, which the
//    port's hipBoundaryMode* names carry; CUDA's differ): Trap (the
//    default) aborts the kernel (__builtin_trap), Clamp moves x to [0,
//    width * bytes per texel - sizeof(T)] and each index to [0, extent-1],
//    Zero ignores a write and reads zero;
//  * the value forms (`T surf2Dread<T>(s, x, y)`) and the pointer-output
//    forms (`surf2Dread(&v, s, x, y)`) both exist, as in CUDA.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_SURFACE_ACCESS_H
#define CU2HIP_SURFACE_ACCESS_H

#include <cu2hip/texture_sampler.h>

namespace cu2hip {
namespace surf_detail {

/// `v` clamped to [lo, hi].
__host__ __device__ inline int clampTo(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

/// Address of the `size`-byte element at byte `x`, row `y`, slice or layer
/// `z` of surface `s` under boundary mode `mode`; null where Zero mode drops
/// the access (a trap for Trap mode).
__device__ inline unsigned char *address(hipSurfaceObject_t s, int size, int x, int y, int z,
                                         hipSurfaceBoundaryMode mode) {
  const tex_detail::TextureDesc &d =
      tex_detail::desc(reinterpret_cast<hipTextureObject_t>(s));
  int rowBytes = d.width * d.elemBytes;
  int zs = d.layers ? d.layers : d.depth;
  bool in = x >= 0 && x <= rowBytes - size && y >= 0 && y < d.height && z >= 0 && z < zs;
  if (!in) {
    if (mode == hipBoundaryModeZero)
      return nullptr;
    if (mode != hipBoundaryModeClamp)
      __builtin_trap();
    x = clampTo(x, 0, rowBytes - size);
    y = clampTo(y, 0, d.height - 1);
    z = clampTo(z, 0, zs - 1);
  }
  return const_cast<unsigned char *>(d.base) + (std::size_t)z * d.slicePitch +
         (std::size_t)y * d.pitch + (std::size_t)x;
}

/// The T at (x, y, z), or T{} where the mode drops the access.
template <class T>
__device__ inline T load(hipSurfaceObject_t s, int x, int y, int z, hipSurfaceBoundaryMode m) {
  T v{};
  if (const unsigned char *p = address(s, (int)sizeof(T), x, y, z, m))
    __builtin_memcpy(&v, p, sizeof(T));
  return v;
}

/// Stores `v` at (x, y, z) unless the mode drops the access.
template <class T>
__device__ inline void store(const T &v, hipSurfaceObject_t s, int x, int y, int z,
                             hipSurfaceBoundaryMode m) {
  if (unsigned char *p = address(s, (int)sizeof(T), x, y, z, m))
    __builtin_memcpy(p, &v, sizeof(T));
}

} // namespace surf_detail

#define CU2HIP_SURF_MODE hipSurfaceBoundaryMode mode = hipBoundaryModeTrap

/// CUDA's surf1Dread<T>(s, x[, mode]) and surf1Dread(&v, s, x[, mode]).
template <class T> __device__ inline T surf1Dread(hipSurfaceObject_t s, int x, CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, 0, 0, mode);
}
template <class T>
__device__ inline void surf1Dread(T *v, hipSurfaceObject_t s, int x, CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, 0, 0, mode);
}
/// CUDA's surf1Dwrite(v, s, x[, mode]).
template <class T>
__device__ inline void surf1Dwrite(T v, hipSurfaceObject_t s, int x, CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, 0, 0, mode);
}

/// CUDA's surf2Dread<T>(s, x, y[, mode]) and surf2Dread(&v, s, x, y[, mode]).
template <class T>
__device__ inline T surf2Dread(hipSurfaceObject_t s, int x, int y, CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, y, 0, mode);
}
template <class T>
__device__ inline void surf2Dread(T *v, hipSurfaceObject_t s, int x, int y, CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, y, 0, mode);
}
/// CUDA's surf2Dwrite(v, s, x, y[, mode]).
template <class T>
__device__ inline void surf2Dwrite(T v, hipSurfaceObject_t s, int x, int y, CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, y, 0, mode);
}

/// CUDA's surf3Dread<T>(s, x, y, z[, mode]) and the pointer-output form.
template <class T>
__device__ inline T surf3Dread(hipSurfaceObject_t s, int x, int y, int z, CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, y, z, mode);
}
template <class T>
__device__ inline void surf3Dread(T *v, hipSurfaceObject_t s, int x, int y, int z,
                                  CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, y, z, mode);
}
/// CUDA's surf3Dwrite(v, s, x, y, z[, mode]).
template <class T>
__device__ inline void surf3Dwrite(T v, hipSurfaceObject_t s, int x, int y, int z,
                                   CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, y, z, mode);
}

/// CUDA's surf1DLayeredread<T>(s, x, layer[, mode]) and the pointer form.
template <class T>
__device__ inline T surf1DLayeredread(hipSurfaceObject_t s, int x, int layer, CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, 0, layer, mode);
}
template <class T>
__device__ inline void surf1DLayeredread(T *v, hipSurfaceObject_t s, int x, int layer,
                                         CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, 0, layer, mode);
}
/// CUDA's surf1DLayeredwrite(v, s, x, layer[, mode]).
template <class T>
__device__ inline void surf1DLayeredwrite(T v, hipSurfaceObject_t s, int x, int layer,
                                          CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, 0, layer, mode);
}

/// CUDA's surf2DLayeredread<T>(s, x, y, layer[, mode]) and the pointer form.
template <class T>
__device__ inline T surf2DLayeredread(hipSurfaceObject_t s, int x, int y, int layer,
                                      CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, y, layer, mode);
}
template <class T>
__device__ inline void surf2DLayeredread(T *v, hipSurfaceObject_t s, int x, int y, int layer,
                                         CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, y, layer, mode);
}
/// CUDA's surf2DLayeredwrite(v, s, x, y, layer[, mode]).
template <class T>
__device__ inline void surf2DLayeredwrite(T v, hipSurfaceObject_t s, int x, int y, int layer,
                                          CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, y, layer, mode);
}

/// CUDA's surfCubemapread<T>(s, x, y, face[, mode]) and the pointer form:
/// face 0..5 is the layer of the cubemap array.
template <class T>
__device__ inline T surfCubemapread(hipSurfaceObject_t s, int x, int y, int face,
                                    CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, y, face, mode);
}
template <class T>
__device__ inline void surfCubemapread(T *v, hipSurfaceObject_t s, int x, int y, int face,
                                       CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, y, face, mode);
}
/// CUDA's surfCubemapwrite(v, s, x, y, face[, mode]).
template <class T>
__device__ inline void surfCubemapwrite(T v, hipSurfaceObject_t s, int x, int y, int face,
                                        CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, y, face, mode);
}

/// CUDA's surfCubemapLayeredread<T>(s, x, y, layerFace[, mode]) (layerFace
/// = 6 * layer + face) and the pointer form.
template <class T>
__device__ inline T surfCubemapLayeredread(hipSurfaceObject_t s, int x, int y, int layerFace,
                                           CU2HIP_SURF_MODE) {
  return surf_detail::load<T>(s, x, y, layerFace, mode);
}
template <class T>
__device__ inline void surfCubemapLayeredread(T *v, hipSurfaceObject_t s, int x, int y,
                                              int layerFace, CU2HIP_SURF_MODE) {
  *v = surf_detail::load<T>(s, x, y, layerFace, mode);
}
/// CUDA's surfCubemapLayeredwrite(v, s, x, y, layerFace[, mode]).
template <class T>
__device__ inline void surfCubemapLayeredwrite(T v, hipSurfaceObject_t s, int x, int y,
                                               int layerFace, CU2HIP_SURF_MODE) {
  surf_detail::store(v, s, x, y, layerFace, mode);
}

#undef CU2HIP_SURF_MODE

} // namespace cu2hip

#endif
