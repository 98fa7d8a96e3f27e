// cu2hip/texture_mipmap.h (--texture=software): software mipmapped arrays
// and tex1DLod/tex2DLod/tex2DGrad at wave 64 and 32 against a CPU reference
// written here, compared exactly:
//  * levels: cudaMallocMipmappedArray's sizes (max(1, n >> l), 0 kept for
//    absent dimensions, the level count clamped) through array_get_info;
//    levels filled by surface writes through get_mipmapped_array_level (as
//    bindlessTexture builds its chain);
//  * level selection: lod + mipmapLevelBias clamped to [minMipmapLevelClamp,
//    maxMipmapLevelClamp] and to the levels; point mipmap filtering takes
//    the nearest level with ties to the lower one; linear takes floor(lod)
//    and the next level with the fraction in 1/256 units;
//  * each level sampled at its own size with the object's filter (point or
//    bilinear, 1.8 fixed-point weights, the 2D corner weights of
//    docs/rules.md) and address mode (clamp, border, wrap, mirror) with
//    normalized coordinates, so small levels (3x1, 1x1) are addressed past
//    their edges; the two levels blended as ((256 - w) v0 + w v1) / 256 and
//    rounded like a texel result (float; 16-bit unorm for uchar4 read as
//    normalized floats);
//  * tex2DGrad with gradients whose level of detail is exact (powers of two);
//  * bindlessTexture's flow: each level made from the one before by a kernel
//    (texture over level l, surface over level l+1), then rendered with
//    tex2DLod (linear texel and mipmap filters), every byte against the
//    reference chain.
#include <hip/hip_runtime.h>
#include <cu2hip/texture.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ref {
/// A level's texels (channels `ch`, row-major), its size and the format rule.
struct Level { std::vector<float> t; int w, h, ch; };
struct State { int mode, filter, mipFilter; float bias, minClamp, maxClamp; float border[4]; bool unorm16; };

int addr(int i, int n, int mode) { // -1: border
  if (mode == 0) return ((i % n) + n) % n;
  if (mode == 2) { int m = ((i % (2 * n)) + 2 * n) % (2 * n); return m < n ? m : 2 * n - 1 - m; }
  if (mode == 3) return (i < 0 || i >= n) ? -1 : i;
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}
float texel(const Level &L, const State &S, int i, int j, int c) {
  if (i < 0 || j < 0) return S.border[c];
  return c < L.ch ? L.t[(size_t(j) * L.w + i) * L.ch + c] : 0.0f;
}
float round(const State &S, long double v) {
  return S.unorm16 ? float(std::nearbyint(double(v) * 65535.0) / 65535.0) : float(v);
}
/// The guide's sample of one level at normalized (u, v) (dims 1 or 2).
void level(const Level &L, const State &S, int dims, float u, float v, float out[4]) {
  float x = u * float(L.w), y = v * float(L.h);
  if (S.filter == 0) {
    int i = addr(int(std::floor(x)), L.w, S.mode), j = dims > 1 ? addr(int(std::floor(y)), L.h, S.mode) : 0;
    for (int c = 0; c < 4; ++c) out[c] = texel(L, S, i, j, c);
    return;
  }
  float xb = x - 0.5f, yb = y - 0.5f;
  int i = int(std::floor(xb)), j = int(std::floor(yb));
  long A = long(std::floor((xb - std::floor(xb)) * 256.0f + 0.5f));
  long B = dims > 1 ? long(std::floor((yb - std::floor(yb)) * 256.0f + 0.5f)) : 0;
  long ab = (A * B + 128) / 256; // the product rounded half up to 1/256
  long w[4] = {256 - A - B + ab, A - ab, B - ab, ab};
  int xs[2] = {addr(i, L.w, S.mode), addr(i + 1, L.w, S.mode)};
  int ys[2] = {dims > 1 ? addr(j, L.h, S.mode) : 0, dims > 1 ? addr(j + 1, L.h, S.mode) : 0};
  for (int c = 0; c < 4; ++c) {
    long double s = 0;
    for (int q = 0; q < 4; ++q)
      if (w[q]) s += (long double)w[q] * texel(L, S, xs[q & 1], ys[q >> 1], c);
    out[c] = round(S, s / 256);
  }
}
/// tex2DLod / tex1DLod over the chain `M`.
void lod(const std::vector<Level> &M, const State &S, int dims, float u, float v, float lod,
         float out[4]) {
  float l = lod + S.bias; // the level of detail is a float, as the fetch takes it
  l = std::min(l, S.maxClamp);
  l = std::max(l, S.minClamp);
  l = std::isnan(l) ? 0.0f : std::min(std::max(l, 0.0f), float(M.size() - 1));
  if (S.mipFilter == 0) {
    int n = int(l); // nearest, a tie (x.5) to the lower level
    if (l - n > 0.5) ++n;
    level(M[n], S, dims, u, v, out);
    return;
  }
  int n = int(std::floor(l));
  long w = long(std::floor(double(l - float(n)) * 256.0 + 0.5));
  if (w == 256) { ++n; w = 0; }
  level(M[n], S, dims, u, v, out);
  if (w == 0) return;
  float hi[4];
  level(M[std::min<size_t>(n + 1, M.size() - 1)], S, dims, u, v, hi);
  for (int c = 0; c < 4; ++c)
    out[c] = round(S, ((long double)(256 - w) * out[c] + (long double)w * hi[c]) / 256);
}
} // namespace ref

