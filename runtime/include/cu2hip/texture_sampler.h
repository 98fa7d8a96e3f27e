//===- cu2hip/texture_sampler.h - CUDA texture fetches in software -------===//
//
// The device half of cu2hip/texture.h (--texture=software): a texture object
// is the device address of a TextureDesc (below) that create_texture_object
// wrote into device memory, and cu2hip::tex1Dfetch/tex1D/tex2D/tex3D/
// tex1DLayered/tex2DLayered read texels from the backing memory with the
// semantics of CUDA's hardware sampler as the CUDA C++ Programming Guide's
// appendix "Texture Fetching" gives them:
//  * coordinates: unnormalized x in [0, N), or normalized x in [0, 1) scaled
//    by N (normalizedCoords);
//  * point filtering: texel floor(x);
//  * linear filtering: xB = x - 0.5, i = floor(xB), alpha = frac(xB) held in
//    9-bit fixed point with 8 fractional bits (rounded to the nearest 1/256),
//    tex = (1-alpha) T[i] + alpha T[i+1]; bilinear and trilinear with the
//    guide's product weights expanded into sums of products, each product
//    rounded to 1/256 (cornerWeights), the weighted sum exact and rounded
//    once (the rule reproduced from an H100's results, docs/rules.md); the
//    result of 8-bit unorm texels rounded to 1/65535, of half texels to
//    half (filteredValue);
//  * border color of 8/16-bit unsigned texels read as normalized floats:
//    converted to the texel format and back (borderValue);
//  * addressing per dimension, on texel indices: clamp to [0, N-1]; border:
//    an index outside [0, N-1] reads borderColor; wrap: index modulo N;
//    mirror: index reflected at both edges (period 2N). Wrap and mirror
//    apply to normalized coordinates only; with unnormalized ones they are
//    clamp (the guide: "only supported for normalized coordinates");
//  * cudaReadModeNormalizedFloat on 8- and 16-bit integer texels: unsigned
//    v / (2^n - 1), signed max(v / (2^(n-1) - 1), -1);
//  * 16-bit float texels (cudaChannelFormatKindFloat, 16 bits) read as float;
//  * tex1Dfetch: integer index, no filtering or addressing; an index outside
//    the texture reads zero.
// Results of type float, float1, float2, float4 go through the filter;
// other types (integer scalars and vectors: uchar4, int2, ...) are the
// texel itself, point-sampled (CUDA filters only floating-point results).
// Layer indices of layered textures are clamped to the layers that exist.
// Mipmapped textures (cu2hip/texture_mipmap.h: one descriptor per level):
// tex1DLod/tex2DLod/tex3DLod and tex1DGrad/tex2DGrad/tex3DGrad select the
// level(s) by cudaTextureDesc's bias, level clamps and mipmap filter mode
// (pickLevels) and sample each level as above at its own size.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TEXTURE_SAMPLER_H
#define CU2HIP_TEXTURE_SAMPLER_H

#include <hip/hip_runtime.h>
#include <cstddef>
#include <cstdint>

