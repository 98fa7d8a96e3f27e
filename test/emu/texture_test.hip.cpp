// cu2hip/texture.h (--texture=software): every fetch of the software sampler
// at wave 64 and 32 against a CPU reference written here from the CUDA C++
// Programming Guide's appendix "Texture Fetching" (point and linear
// filtering with 1.8 fixed-point weights, corner weights and border colors
// as measured on an H100 (docs/rules.md); clamp, border, wrap, mirror;
// normalized coordinates; cudaReadModeNormalizedFloat), compared exactly.
// Objects over linear and pitch2D memory come from create_texture_object;
// 3D and layered descriptors are written by hand (the emulator has no
// arrays), as the array path's mirror would lay them out.
#include <hip/hip_runtime.h>
#include <cu2hip/texture.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using cu2hip::tex_detail::TextureDesc;

namespace ref {
// --- The reference: the guide's formulas, on the host. -------------------
int idx(int i, int n, int mode) { // texel index after addressing, -1 border
  if (mode == 0) return ((i % n) + n) % n;                   // wrap
  if (mode == 2) { int m = ((i % (2 * n)) + 2 * n) % (2 * n); return m < n ? m : 2 * n - 1 - m; }
  if (mode == 3) return (i < 0 || i >= n) ? -1 : i;          // border
  return std::min(std::max(i, 0), n - 1);                    // clamp
}
// unorm16: a filtered value is returned as a 16-bit unorm (8-bit unsigned
// texels read as normalized floats, as an H100 returns them).
// half16: a filtered value is returned rounded to half precision (16-bit
// float texels).
struct Host { std::vector<float> texel; int w, h, d, ch; float border[4]; bool unorm16 = false, half16 = false; };
float at(const Host &t, int i, int j, int k, int c) {
  if (i < 0 || j < 0 || k < 0) return t.border[c];
  return c < t.ch ? t.texel[((size_t(k) * t.h + j) * t.w + i) * t.ch + c] : 0.0f;
}
// Linear-filter weight of a corner, in 1/256 units, from the 1.8 fixed-point
// fractions F[3] (0..256): the product over axes of (bit ? f : 1 - f),
// expanded into a signed sum of products of the f's; a product of m >= 2
// factors is rounded (half up) to 1/256 before it is summed (the rule an
// H100's results follow exactly in 1D and 2D).
long cornerWeight(const int F[3], int dims, int bits) {
  long w = 0;
  for (int S = 0; S < (1 << dims); ++S) {
    if ((S & bits) != bits) continue; // S must hold every axis whose bit is 1
    long prod = 1, scale = 1; int m = 0;
    for (int k = 0; k < dims; ++k)
      if (S >> k & 1) { prod *= F[k]; if (m++) scale *= 256; }
    long term = m == 0 ? 256 : (m == 1 ? prod : (prod + scale / 2) / scale);
    int extra = 0; // axes in S whose bit is 0 contribute a minus sign
    for (int k = 0; k < dims; ++k) extra += (S >> k & 1) && !(bits >> k & 1);
    w += (extra & 1) ? -term : term;
  }
  return w;
}
// A float (exact: the test's sums fit in 24 bits) rounded to the nearest
// half, ties to even, on the float's bits: keep 10 of the 23 fraction bits
// (normal halves only; the test's values are in [2^-14, 2^15)).
float toHalf(float f) {
  unsigned u; std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) == 0) return f;
  unsigned low = u & 0x1fffu, keep = u & ~0x1fffu;
  if (low > 0x1000u || (low == 0x1000u && (keep & 0x2000u))) keep += 0x2000u;
  std::memcpy(&f, &keep, 4);
  return f;
}
// tex(x,y,z) per the guide: point T[floor(x)]; linear: the 2^dims
// neighbours weighted by cornerWeight, a = frac(x - 0.5) rounded to 1/256,
// the weighted sum exact (long double) and rounded once to float.
void fetch(const Host &t, int dims, const float *xyz, int layer, int mode, bool norm,
           bool linear, float out[4]) {
  int n[3] = {t.w, t.h, t.d}, i0[3] = {0, 0, layer}, i1[3] = {0, 0, layer}, F[3] = {0, 0, 0};
  int m = (!norm && (mode == 0 || mode == 2)) ? 1 : mode;
  for (int k = 0; k < dims; ++k) {
    float x = norm ? xyz[k] * float(n[k]) : xyz[k];
    if (!linear) { i0[k] = idx(int(std::floor(x)), n[k], m); continue; }
    float xb = x - 0.5f, f = std::floor(xb);
    F[k] = int(std::floor((xb - f) * 256.0f + 0.5f));
    i0[k] = idx(int(f), n[k], m);
    i1[k] = idx(int(f) + 1, n[k], m);
  }
  for (int c = 0; c < 4; ++c) {
    if (!linear) { out[c] = at(t, i0[0], i0[1], i0[2], c); continue; }
    long double s = 0;
    for (int q = 0; q < (1 << dims); ++q) {
      long w = cornerWeight(F, dims, q);
      int bx = q & 1, by = (q >> 1) & 1, bz = (q >> 2) & 1;
      if (w != 0) s += (long double)w * at(t, bx ? i1[0] : i0[0], by ? i1[1] : i0[1], bz ? i1[2] : i0[2], c);
    }
    long double v = s / 256;
    out[c] = t.unorm16 ? float(std::nearbyint(double(v) * 65535.0) / 65535.0)
             : t.half16 ? toHalf(float(v)) : float(v);
  }
}
// The border color of 8-bit unsigned texels read as normalized floats:
// clamped to [0, 1], scaled by 255, rounded to nearest with ties toward
// zero, divided by 255 (the H100 returns 127/255 for 0.5, 64/255 for 0.25).
float unorm8Border(float v) {
  double x = std::min(std::max((double)v, 0.0), 1.0) * 255.0;
  double n = std::floor(x);
  if (x - n > 0.5) n += 1;
  return float(n / 255.0);
}
} // namespace ref