struct Probe { float u, v, lod, gx, gy; };

__global__ void fill(hipSurfaceObject_t s, const float *src, int w, int h, int ch, int bytes) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  const float *p = src + (size_t(y) * w + x) * ch;
  if (bytes == 4) cu2hip::surf2Dwrite(p[0], s, x * 4, y);
  else cu2hip::surf2Dwrite(make_uchar4((unsigned char)p[0], (unsigned char)p[1],
                                       (unsigned char)p[2], (unsigned char)p[3]), s, x * 4, y);
}

__global__ void sampleLod(hipTextureObject_t t, const Probe *p, float4 *out, int n, int dims,
                          int grad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Probe q = p[i];
  if (grad) out[i] = cu2hip::tex2DGrad<float4>(t, q.u, q.v, make_float2(q.gx, 0.0f), make_float2(0.0f, q.gy));
  else if (dims == 1) out[i] = make_float4(cu2hip::tex1DLod<float>(t, q.u, q.lod), 0, 0, 0);
  else out[i] = cu2hip::tex2DLod<float4>(t, q.u, q.v, q.lod);
}

static int failures = 0, compared = 0;
static void expect(bool ok, const char *what, int i, float got, float want) {
  ++compared;
  if (!ok && failures++ < 20)
    std::printf("MISMATCH %s probe %d: got %.9g want %.9g\n", what, i, got, want);
}

/// A chain of `levels` over a W x H (H 0: 1D) array of `ch` channels
/// (1: float, 4: uchar4 read as normalized floats), filled level by level
/// through surfaces; its reference levels in `M` (texel values as read).
static hipMipmappedArray_t makeChain(int W, int H, int ch, unsigned levels,
                                     std::vector<ref::Level> &M) {
  hipChannelFormatDesc f = ch == 1 ? hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat)
                                   : hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
  hipMipmappedArray_t mip = nullptr;
  if (cu2hip::malloc_mipmapped_array(&mip, &f, hipExtent{size_t(W), size_t(H), 0}, levels) != hipSuccess) {
    ++failures;
    return nullptr;
  }
  for (unsigned l = 0;; ++l) {
    hipArray_t a;
    if (cu2hip::get_mipmapped_array_level(&a, mip, l) != hipSuccess) break;
    hipExtent e; hipChannelFormatDesc g;
    cu2hip::array_get_info(&g, &e, nullptr, a);
    size_t w = std::max<size_t>(1, size_t(W) >> l), h = H ? std::max<size_t>(1, size_t(H) >> l) : 0;
    expect(e.width == w && e.height == h && e.depth == 0 && g.x == f.x, "level extent", int(l),
           float(e.width * 1000 + e.height), float(w * 1000 + h));
    ref::Level L{{}, int(w), int(h ? h : 1), ch};
    std::vector<float> raw(w * L.h * ch);
    for (size_t i = 0; i < raw.size(); ++i)
      raw[i] = ch == 1 ? float(int((i * 37 + l * 11) % 29) - 9) * 0.375f : float((i * 73 + l * 41 + 5) % 256);
    for (float r : raw) L.t.push_back(ch == 1 ? r : r / 255.0f);
    M.push_back(L);
    float *d; hipMalloc((void **)&d, raw.size() * sizeof(float));
    hipMemcpy(d, raw.data(), raw.size() * sizeof(float), hipMemcpyHostToDevice);
    hipResourceDesc rd = {}; rd.resType = hipResourceTypeArray; rd.res.array.array = a;
    hipSurfaceObject_t s;
    if (cu2hip::create_surface_object(&s, &rd) != hipSuccess) { ++failures; break; }
    hipLaunchKernelGGL(fill, dim3((unsigned(w) + 63) / 64, unsigned(L.h)), dim3(64), 0, 0, s, d, int(w), L.h, ch, ch == 1 ? 4 : 1);
    cu2hip::destroy_surface_object(s);
    hipFree(d);
  }
  return mip;
}