namespace cu2hip {
namespace tex_detail {

/// Channel kinds, address modes, filter and read modes: the values of
/// CUDA's (and HIP's) enums.
enum : int { KindSigned = 0, KindUnsigned = 1, KindFloat = 2 };
enum : int { AddrWrap = 0, AddrClamp = 1, AddrMirror = 2, AddrBorder = 3 };
enum : int { FilterPoint = 0, FilterLinear = 1 };
enum : int { ReadElement = 0, ReadNormalized = 1 };

/// What the sampler knows of one texture object; lives in device memory.
/// Sizes in texels (height and depth 1 where the resource has none), pitches
/// in bytes; `layers` is the layer count of a layered array (0 otherwise).
struct TextureDesc {
  const unsigned char *base;  ///< texel (0, 0, 0)
  std::size_t pitch;          ///< bytes from one row to the next
  std::size_t slicePitch;     ///< bytes from one depth slice / layer to the next
  int width, height, depth, layers;
  int elemBytes;              ///< bytes per texel (all channels)
  int channels, channelBits;  ///< channel count (1..4), bits per channel (8/16/32)
  int kind;                   ///< KindSigned / KindUnsigned / KindFloat
  int normalizedCoords, filterMode, readMode;
  int addressMode[3];
  float borderColor[4];
  // Mipmapped textures (cu2hip/texture_mipmap.h); `levels` 0 otherwise.
  int levels;                 ///< mipmap levels in `level` (0: not mipmapped)
  const TextureDesc *level;   ///< device array of the level descriptors (level 0 first)
  int mipmapFilterMode;       ///< FilterPoint: nearest level; FilterLinear: two levels blended
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};

/// One dimension's sample: texel indices after addressing (-1: border) and
/// the weight of `i1` (0 for point filtering).
struct Axis {
  int i0, i1;
  float alpha;
};

/// Texel index `i` of a dimension of `n` texels under address mode `mode`;
/// -1 for a border texel.
__host__ __device__ inline int addressIndex(int i, int n, int mode) {
  if (mode == AddrWrap) {
    int m = i % n;
    return m < 0 ? m + n : m;
  }
  if (mode == AddrMirror) {
    int p = 2 * n, m = i % p;
    m = m < 0 ? m + p : m;
    return m < n ? m : p - 1 - m;
  }
  if (mode == AddrBorder)
    return (i < 0 || i >= n) ? -1 : i;
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

/// floor(x) as an int, saturated far outside any texture (no overflow).
__host__ __device__ inline int floorIndex(float x) {
  float f = floorf(x);
  f = f < -1073741824.0f ? -1073741824.0f : (f > 1073741824.0f ? 1073741824.0f : f);
  return f == f ? (int)f : 0; // NaN reads texel 0
}

/// The filter weight in CUDA's 1.8 fixed point: frac rounded to 1/256.
__host__ __device__ inline float fixedWeight(float frac) {
  return floorf(frac * 256.0f + 0.5f) * (1.0f / 256.0f);
}

/// The sample of coordinate `x` along a dimension of `n` texels.
__host__ __device__ inline Axis sampleAxis(float x, int n, int mode, bool normalized,
                                           bool linear) {
  if (!normalized && (mode == AddrWrap || mode == AddrMirror))
    mode = AddrClamp;
  float xs = normalized ? x * (float)n : x;
  if (!linear)
    return Axis{addressIndex(floorIndex(xs), n, mode), -1, 0.0f};
  float xb = xs - 0.5f;
  int i = floorIndex(xb);
  float frac = xb - floorf(xb);
  return Axis{addressIndex(i, n, mode), addressIndex(i + 1, n, mode), fixedWeight(frac)};
}

/// 16-bit IEEE half (bits) to float, exactly.
__host__ __device__ inline float halfToFloat(unsigned short h) {
  unsigned sign = (h >> 15) & 1u, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  float v;
  if (exp == 0)
    v = (float)man * (1.0f / 16777216.0f); // subnormal: man * 2^-24
  else if (exp == 31)
    v = man ? __builtin_nanf("") : __builtin_inff();
  else
    v = ldexpf((float)(man | 0x400u), (int)exp - 25);
  return sign ? -v : v;
}

/// Channel `c` of the texel at `p`, as the float the read mode gives.
__host__ __device__ inline float channelValue(const TextureDesc &d, const unsigned char *p,
                                              int c) {
  bool norm = d.readMode == ReadNormalized && d.kind != KindFloat && d.channelBits <= 16;
  if (d.channelBits == 8) {
    if (d.kind == KindSigned) {
      float v = (float)((const signed char *)p)[c];
      return norm ? fmaxf(v / 127.0f, -1.0f) : v;
    }
    float v = (float)p[c];
    return norm ? v / 255.0f : v;
  }
  if (d.channelBits == 16) {
    if (d.kind == KindFloat)
      return halfToFloat(((const unsigned short *)p)[c]);
    if (d.kind == KindSigned) {
      float v = (float)((const short *)p)[c];
      return norm ? fmaxf(v / 32767.0f, -1.0f) : v;
    }
    float v = (float)((const unsigned short *)p)[c];
    return norm ? v / 65535.0f : v;
  }
  if (d.kind == KindFloat)
    return ((const float *)p)[c];
  if (d.kind == KindSigned)
    return (float)((const int *)p)[c];
  return (float)((const unsigned *)p)[c];
}

/// Address of texel (i, j, k) (k: depth slice or layer); null for a border
/// texel (any index -1).
__host__ __device__ inline const unsigned char *texelAddress(const TextureDesc &d, int i,
                                                            int j, int k) {
  if (i < 0 || j < 0 || k < 0)
    return nullptr;
  return d.base + (std::size_t)k * d.slicePitch + (std::size_t)j * d.pitch +
         (std::size_t)i * (std::size_t)d.elemBytes;
}

/// Border color channel `c` as the sampler reads it: for integer texels
/// read as normalized floats (8/16-bit unsigned), the color stored in the
/// texel format and read back: clamped to [0, 1], v*(2^n-1) rounded to the
/// nearest integer with ties toward zero (0.5 -> 127/255, 0.25 -> 64/255 on
/// an H100); the float itself otherwise.
__host__ __device__ inline float borderValue(const TextureDesc &d, int c) {
  float v = d.borderColor[c];
  if (d.readMode != ReadNormalized || d.kind != KindUnsigned || d.channelBits > 16)
    return v;
  float top = d.channelBits == 8 ? 255.0f : 65535.0f;
  v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
  return (float)(int)ceilf(v * top - 0.5f) / top; // +0, never -0
}

/// Texel (i, j, k) as four floats (missing channels 0); the border color
/// (borderValue) for a border texel.
__host__ __device__ inline void loadTexel(const TextureDesc &d, int i, int j, int k,
                                          float out[4]) {
  const unsigned char *p = texelAddress(d, i, j, k);
  for (int c = 0; c < 4; ++c)
    out[c] = !p ? borderValue(d, c) : (c < d.channels ? channelValue(d, p, c) : 0.0f);
}

/// `acc += w * texel(i, j, k)` per channel, `w` in 1/256 units, in double:
/// each product and the sum of up to eight are exact, so the result rounds
/// once (skipped for a zero weight, so a point sample equals the texel).
__host__ __device__ inline void accumulate(const TextureDesc &d, int i, int j, int k, int w,
                                           double acc[4]) {
  if (w == 0)
    return;
  float t[4];
  loadTexel(d, i, j, k, t);
  for (int c = 0; c < 4; ++c)
    acc[c] += (double)w * (double)t[c];
}

/// A weight k/256 from fixedWeight as the integer k (0 for NaN).
__host__ __device__ inline int weight256(float alpha) {
  return alpha == alpha ? (int)(alpha * 256.0f) : 0;
}

/// (v + 128) / 256 rounded half up: a product of 1.8 fixed-point weights
/// brought back to 1/256 units.
__host__ __device__ inline int weightProduct(int v) { return (v + 128) >> 8; }

/// The 2^dims linear-filter weights in 1/256 units (they sum to 256), from
/// the 1.8 fixed-point fractions A, B, G (0..256) of x, y, z, indexed by
/// corner (bit 0: i1 in x, bit 1: j1, bit 2: k1). The weights are the
/// expanded products (1-a)(1-b)(1-g) = 1 - a - b - g + ab + ag + bg - abg
/// with each product term ab, ag, bg, abg rounded to 1/256 once and shared
/// by every corner that uses it; measured on an H100 (docs/rules.md).
__host__ __device__ inline void cornerWeights(int A, int B, int G, int w[8]) {
  int ab = weightProduct(A * B), ag = weightProduct(A * G), bg = weightProduct(B * G);
  int abg = (A * B * G + 32768) >> 16;
  w[7] = abg;
  w[3] = ab - abg;
  w[5] = ag - abg;
  w[6] = bg - abg;
  w[1] = A - ab - ag + abg;
  w[2] = B - ab - bg + abg;
  w[4] = G - ag - bg + abg;
  w[0] = 256 - A - B - G + ab + ag + bg - abg;
}

/// A filtered value `v` (exact) as the sampler returns it: 8-bit unsigned
/// texels read as normalized floats give v rounded to 1/65535 (16-bit
/// unorm), 16-bit float texels give v rounded to half precision, others v
/// rounded to float (all three as an H100 returns them, docs/rules.md).
__host__ __device__ inline float filteredValue(const TextureDesc &d, double v) {
  if (d.channelBits == 8 && d.kind == KindUnsigned && d.readMode == ReadNormalized)
    return (float)(rint(v * 65535.0) / 65535.0);
  if (d.channelBits == 16 && d.kind == KindFloat) {
    double a = fabs(v);
    if (!(a < 65520.0)) // NaN or past half's range
      return a == a ? (v < 0 ? -__builtin_inff() : __builtin_inff()) : (float)v;
    int e;
    frexp(a < 6.103515625e-05 ? 6.103515625e-05 : a, &e); // 2^(e-1) <= a < 2^e
    double q = ldexp(1.0, e - 11); // 11 significant bits (rint: half to even)
    return (float)(rint(v / q) * q);
  }
  return (float)v;
}

/// Filtered value at the samples `ax`, `ay`, `az` (dims 1..3; `layer` >= 0
/// selects a layer of a layered texture) into out[4]: the corner texels
/// weighted by cornerWeights, summed exactly and rounded once to float.
__host__ __device__ inline void filter(const TextureDesc &d, int dims, Axis ax, Axis ay,
                                       Axis az, int layer, float out[4]) {
  if (d.filterMode != FilterLinear) {
    loadTexel(d, ax.i0, dims > 1 ? ay.i0 : 0, dims > 2 ? az.i0 : (layer >= 0 ? layer : 0), out);
    return;
  }
  int A = weight256(ax.alpha), B = dims > 1 ? weight256(ay.alpha) : 0,
      G = dims > 2 ? weight256(az.alpha) : 0;
  int j0 = dims > 1 ? ay.i0 : 0, j1 = dims > 1 ? ay.i1 : 0;
  int k0 = dims > 2 ? az.i0 : (layer >= 0 ? layer : 0), k1 = dims > 2 ? az.i1 : k0;
  int w[8];
  cornerWeights(A, B, G, w);
  double acc[4] = {0.0, 0.0, 0.0, 0.0};
  for (int q = 0; q < 8; ++q)
    accumulate(d, q & 1 ? ax.i1 : ax.i0, q & 2 ? j1 : j0, q & 4 ? k1 : k0, w[q], acc);
  for (int c = 0; c < 4; ++c)
    out[c] = filteredValue(d, acc[c] * (1.0 / 256.0));
}

/// Float results the filter produces: float, float1, float2, float4.
template <class T> struct FloatResult { static constexpr bool value = false; };
template <> struct FloatResult<float> {
  static constexpr bool value = true;
  __host__ __device__ static float make(const float *v) { return v[0]; }
};
template <> struct FloatResult<float1> {
  static constexpr bool value = true;
  __host__ __device__ static float1 make(const float *v) { return make_float1(v[0]); }
};
template <> struct FloatResult<float2> {
  static constexpr bool value = true;
  __host__ __device__ static float2 make(const float *v) { return make_float2(v[0], v[1]); }
};
template <> struct FloatResult<float4> {
  static constexpr bool value = true;
  __host__ __device__ static float4 make(const float *v) {
    return make_float4(v[0], v[1], v[2], v[3]);
  }
};

/// Any other result type: the texel's bytes as T (point sampling), or T{}
/// for a border texel.
template <class T>
__host__ __device__ inline T rawTexel(const TextureDesc &d, int i, int j, int k) {
  const unsigned char *p = texelAddress(d, i, j, k);
  if (!p)
    return T{};
  T v;
  __builtin_memcpy(&v, p, sizeof(T) < (std::size_t)d.elemBytes ? sizeof(T) : d.elemBytes);
  return v;
}

/// The descriptor a texture object names.
__host__ __device__ inline const TextureDesc &desc(hipTextureObject_t t) {
  return *reinterpret_cast<const TextureDesc *>(t);
}

/// Sample of the texture `d` describes at (x, y, z) in `dims` dimensions
/// (layer >= 0: a layered texture's layer; `normalized`: coordinates in
/// [0, 1] whatever the object says, as for a cubemap face). A mipmapped
/// texture's own descriptor is its level 0.
template <class T>
__device__ inline T sampleDesc(const TextureDesc &d, int dims, float x, float y, float z,
                               int layer, bool normalized = false) {
  bool norm = normalized || d.normalizedCoords != 0;
  bool linear = FloatResult<T>::value && d.filterMode == FilterLinear;
  Axis ax = sampleAxis(x, d.width, d.addressMode[0], norm, linear);
  Axis ay = dims > 1 ? sampleAxis(y, d.height, d.addressMode[1], norm, linear) : Axis{0, 0, 0};
  Axis az = dims > 2 ? sampleAxis(z, d.depth, d.addressMode[2], norm, linear) : Axis{0, 0, 0};
  if (layer >= 0)
    layer = layer >= d.layers ? d.layers - 1 : layer;
  if constexpr (FloatResult<T>::value) {
    float v[4];
    filter(d, dims, ax, ay, az, layer, v);
    return FloatResult<T>::make(v);
  } else {
    return rawTexel<T>(d, ax.i0, dims > 1 ? ay.i0 : 0,
                       dims > 2 ? az.i0 : (layer >= 0 ? layer : 0));
  }
}

/// sampleDesc over the descriptor texture object `t` names.
template <class T>
__device__ inline T sample(hipTextureObject_t t, int dims, float x, float y, float z,
                           int layer, bool normalized = false) {
  return sampleDesc<T>(desc(t), dims, x, y, z, layer, normalized);
}

/// The cubemap face of direction (x, y, z) and the face coordinates (u, v)
/// in [0, 1], by the CUDA C++ Programming Guide's table ("Cubemap
/// Textures"): the axis of largest magnitude m selects the face (0: +x,
/// 1: -x, 2: +y, 3: -y, 4: +z, 5: -z) and (s, t) = (-z, -y), (z, -y),
/// (x, z), (x, -z), (x, -y), (-x, -y) respectively; u = (s/|m| + 1)/2,
/// v = (t/|m| + 1)/2. The guide's conditions are strict (|x| > |y| and
/// |x| > |z|); a tie here goes to x, then y.
__host__ __device__ inline int cubeFace(float x, float y, float z, float &u, float &v) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), m, s, t;
  int face;
  if (ax >= ay && ax >= az)
    face = x >= 0.0f ? 0 : 1, m = ax, s = x >= 0.0f ? -z : z, t = -y;
  else if (ay >= az)
    face = y >= 0.0f ? 2 : 3, m = ay, s = x, t = y >= 0.0f ? z : -z;
  else
    face = z >= 0.0f ? 4 : 5, m = az, s = z >= 0.0f ? x : -x, t = -y;
  u = (s / m + 1.0f) * 0.5f;
  v = (t / m + 1.0f) * 0.5f;
  return face;
}

/// The levels a level of detail selects from a mipmapped texture `d`: `l0`
/// and `l1` (equal for point mipmap filtering) and the weight of `l1` in
/// 1/256 units.
struct LevelPick {
  int l0, l1, w1;
};

/// The level of detail `lod` as CUDA's cudaTextureDesc defines its use
/// (texture_types.h): mipmapLevelBias added, then clamped to
/// [minMipmapLevelClamp, maxMipmapLevelClamp] and to the levels that exist
/// ([0, levels - 1]; NaN reads level 0). Point mipmap filtering takes the
/// nearest level, a tie to the lower one (OpenGL's rule: ceil(l + 1/2) - 1);
/// linear takes floor(l) and the next level, the fraction held like the
/// texel filter's weights in 1.8 fixed point (fixedWeight). The tie rule and
/// the 1/256 fraction follow the texel filter; they are not measured on
/// NVIDIA hardware.
__host__ __device__ inline LevelPick pickLevels(const TextureDesc &d, float lod) {
  float l = lod + d.mipmapLevelBias, top = (float)(d.levels - 1);
  l = l > d.maxMipmapLevelClamp ? d.maxMipmapLevelClamp : l;
  l = l < d.minMipmapLevelClamp ? d.minMipmapLevelClamp : l;
  l = l == l ? (l < 0.0f ? 0.0f : (l > top ? top : l)) : 0.0f;
  if (d.mipmapFilterMode != FilterLinear) {
    int n = (int)ceilf(l + 0.5f) - 1;
    n = n < 0 ? 0 : n;
    return LevelPick{n, n, 0};
  }
  int i = (int)floorf(l), w = weight256(fixedWeight(l - floorf(l)));
  if (w == 256)
    ++i, w = 0;
  return LevelPick{i, i + 1 < d.levels ? i + 1 : i, w};
}

/// The level of detail of gradients `dx`, `dy` (dims components each, in
/// the texture's coordinates: scaled by level 0's size when normalized):
/// log2 of the longer of the two scaled vectors (isotropic; maxAnisotropy
/// is not used). Zero gradients give -inf, which the clamps take to the
/// lowest level.
__host__ __device__ inline float gradientLod(const TextureDesc &d, int dims, const float *dx,
                                             const float *dy) {
  int n[3] = {d.width, d.height, d.depth};
  float sx = 0.0f, sy = 0.0f;
  for (int k = 0; k < dims; ++k) {
    float s = d.normalizedCoords ? (float)n[k] : 1.0f;
    sx += (dx[k] * s) * (dx[k] * s);
    sy += (dy[k] * s) * (dy[k] * s);
  }
  return 0.5f * log2f(sx > sy ? sx : sy);
}

/// A float4 result's channels into out[4].
__host__ __device__ inline void storeResult(float4 v, float out[4]) {
  out[0] = v.x, out[1] = v.y, out[2] = v.z, out[3] = v.w;
}

/// Sample of the mipmapped texture `t` at (x, y, z) and level of detail
/// `lod`: each selected level sampled with the object's filter and address
/// modes at its own size (max(1, n >> level) texels per dimension), linear
/// mipmap filtering blending the two levels as (256 - w) v0 + w v1 over 256,
/// exactly, then rounded like a texel filter result (filteredValue). A
/// texture that is not mipmapped is sampled as it is (the level ignored).
/// Results that are not floats are point-sampled from the nearest level.
template <class T>
__device__ inline T sampleLod(hipTextureObject_t t, int dims, float x, float y, float z,
                              float lod) {
  const TextureDesc &d = desc(t);
  if (d.levels <= 0)
    return sampleDesc<T>(d, dims, x, y, z, -1);
  LevelPick p = pickLevels(d, lod);
  if constexpr (!FloatResult<T>::value) {
    if (p.w1 >= 128 && d.mipmapFilterMode == FilterLinear)
      p.l0 = p.l1; // the nearer of the two
    return sampleDesc<T>(d.level[p.l0], dims, x, y, z, -1);
  } else {
    float v0[4], v1[4];
    storeResult(sampleDesc<float4>(d.level[p.l0], dims, x, y, z, -1), v0);
    if (p.w1 == 0)
      return FloatResult<T>::make(v0);
    storeResult(sampleDesc<float4>(d.level[p.l1], dims, x, y, z, -1), v1);
    for (int c = 0; c < 4; ++c)
      v0[c] = filteredValue(d, ((double)(256 - p.w1) * v0[c] + (double)p.w1 * v1[c]) / 256.0);
    return FloatResult<T>::make(v0);
  }
}

} // namespace tex_detail