struct Probe { float x, y, z; int layer; };

__global__ void sample2D(hipTextureObject_t t, const Probe *p, float4 *out, int n, int dims) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Probe q = p[i];
  if (dims == 1) out[i] = make_float4(cu2hip::tex1D<float>(t, q.x), 0, 0, 0);
  else if (dims == 2) out[i] = cu2hip::tex2D<float4>(t, q.x, q.y);
  else if (dims == 3) out[i] = make_float4(cu2hip::tex3D<float>(t, q.x, q.y, q.z), 0, 0, 0);
  else out[i] = make_float4(cu2hip::tex2DLayered<float>(t, q.x, q.y, q.layer), 0, 0, 0);
}

__global__ void fetchRaw(hipTextureObject_t ti, hipTextureObject_t tu, hipTextureObject_t ts,
                         int4 *out, float2 *outs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = i - 2; // two indices before the texture, some after it
  uchar4 u = cu2hip::tex2D<uchar4>(tu, float(x) + 0.75f, 1.25f);
  out[i] = make_int4(cu2hip::tex1Dfetch<int>(ti, x), u.x, u.y, u.w);
  outs[i] = cu2hip::tex1Dfetch<float2>(ts, x);
}

static int failures = 0;
static void expect(bool ok, const char *what, int i, float got, float want) {
  if (!ok && failures++ < 20)
    std::printf("MISMATCH %s probe %d: got %.9g want %.9g\n", what, i, got, want);
}

static std::vector<Probe> probes(int dims, bool norm, int w, int h, int d) {
  std::vector<Probe> P;
  const float steps[] = {-0.37f, 0.0f, 0.25f, 0.5f, 0.8125f, 1.0f, 1.6f, 2.49f, 3.5f, 4.99f, 6.2f};
  for (float sx : steps)
    for (float sy : steps)
      for (int k = 0; k < (dims == 3 ? 3 : 1); ++k) {
        float zk = k * 0.75f - 0.3f;
        Probe q{norm ? sx / w : sx, norm ? sy / h : sy, norm ? zk / d : zk, (k + int(sx)) & 1};
        if (norm) { q.x = q.x * 1.7f - 0.2f; q.y = q.y * 1.3f - 0.1f; }
        P.push_back(q);
        if (dims == 1) break;
      }
  return P;
}