static std::vector<Probe> probes(bool grad, int W, int H) {
  std::vector<Probe> P;
  const float uv[] = {-0.23f, 0.0f, 0.137f, 0.5f, 0.61f, 0.97f, 1.0f, 1.31f};
  const float lods[] = {-1.0f, 0.0f, 0.3f, 0.5f, 0.75f, 1.0f, 1.5f, 1.62f, 2.5f, 2.9f, 3.0f, 4.2f, NAN};
  for (float u : uv)
    for (float v : uv)
      if (!grad)
        for (float l : lods) P.push_back(Probe{u, v, l, 0, 0});
      else // level of detail 0, 1, 2, 3: gradients of 2^k texels of level 0
        for (int k = 0; k < 4; ++k)
          P.push_back(Probe{u, v, float(k), float(1 << k) / W, float(1 << (k & 1)) / H});
  return P;
}

static void check(hipTextureObject_t t, const std::vector<ref::Level> &M, const ref::State &S,
                  int dims, bool grad, const char *what) {
  std::vector<Probe> P = probes(grad, M[0].w, M[0].h);
  int n = int(P.size());
  Probe *dp; float4 *dout;
  hipMalloc((void **)&dp, n * sizeof(Probe)); hipMalloc((void **)&dout, n * sizeof(float4));
  hipMemcpy(dp, P.data(), n * sizeof(Probe), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(sampleLod, dim3((n + 95) / 96), dim3(96), 0, 0, t, dp, dout, n, dims, grad ? 1 : 0);
  std::vector<float4> out(n);
  hipMemcpy(out.data(), dout, n * sizeof(float4), hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float want[4];
    ref::lod(M, S, dims, P[i].u, P[i].v, P[i].lod, want);
    const float got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
    for (int c = 0; c < (dims == 2 ? 4 : 1); ++c)
      expect(std::memcmp(&got[c], &want[c], 4) == 0, what, i, got[c], want[c]);
  }
  hipFree(dp); hipFree(dout);
}

/// Every sampling state over one chain.
static void cases(int W, int H, int ch, unsigned levels, const char *name) {
  std::vector<ref::Level> M;
  hipMipmappedArray_t mip = makeChain(W, H, ch, levels, M);
  if (!mip) return;
  int dims = H ? 2 : 1;
  const float border[4] = {0.25f, -2.0f, 7.5f, 1.0f}, clamps[3][3] = {{0, 0, 9}, {0.5f, 0.75f, 2.25f}, {-1.5f, 0, 1}};
  for (int mode = 0; mode < 4; ++mode)
    for (int filter = 0; filter < 2; ++filter)
      for (int mipFilter = 0; mipFilter < 2; ++mipFilter)
        for (const auto &cl : clamps) {
          ref::State S{mode, filter, mipFilter, cl[0], cl[1], cl[2], {}, ch == 4};
          hipTextureDesc td = {};
          for (auto &a : td.addressMode) a = hipTextureAddressMode(mode);
          td.filterMode = hipTextureFilterMode(filter);
          td.mipmapFilterMode = hipTextureFilterMode(mipFilter);
          td.readMode = ch == 4 ? hipReadModeNormalizedFloat : hipReadModeElementType;
          td.normalizedCoords = 1;
          td.mipmapLevelBias = cl[0], td.minMipmapLevelClamp = cl[1], td.maxMipmapLevelClamp = cl[2];
          std::memcpy(td.borderColor, border, sizeof border);
          for (int c = 0; c < 4; ++c) // uchar4 read as normalized floats: the border as a unorm8
            S.border[c] = ch == 4 ? float(int(std::ceil(std::min(std::max(border[c], 0.0f), 1.0f) * 255.0f - 0.5f))) / 255.0f : border[c];
          hipResourceDesc rd = {};
          rd.resType = hipResourceTypeMipmappedArray;
          rd.res.mipmap.mipmap = mip;
          hipTextureObject_t t;
          if (cu2hip::create_texture_object(&t, &rd, &td, nullptr) != hipSuccess) { ++failures; continue; }
          char what[96];
          std::snprintf(what, sizeof what, "%s mode %d filter %d mip %d bias %g", name, mode, filter, mipFilter, cl[0]);
          check(t, M, S, dims, false, what);
          if (dims == 2 && cl[0] == 0) check(t, M, S, dims, true, what);
          cu2hip::destroy_texture_object(t);
        }
  if (cu2hip::free_mipmapped_array(mip) != hipSuccess) ++failures;
}

/// bindlessTexture's chain: level l+1 from level l by a kernel that averages
/// four bilinear fetches of a texture over level l (normalized coordinates,
/// clamp, uchar4 read as normalized floats) and writes a surface over level
/// l+1; then its render fetch tex2DLod<float4> (linear texel and mipmap
/// filters, maxMipmapLevelClamp = levels - 1) scaled to uchar4.
__global__ void downsample(hipSurfaceObject_t out, hipTextureObject_t in, unsigned w, unsigned h) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  float px = 1.0f / float(w), py = 1.0f / float(h);
  if (x >= w || y >= h) return;
  float4 a = cu2hip::tex2D<float4>(in, (x + 0) * px, (y + 0) * py), b = cu2hip::tex2D<float4>(in, (x + 1) * px, (y + 0) * py),
         c = cu2hip::tex2D<float4>(in, (x + 1) * px, (y + 1) * py), d = cu2hip::tex2D<float4>(in, (x + 0) * px, (y + 1) * py);
  float v[4] = {a.x + b.x + c.x + d.x, a.y + b.y + c.y + d.y, a.z + b.z + c.z + d.z, a.w + b.w + c.w + d.w};
  unsigned char o[4];
  for (int k = 0; k < 4; ++k) o[k] = (unsigned char)fminf(v[k] / 4.0f * 255.0f, 255.0f);
  cu2hip::surf2Dwrite(make_uchar4(o[0], o[1], o[2], o[3]), out, x * 4, y);
}
__global__ void render(uchar4 *out, hipTextureObject_t t, unsigned W, unsigned H, float lod) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= W) return;
  float4 c = cu2hip::tex2DLod<float4>(t, x / float(W), 1 - y / float(H), lod);
  out[y * W + x] = make_uchar4((unsigned char)(c.x * 255.0f), (unsigned char)(c.y * 255.0f),
                               (unsigned char)(c.z * 255.0f), (unsigned char)(c.w * 255.0f));
}