/// CUDA's texCubemap<T>(t, x, y, z): the face cubeFace selects, sampled in
/// 2D (the object's filter and address modes, normalized coordinates) as
/// layer `face` of the cubemap array (6 layers). Seamless filtering across
/// faces (cudaTextureDesc::seamlessCubemap) is not done: a linear sample
/// at a face's edge addresses within that face.
template <class T> __device__ inline T texCubemap(hipTextureObject_t t, float x, float y, float z) {
  float u, v;
  int face = tex_detail::cubeFace(x, y, z, u, v);
  return tex_detail::sample<T>(t, 2, u, v, 0.0f, face, true);
}

/// CUDA's texCubemapLayered<T>(t, x, y, z, layer): cube `layer` of a layered
/// cubemap array (layer 6 * layer + face).
template <class T>
__device__ inline T texCubemapLayered(hipTextureObject_t t, float x, float y, float z, int layer) {
  float u, v;
  int face = tex_detail::cubeFace(x, y, z, u, v);
  return tex_detail::sample<T>(t, 2, u, v, 0.0f, 6 * (layer < 0 ? 0 : layer) + face, true);
}

/// CUDA's tex1Dfetch<T>(t, x): texel x of a linear-memory texture, no
/// filtering or addressing; zero outside [0, width).
template <class T> __device__ inline T tex1Dfetch(hipTextureObject_t t, int x) {
  const tex_detail::TextureDesc &d = tex_detail::desc(t);
  if (x < 0 || x >= d.width)
    return T{};
  if constexpr (tex_detail::FloatResult<T>::value) {
    float v[4];
    tex_detail::loadTexel(d, x, 0, 0, v);
    return tex_detail::FloatResult<T>::make(v);
  } else {
    return tex_detail::rawTexel<T>(d, x, 0, 0);
  }
}