/// Runs every probe through the kernel and the reference for one texture
/// and sampling state.
static void check(hipTextureObject_t t, const ref::Host &H, int dims, int mode, bool norm,
                  bool linear, const char *what) {
  std::vector<Probe> P = probes(dims, norm, H.w, H.h, H.d);
  int n = int(P.size());
  Probe *dp; float4 *dout;
  hipMalloc((void **)&dp, n * sizeof(Probe)); hipMalloc((void **)&dout, n * sizeof(float4));
  hipMemcpy(dp, P.data(), n * sizeof(Probe), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(sample2D, dim3((n + 95) / 96), dim3(96), 0, 0, t, dp, dout, n, dims);
  std::vector<float4> out(n);
  hipMemcpy(out.data(), dout, n * sizeof(float4), hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float xyz[3] = {P[i].x, P[i].y, P[i].z}, want[4];
    ref::fetch(H, dims == 4 ? 2 : dims, xyz, dims == 4 ? P[i].layer : 0, mode, norm, linear, want);
    const float got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
    for (int c = 0; c < (dims == 2 ? 4 : 1); ++c)
      expect(std::memcmp(&got[c], &want[c], 4) == 0, what, i, got[c], want[c]);
  }
  hipFree(dp); hipFree(dout);
}

static hipTextureDesc texDesc(int mode, bool linear, bool norm, bool normalizedRead) {
  hipTextureDesc td = {};
  for (auto &a : td.addressMode) a = hipTextureAddressMode(mode);
  td.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  td.readMode = normalizedRead ? hipReadModeNormalizedFloat : hipReadModeElementType;
  td.normalizedCoords = norm;
  const float border[4] = {0.25f, -2.0f, 7.5f, 1.0f};
  std::memcpy(td.borderColor, border, sizeof border);
  return td;
}

/// uchar4 texels read as normalized floats and as uchar4; float texels; each
/// mode, filter and coordinate kind.
static void pitch2DCases() {
  const int W = 5, H = 4;
  std::vector<unsigned char> u8(W * H * 4);
  for (size_t i = 0; i < u8.size(); ++i) u8[i] = (unsigned char)((i * 73 + 11) % 256);
  ref::Host R{{}, W, H, 1, 4, {}};
  const float border[4] = {0.25f, -2.0f, 7.5f, 1.0f};
  for (int c = 0; c < 4; ++c) R.border[c] = ref::unorm8Border(border[c]);
  R.unorm16 = true;
  for (unsigned char v : u8) R.texel.push_back(v / 255.0f);
  void *dev; size_t pitch;
  hipMallocPitch(&dev, &pitch, W * 4, H);
  hipMemcpy2D(dev, pitch, u8.data(), W * 4, W * 4, H, hipMemcpyHostToDevice);
  hipResourceDesc rd = {};
  rd.resType = hipResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dev;
  rd.res.pitch2D.desc = hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
  rd.res.pitch2D.width = W; rd.res.pitch2D.height = H; rd.res.pitch2D.pitchInBytes = pitch;
  for (int mode = 0; mode < 4; ++mode)
    for (int norm = 0; norm < 2; ++norm)
      for (int lin = 0; lin < 2; ++lin) {
        hipTextureDesc td = texDesc(mode, lin, norm, true);
        hipTextureObject_t t;
        if (cu2hip::create_texture_object(&t, &rd, &td, nullptr) != hipSuccess) { ++failures; continue; }
        char what[64];
        std::snprintf(what, sizeof what, "uchar4 mode %d norm %d linear %d", mode, norm, lin);
        check(t, R, 2, mode, norm, lin, what);
        cu2hip::destroy_texture_object(t);
      }
  hipFree(dev);
}

/// 16-bit float texels (a pitch2D of halves), linear filtering: the
/// filtered value comes back rounded to half precision.
static void halfCases() {
  const int W = 5, H = 4;
  ref::Host R{{}, W, H, 1, 1, {0.25f, 0, 0, 0}};
  R.half16 = true;
  std::vector<unsigned short> bits;
  for (int i = 0; i < W * H; ++i) {
    float v = float(i * 7 % 11) * 0.375f - 2.0f + 0.0009765625f * float(i % 3); // exact in half
    R.texel.push_back(v);
    unsigned u; std::memcpy(&u, &v, 4);
    unsigned e = (u >> 23) & 0xffu;
    bits.push_back((unsigned short)(v == 0.0f ? 0u : ((u >> 16) & 0x8000u) | ((e - 112u) << 10) | ((u >> 13) & 0x3ffu)));
  }
  void *dev; size_t pitch;
  hipMallocPitch(&dev, &pitch, W * 2, H);
  hipMemcpy2D(dev, pitch, bits.data(), W * 2, W * 2, H, hipMemcpyHostToDevice);
  hipResourceDesc rd = {};
  rd.resType = hipResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dev;
  rd.res.pitch2D.desc = hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
  rd.res.pitch2D.width = W; rd.res.pitch2D.height = H; rd.res.pitch2D.pitchInBytes = pitch;
  for (int mode = 0; mode < 4; ++mode)
    for (int norm = 0; norm < 2; ++norm) {
      hipTextureDesc td = texDesc(mode, true, norm, false);
      td.borderColor[1] = td.borderColor[2] = td.borderColor[3] = 0.0f;
      hipTextureObject_t t;
      if (cu2hip::create_texture_object(&t, &rd, &td, nullptr) != hipSuccess) { ++failures; continue; }
      char what[64];
      std::snprintf(what, sizeof what, "half mode %d norm %d linear 1", mode, norm);
      check(t, R, 2, mode, norm, true, what);
      cu2hip::destroy_texture_object(t);
    }
  hipFree(dev);
}

/// A device descriptor over float texels `v` (w x h x d, `layers` > 0 for
/// a layered texture), as create_texture_object lays out an array mirror.
static hipTextureObject_t handMade(const std::vector<float> &v, int w, int h, int d, int layers,
                                   int mode, bool lin, bool norm, void **mem) {
  hipMalloc(mem, v.size() * 4);
  hipMemcpy(*mem, v.data(), v.size() * 4, hipMemcpyHostToDevice);
  TextureDesc D = {};
  hipTextureDesc td = texDesc(mode, lin, norm, false);
  cu2hip::tex_detail::setSampling(D, td);
  cu2hip::tex_detail::setFormat(D, hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat));
  D.base = (const unsigned char *)*mem; D.width = w; D.height = h; D.depth = d;
  D.layers = layers; D.pitch = w * 4; D.slicePitch = D.pitch * h;
  void *dd; hipMalloc(&dd, sizeof D);
  hipMemcpy(dd, &D, sizeof D, hipMemcpyHostToDevice);
  return reinterpret_cast<hipTextureObject_t>(dd);
}