/// Levels 1.. of `mip` made from the level before by `downsample`, and the
/// reference levels `M` from the same arithmetic on the reference texels;
/// false when an object could not be created.
static bool downsampleChain(hipMipmappedArray_t mip, std::vector<ref::Level> &M,
                            const ref::State &S, const hipTextureDesc &td) {
  for (size_t l = 0; l + 1 < M.size(); ++l) {
    hipArray_t from, to;
    cu2hip::get_mipmapped_array_level(&from, mip, unsigned(l));
    cu2hip::get_mipmapped_array_level(&to, mip, unsigned(l + 1));
    hipResourceDesc rf = {}, rt = {};
    rf.resType = rt.resType = hipResourceTypeArray;
    rf.res.array.array = from, rt.res.array.array = to;
    hipTextureObject_t tin; hipSurfaceObject_t sout;
    if (cu2hip::create_texture_object(&tin, &rf, &td, nullptr) != hipSuccess ||
        cu2hip::create_surface_object(&sout, &rt) != hipSuccess) { ++failures; return false; }
    ref::Level &N = M[l + 1];
    hipLaunchKernelGGL(downsample, dim3((unsigned(N.w) + 15) / 16, unsigned(N.h)), dim3(16), 0, 0, sout, tin, unsigned(N.w), unsigned(N.h));
    cu2hip::destroy_surface_object(sout);
    cu2hip::destroy_texture_object(tin);
    for (int y = 0; y < N.h; ++y) // the reference level: the same arithmetic on the reference texels
      for (int x = 0; x < N.w; ++x) {
        float q[4][4], px = 1.0f / float(N.w), py = 1.0f / float(N.h);
        const int dx[4] = {0, 1, 1, 0}, dy[4] = {0, 0, 1, 1};
        for (int k = 0; k < 4; ++k) ref::level(M[l], S, 2, (x + dx[k]) * px, (y + dy[k]) * py, q[k]);
        for (int c = 0; c < 4; ++c) {
          float v = q[0][c] + q[1][c] + q[2][c] + q[3][c];
          N.t[(size_t(y) * N.w + x) * 4 + c] = float((unsigned char)std::fmin(v / 4.0f * 255.0f, 255.0f)) / 255.0f;
        }
      }
  }
  return true;
}