/// CUDA's tex1D<T>(t, x).
template <class T> __device__ inline T tex1D(hipTextureObject_t t, float x) {
  return tex_detail::sample<T>(t, 1, x, 0.0f, 0.0f, -1);
}

/// CUDA's tex2D<T>(t, x, y).
template <class T> __device__ inline T tex2D(hipTextureObject_t t, float x, float y) {
  return tex_detail::sample<T>(t, 2, x, y, 0.0f, -1);
}

/// CUDA's tex3D<T>(t, x, y, z).
template <class T> __device__ inline T tex3D(hipTextureObject_t t, float x, float y, float z) {
  return tex_detail::sample<T>(t, 3, x, y, z, -1);
}

/// CUDA's tex1DLayered<T>(t, x, layer).
template <class T> __device__ inline T tex1DLayered(hipTextureObject_t t, float x, int layer) {
  return tex_detail::sample<T>(t, 1, x, 0.0f, 0.0f, layer < 0 ? 0 : layer);
}

/// CUDA's tex2DLayered<T>(t, x, y, layer).
template <class T>
__device__ inline T tex2DLayered(hipTextureObject_t t, float x, float y, int layer) {
  return tex_detail::sample<T>(t, 2, x, y, 0.0f, layer < 0 ? 0 : layer);
}