static void volumeCases() {
  const int W = 3, H = 3, D = 2;
  std::vector<float> v(W * H * D);
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(i * i % 17) * 0.375f - 2.0f;
  ref::Host R{v, W, H, D, 1, {0.25f, 0, 0, 0}};
  for (int mode = 0; mode < 4; ++mode)
    for (int norm = 0; norm < 2; ++norm)
      for (int lin = 0; lin < 2; ++lin)
        for (int layered = 0; layered < 2; ++layered) {
          void *mem;
          hipTextureObject_t t = handMade(v, W, H, layered ? 1 : D, layered ? D : 0, mode, lin,
                                          norm, &mem);
          char what[64];
          std::snprintf(what, sizeof what, "%s mode %d norm %d linear %d",
                        layered ? "layered" : "3D", mode, norm, lin);
          check(t, R, layered ? 4 : 3, mode, norm, lin, what);
          hipFree(reinterpret_cast<void *>(t)); hipFree(mem);
        }
}

/// tex1Dfetch of int and short2 linear memory (zero outside), tex2D<uchar4>
/// point reads of the element type.
static void rawCases() {
  const int N = 6, n = N + 4;
  std::vector<int> iv(N); std::vector<short> sv(2 * N);
  for (int i = 0; i < N; ++i) { iv[i] = i * 1000 - 2500; sv[2 * i] = short(i * 9000 - 30000); sv[2 * i + 1] = short(-32768 + i); }
  std::vector<unsigned char> u8(4 * 4 * 2);
  for (size_t i = 0; i < u8.size(); ++i) u8[i] = (unsigned char)(i * 29 + 3);
  void *di, *ds, *du; int4 *dout; float2 *douts;
  hipMalloc(&di, N * 4); hipMalloc(&ds, N * 4); hipMalloc(&du, u8.size());
  hipMalloc((void **)&dout, n * sizeof(int4)); hipMalloc((void **)&douts, n * sizeof(float2));
  hipMemcpy(di, iv.data(), N * 4, hipMemcpyHostToDevice);
  hipMemcpy(ds, sv.data(), N * 4, hipMemcpyHostToDevice);
  hipMemcpy(du, u8.data(), u8.size(), hipMemcpyHostToDevice);
  hipResourceDesc ri = {}, rs = {}, ru = {};
  ri.resType = rs.resType = hipResourceTypeLinear;
  ri.res.linear = {di, hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindSigned), size_t(N * 4)};
  rs.res.linear = {ds, hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindSigned), size_t(N * 4)};
  ru.resType = hipResourceTypePitch2D;
  ru.res.pitch2D = {du, hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned), 4, 2, 16};
  hipTextureDesc te = texDesc(1, false, false, false), tn = texDesc(1, false, false, true);
  hipTextureObject_t ti, ts, tu;
  cu2hip::create_texture_object(&ti, &ri, &te, nullptr);
  cu2hip::create_texture_object(&ts, &rs, &tn, nullptr);
  cu2hip::create_texture_object(&tu, &ru, &te, nullptr);
  hipLaunchKernelGGL(fetchRaw, dim3(1), dim3(64), 0, 0, ti, tu, ts, dout, douts, n);
  std::vector<int4> out(n); std::vector<float2> outs(n);
  hipMemcpy(out.data(), dout, n * sizeof(int4), hipMemcpyDeviceToHost);
  hipMemcpy(outs.data(), douts, n * sizeof(float2), hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int x = i - 2, cx = std::min(std::max(x, 0), 3); // clamp, point: floor(x + 0.75)
    bool in = x >= 0 && x < N;
    expect(out[i].x == (in ? iv[x] : 0), "tex1Dfetch<int>", i, out[i].x, in ? iv[x] : 0);
    const unsigned char *u = &u8[(4 + cx) * 4];
    expect(out[i].y == u[0] && out[i].z == u[1] && out[i].w == u[3], "tex2D<uchar4>", i, out[i].y, u[0]);
    float s0 = in ? std::max(sv[2 * x] / 32767.0f, -1.0f) : 0, s1 = in ? std::max(sv[2 * x + 1] / 32767.0f, -1.0f) : 0;
    expect(outs[i].x == s0 && outs[i].y == s1, "tex1Dfetch<float2> short2", i, outs[i].x, s0);
  }
  for (auto t : {ti, ts, tu}) cu2hip::destroy_texture_object(t);
  hipFree(di); hipFree(ds); hipFree(du); hipFree(dout); hipFree(douts);
}

int main() {
  pitch2DCases();
  halfCases();
  volumeCases();
  rawCases();
  hipTextureObject_t bogus = reinterpret_cast<hipTextureObject_t>(&failures);
  if (cu2hip::destroy_texture_object(bogus) != hipErrorInvalidValue) ++failures;
  std::printf("%s: %d mismatches\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