static void bindlessFlow() {
  const int W = 12, H = 7;
  std::vector<ref::Level> M;
  hipMipmappedArray_t mip = makeChain(W, H, 4, 99, M); // level 0 from makeChain; rebuilt below
  if (!mip) return;
  ref::State S{1, 1, 1, 0, 0, float(M.size() - 1), {0, 0, 0, 0}, true};
  hipTextureDesc td = {};
  for (auto &a : td.addressMode) a = hipAddressModeClamp;
  td.filterMode = hipFilterModeLinear;
  td.readMode = hipReadModeNormalizedFloat;
  td.normalizedCoords = 1;
  if (!downsampleChain(mip, M, S, td)) return;
  hipResourceDesc rd = {};
  rd.resType = hipResourceTypeMipmappedArray;
  rd.res.mipmap.mipmap = mip;
  td.mipmapFilterMode = hipFilterModeLinear;
  td.maxMipmapLevelClamp = float(M.size() - 1);
  hipTextureObject_t t;
  if (cu2hip::create_texture_object(&t, &rd, &td, nullptr) != hipSuccess) { ++failures; return; }
  const unsigned OW = 40, OH = 23;
  uchar4 *dout; hipMalloc((void **)&dout, OW * OH * sizeof(uchar4));
  for (float lod : {0.0f, 0.4f, 1.0f, 1.7f, 2.5f, 3.0f}) {
    hipLaunchKernelGGL(render, dim3((OW + 31) / 32, OH), dim3(32), 0, 0, dout, t, OW, OH, lod);
    std::vector<uchar4> out(OW * OH);
    hipMemcpy(out.data(), dout, out.size() * sizeof(uchar4), hipMemcpyDeviceToHost);
    for (unsigned i = 0; i < OW * OH; ++i) {
      float want[4];
      ref::lod(M, S, 2, (i % OW) / float(OW), 1 - (i / OW) / float(OH), lod, want);
      const unsigned char got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
      for (int c = 0; c < 4; ++c)
        expect(got[c] == (unsigned char)(want[c] * 255.0f), "bindless render", int(i), got[c], (unsigned char)(want[c] * 255.0f));
    }
  }
  hipFree(dout);
  cu2hip::destroy_texture_object(t);
  cu2hip::free_mipmapped_array(mip);
}

int main() {
  cases(13, 6, 1, 99, "float 13x6");   // 99 levels clamped to 4: 13x6 6x3 3x1 1x1
  cases(8, 8, 4, 3, "uchar4 8x8");     // 3 of 4 levels, unorm8 read as float
  cases(11, 0, 1, 0, "float 1D 11");   // 0 levels clamped to 1
  cases(11, 0, 1, 4, "float 1D 11x4"); // 11 5 2 1
  bindlessFlow();                      // 12x7 6x3 3x1 1x1, built by surfaces and textures
  hipArray_t a;
  hipMipmappedArray_t bogus = reinterpret_cast<hipMipmappedArray_t>(&failures);
  if (cu2hip::get_mipmapped_array_level(&a, bogus, 0) != hipErrorInvalidResourceHandle) ++failures;
  std::printf("%s: %d mismatches in %d comparisons\n", failures ? "FAIL" : "PASS", failures, compared);
  return failures ? 1 : 0;
}