/// CUDA's tex1DLod<T>(t, x, level) (sampleLod: mipmapped arrays of
/// cu2hip/texture_mipmap.h).
template <class T> __device__ inline T tex1DLod(hipTextureObject_t t, float x, float level) {
  return tex_detail::sampleLod<T>(t, 1, x, 0.0f, 0.0f, level);
}

/// CUDA's tex2DLod<T>(t, x, y, level).
template <class T>
__device__ inline T tex2DLod(hipTextureObject_t t, float x, float y, float level) {
  return tex_detail::sampleLod<T>(t, 2, x, y, 0.0f, level);
}

/// CUDA's tex3DLod<T>(t, x, y, z, level).
template <class T>
__device__ inline T tex3DLod(hipTextureObject_t t, float x, float y, float z, float level) {
  return tex_detail::sampleLod<T>(t, 3, x, y, z, level);
}

/// CUDA's tex1DGrad<T>(t, x, dPdx, dPdy): the level of detail of the
/// gradients (gradientLod), then tex1DLod.
template <class T>
__device__ inline T tex1DGrad(hipTextureObject_t t, float x, float dPdx, float dPdy) {
  float lod = tex_detail::gradientLod(tex_detail::desc(t), 1, &dPdx, &dPdy);
  return tex_detail::sampleLod<T>(t, 1, x, 0.0f, 0.0f, lod);
}

/// CUDA's tex2DGrad<T>(t, x, y, dPdx, dPdy).
template <class T>
__device__ inline T tex2DGrad(hipTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy) {
  float dx[2] = {dPdx.x, dPdx.y}, dy[2] = {dPdy.x, dPdy.y};
  float lod = tex_detail::gradientLod(tex_detail::desc(t), 2, dx, dy);
  return tex_detail::sampleLod<T>(t, 2, x, y, 0.0f, lod);
}

/// CUDA's tex3DGrad<T>(t, x, y, z, dPdx, dPdy) (the w components unused).
template <class T>
__device__ inline T tex3DGrad(hipTextureObject_t t, float x, float y, float z, float4 dPdx,
                              float4 dPdy) {
  float dx[3] = {dPdx.x, dPdx.y, dPdx.z}, dy[3] = {dPdy.x, dPdy.y, dPdy.z};
  float lod = tex_detail::gradientLod(tex_detail::desc(t), 3, dx, dy);
  return tex_detail::sampleLod<T>(t, 3, x, y, z, lod);
}

} // namespace cu2hip

#endif
