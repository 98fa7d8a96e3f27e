// cu2hip/surface_access.h and the cubemap fetches of cu2hip/texture_sampler.h
// (--texture=software) at wave 64 and 32, against CPU references written
// here from CUDA's rules:
//  * surfaces: x in bytes, y/z/layer/face in elements; an access of
//    sizeof(T) bytes out of range is dropped (writes) or reads zero under
//    cudaBoundaryModeZero, and moves to the nearest in-range position
//    (x to [0, rowBytes - sizeof(T)], each index to [0, n-1]) under
//    cudaBoundaryModeClamp (Trap aborts the kernel: not run here);
//  * coherence: a texture over the same backing memory reads what surface
//    writes stored;
//  * cubemaps: the CUDA C++ Programming Guide's face table (major axis m,
//    face coordinates ((s/|m|+1)/2, (t/|m|+1)/2)); point samples exactly
//    against the texel, linear samples against the 2D layered sampler
//    (texture_test.hip.cpp checks that one against the guide) at the
//    reference's face and coordinates.
// Descriptors are written by hand over hipMalloc'd memory (the emulator has
// no arrays), as an array's mirror lays them out.
#include <hip/hip_runtime.h>
#include <cu2hip/texture.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using cu2hip::tex_detail::TextureDesc;

static int failures = 0;
static void expect(bool ok, const char *what, int i, double got, double want) {
  if (!ok && failures++ < 20)
    std::printf("MISMATCH %s probe %d: got %.9g want %.9g\n", what, i, got, want);
}

/// A descriptor of `w` x `h` x `z` texels (`layered`: z layers) of
/// `channels` channels of `bits`-bit `kind`, over fresh device memory
/// holding `init`; returns the device address of the descriptor.
static void *makeDesc(int w, int h, int z, bool layered, int channels, int bits,
                      hipChannelFormatKind kind, const void *init, void **mem,
                      bool linear = false) {
  TextureDesc D = {};
  hipTextureDesc td = {};
  for (auto &a : td.addressMode) a = hipAddressModeClamp;
  td.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  td.normalizedCoords = 0;
  cu2hip::tex_detail::setSampling(D, td);
  cu2hip::tex_detail::setFormat(D, hipCreateChannelDesc(bits, channels > 1 ? bits : 0,
                                                        channels > 2 ? bits : 0,
                                                        channels > 3 ? bits : 0, kind));
  D.width = w; D.height = h; D.depth = layered ? 1 : z; D.layers = layered ? z : 0;
  D.pitch = size_t(w) * D.elemBytes; D.slicePitch = D.pitch * h;
  size_t bytes = D.slicePitch * z;
  hipMalloc(mem, bytes);
  hipMemcpy(*mem, init, bytes, hipMemcpyHostToDevice);
  D.base = (const unsigned char *)*mem;
  void *dd;
  hipMalloc(&dd, sizeof D);
  hipMemcpy(dd, &D, sizeof D, hipMemcpyHostToDevice);
  return dd;
}

// --- 2D float surface: Zero writes, Zero and Clamp reads, Clamp writes, a
// texture over the same memory. -----------------------------------------
constexpr int W = 5, H = 4, N2 = 81; // probes: x = (t%9-2)*4 bytes, y = t/9-1

__global__ void write2D(hipSurfaceObject_t s, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    cu2hip::surf2Dwrite(100.0f + t, s, (t % 9 - 2) * 4, t / 9 - 1, hipBoundaryModeZero);
}
__global__ void read2D(hipSurfaceObject_t s, float2 *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int x = (t % 9 - 2) * 4, y = t / 9 - 1;
  float z;
  cu2hip::surf2Dread(&z, s, x, y, hipBoundaryModeZero);
  out[t] = make_float2(z, cu2hip::surf2Dread<float>(s, x, y, hipBoundaryModeClamp));
}
__global__ void clampWrites(hipSurfaceObject_t s, const int2 *xy, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) // in order: later writes win
    for (int i = 0; i < n; ++i)
      cu2hip::surf2Dwrite(-1.0f - i, s, xy[i].x, xy[i].y, hipBoundaryModeClamp);
}
__global__ void texRead(hipTextureObject_t t, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < W * H) out[i] = cu2hip::tex2D<float>(t, i % W + 0.5f, i / W + 0.5f);
}

static void surface2D() {
  std::vector<float> ref(W * H);
  for (int i = 0; i < W * H; ++i) ref[i] = float(i) * 0.5f;
  void *mem;
  void *dd = makeDesc(W, H, 1, false, 1, 32, hipChannelFormatKindFloat, ref.data(), &mem);
  auto s = reinterpret_cast<hipSurfaceObject_t>(dd);
  hipLaunchKernelGGL(write2D, dim3(2), dim3(48), 0, 0, s, N2);
  for (int t = 0; t < N2; ++t) {
    int x = (t % 9 - 2) * 4, y = t / 9 - 1;
    if (x >= 0 && x <= W * 4 - 4 && y >= 0 && y < H) ref[y * W + x / 4] = 100.0f + t;
  }
  float2 *dout;
  hipMalloc((void **)&dout, N2 * sizeof(float2));
  hipLaunchKernelGGL(read2D, dim3(2), dim3(48), 0, 0, s, dout, N2);
  std::vector<float2> out(N2);
  hipMemcpy(out.data(), dout, N2 * sizeof(float2), hipMemcpyDeviceToHost);
  for (int t = 0; t < N2; ++t) {
    int x = (t % 9 - 2) * 4, y = t / 9 - 1;
    bool in = x >= 0 && x <= W * 4 - 4 && y >= 0 && y < H;
    int cx = std::min(std::max(x, 0), W * 4 - 4) / 4, cy = std::min(std::max(y, 0), H - 1);
    expect(out[t].x == (in ? ref[y * W + x / 4] : 0.0f), "surf2Dread zero", t, out[t].x,
           in ? ref[y * W + x / 4] : 0.0f);
    expect(out[t].y == ref[cy * W + cx], "surf2Dread clamp", t, out[t].y, ref[cy * W + cx]);
  }
  const int2 xy[] = {{-4, 1}, {20, 2}, {17, -3}, {8, 9}, {-100, -100}, {400, 400}, {4, 1}};
  const int n = int(sizeof xy / sizeof xy[0]);
  int2 *dxy;
  hipMalloc((void **)&dxy, sizeof xy);
  hipMemcpy(dxy, xy, sizeof xy, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(clampWrites, dim3(1), dim3(64), 0, 0, s, dxy, n);
  for (int i = 0; i < n; ++i) {
    int cx = std::min(std::max(xy[i].x, 0), W * 4 - 4) / 4;
    int cy = std::min(std::max(xy[i].y, 0), H - 1);
    ref[cy * W + cx] = -1.0f - i;
  }
  float *dtex;
  hipMalloc((void **)&dtex, W * H * 4);
  hipLaunchKernelGGL(texRead, dim3(1), dim3(64), 0, 0,
                     reinterpret_cast<hipTextureObject_t>(dd), dtex);
  std::vector<float> tex(W * H), mem2(W * H);
  hipMemcpy(tex.data(), dtex, W * H * 4, hipMemcpyDeviceToHost);
  hipMemcpy(mem2.data(), mem, W * H * 4, hipMemcpyDeviceToHost);
  for (int i = 0; i < W * H; ++i) {
    expect(mem2[i] == ref[i], "surf2Dwrite memory", i, mem2[i], ref[i]);
    expect(tex[i] == ref[i], "tex2D after surf2Dwrite", i, tex[i], ref[i]);
  }
  hipFree(mem); hipFree(dd); hipFree(dout); hipFree(dxy); hipFree(dtex);
}

// --- 3D uchar, 1D float4, 2D layered short2, layered cubemap surfaces. ---
constexpr int W3 = 6, H3 = 3, D3 = 2;

__global__ void shapes(hipSurfaceObject_t s3, hipSurfaceObject_t s1, hipSurfaceObject_t sl,
                       hipSurfaceObject_t sc, int4 *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int x = t % 8 - 1, y = t / 8 % 4 - 0, z = t / 32 - 1; // x, y, z: some outside
  unsigned char zero = cu2hip::surf3Dread<unsigned char>(s3, x, y, z, hipBoundaryModeZero);
  unsigned char clamp;
  cu2hip::surf3Dread(&clamp, s3, x, y, z, hipBoundaryModeClamp);
  float4 f = cu2hip::surf1Dread<float4>(s1, x * 16, hipBoundaryModeZero);
  short2 l = cu2hip::surf2DLayeredread<short2>(sl, x * 4, y, z, hipBoundaryModeClamp);
  float c = cu2hip::surfCubemapLayeredread<float>(sc, x * 4, y, t % 13, hipBoundaryModeZero);
  out[t] = make_int4(zero | clamp << 8, int(f.x + f.w), l.x * 65536 + l.y, int(c));
}
__global__ void shapeWrites(hipSurfaceObject_t s3, hipSurfaceObject_t s1, hipSurfaceObject_t sl,
                            hipSurfaceObject_t sc) {
  int t = threadIdx.x; // one write per thread, distinct in-range targets
  if (t < W3 * H3 * D3)
    cu2hip::surf3Dwrite<unsigned char>((unsigned char)(200 + t), s3, t % W3, t / W3 % H3,
                                       t / (W3 * H3));
  if (t < 4)
    cu2hip::surf1Dwrite(make_float4(t, 0, 0, 1000 * t), s1, t * 16);
  if (t < 4 * 2 * 3)
    cu2hip::surf2DLayeredwrite(make_short2(short(-t), short(t * 3)), sl, t % 4 * 4, t / 4 % 2,
                               t / 8);
  if (t < 12)
    cu2hip::surfCubemapLayeredwrite(float(50 + t), sc, 4, 1, t);
  cu2hip::surfCubemapwrite(7.0f, sc, 0, 0, 12, hipBoundaryModeZero); // past the 12 layers: dropped
}

static void surfaceShapes() {
  std::vector<unsigned char> v3(W3 * H3 * D3, 0);
  std::vector<float> v1(4 * 4, 0.0f), vc(2 * 2 * 12, 0.0f);
  std::vector<short> vl(4 * 2 * 3 * 2, 0);
  void *m3, *m1, *ml, *mc;
  auto S = [](void *d) { return reinterpret_cast<hipSurfaceObject_t>(d); };
  void *d3 = makeDesc(W3, H3, D3, false, 1, 8, hipChannelFormatKindUnsigned, v3.data(), &m3);
  void *d1 = makeDesc(4, 1, 1, false, 4, 32, hipChannelFormatKindFloat, v1.data(), &m1);
  void *dl = makeDesc(4, 2, 3, true, 2, 16, hipChannelFormatKindSigned, vl.data(), &ml);
  void *dc = makeDesc(2, 2, 12, true, 1, 32, hipChannelFormatKindFloat, vc.data(), &mc);
  hipLaunchKernelGGL(shapeWrites, dim3(1), dim3(64), 0, 0, S(d3), S(d1), S(dl), S(dc));
  for (int t = 0; t < W3 * H3 * D3; ++t) v3[t] = (unsigned char)(200 + t);
  for (int t = 0; t < 4; ++t) v1[t * 4] = float(t), v1[t * 4 + 3] = 1000.0f * t;
  for (int t = 0; t < 24; ++t) vl[2 * t] = short(-t), vl[2 * t + 1] = short(3 * t);
  for (int t = 0; t < 12; ++t) vc[t * 4 + 1 * 2 + 1] = float(50 + t); // x 4 bytes: texel 1, row 1
  const int n = 96;
  int4 *dout;
  hipMalloc((void **)&dout, n * sizeof(int4));
  hipLaunchKernelGGL(shapes, dim3(2), dim3(48), 0, 0, S(d3), S(d1), S(dl), S(dc), dout, n);
  std::vector<int4> out(n);
  hipMemcpy(out.data(), dout, n * sizeof(int4), hipMemcpyDeviceToHost);
  auto cl = [](int v, int hi) { return std::min(std::max(v, 0), hi); };
  for (int t = 0; t < n; ++t) {
    int x = t % 8 - 1, y = t / 8 % 4, z = t / 32 - 1;
    bool in3 = x >= 0 && x < W3 && y < H3 && z >= 0 && z < D3;
    int zero = in3 ? v3[(z * H3 + y) * W3 + x] : 0;
    int clamp = v3[(cl(z, D3 - 1) * H3 + cl(y, H3 - 1)) * W3 + cl(x, W3 - 1)];
    expect(out[t].x == (zero | clamp << 8), "surf3Dread zero|clamp", t, out[t].x, zero | clamp << 8);
    bool in1 = x >= 0 && x < 4;
    int f = in1 ? int(v1[x * 4] + v1[x * 4 + 3]) : 0;
    expect(out[t].y == f, "surf1Dread<float4> zero", t, out[t].y, f);
    int li = (cl(z, 2) * 2 + cl(y, 1)) * 4 + cl(x, 3);
    int l = vl[2 * li] * 65536 + vl[2 * li + 1];
    expect(out[t].z == l, "surf2DLayeredread<short2> clamp", t, out[t].z, l);
    int lf = t % 13;
    bool inc = x >= 0 && x < 2 && y < 2 && lf < 12;
    int c = inc ? int(vc[(lf * 2 + y) * 2 + x]) : 0;
    expect(out[t].w == c, "surfCubemapLayeredread zero", t, out[t].w, c);
  }
  for (void *p : {m3, m1, ml, mc, d3, d1, dl, dc}) hipFree(p);
  hipFree(dout);
}

// --- Cubemap fetches. ------------------------------------------------------
namespace ref {
/// The guide's table: face, and face coordinates u, v in [0, 1].
int face(float x, float y, float z, float &u, float &v) {
  float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  int f; float m, s, t;
  if (ax > ay && ax > az) { f = x >= 0 ? 0 : 1; m = ax; s = x >= 0 ? -z : z; t = -y; }
  else if (ay > ax && ay > az) { f = y >= 0 ? 2 : 3; m = ay; s = x; t = y >= 0 ? z : -z; }
  else { f = z >= 0 ? 4 : 5; m = az; s = z >= 0 ? x : -x; t = -y; }
  u = (s / m + 1) / 2; v = (t / m + 1) / 2;
  return f;
}
} // namespace ref

constexpr int C = 4; // face size
struct Dir { float x, y, z; };

__global__ void cubeFetch(hipTextureObject_t t, hipTextureObject_t twin, const Dir *d,
                          const float *uvf, float4 *out, int n, int layer) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float got = layer < 0 ? cu2hip::texCubemap<float>(t, d[i].x, d[i].y, d[i].z)
                        : cu2hip::texCubemapLayered<float>(t, d[i].x, d[i].y, d[i].z, layer);
  int L = int(uvf[3 * i + 2]) + 6 * (layer < 0 ? 0 : layer);
  float want = cu2hip::tex2DLayered<float>(twin, uvf[3 * i], uvf[3 * i + 1], L);
  out[i] = make_float4(got, want, 0, 0);
}

static void cubemapCase(bool linear, int layer) {
  std::vector<float> tex(C * C * 12);
  for (size_t i = 0; i < tex.size(); ++i) tex[i] = float(i * 37 % 101) * 0.25f;
  void *mem, *mem2;
  void *d = makeDesc(C, C, 12, true, 1, 32, hipChannelFormatKindFloat, tex.data(), &mem, linear);
  // The twin: the same texels, normalized coordinates, sampled in 2D layered.
  void *twin = makeDesc(C, C, 12, true, 1, 32, hipChannelFormatKindFloat, tex.data(), &mem2, linear);
  TextureDesc T;
  hipMemcpy(&T, twin, sizeof T, hipMemcpyDeviceToHost);
  T.normalizedCoords = 1;
  hipMemcpy(twin, &T, sizeof T, hipMemcpyHostToDevice);
  std::vector<Dir> dirs;
  std::vector<float> uvf;
  const float g[] = {-1.3f, -0.71f, -0.22f, 0.05f, 0.37f, 0.93f, 1.6f};
  for (float x : g) for (float y : g) for (float z : g) {
    float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    if (ax == ay || ay == az || ax == az) continue; // the guide leaves ties open
    float u, v;
    int f = ref::face(x, y, z, u, v);
    dirs.push_back({x, y, z});
    uvf.insert(uvf.end(), {u, v, float(f)});
  }
  int n = int(dirs.size());
  Dir *dd; float *duv; float4 *dout;
  hipMalloc((void **)&dd, n * sizeof(Dir)); hipMalloc((void **)&duv, uvf.size() * 4);
  hipMalloc((void **)&dout, n * sizeof(float4));
  hipMemcpy(dd, dirs.data(), n * sizeof(Dir), hipMemcpyHostToDevice);
  hipMemcpy(duv, uvf.data(), uvf.size() * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(cubeFetch, dim3((n + 63) / 64), dim3(64), 0, 0,
                     reinterpret_cast<hipTextureObject_t>(d),
                     reinterpret_cast<hipTextureObject_t>(twin), dd, duv, dout, n, layer);
  std::vector<float4> out(n);
  hipMemcpy(out.data(), dout, n * sizeof(float4), hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float u = uvf[3 * i], v = uvf[3 * i + 1];
    int L = int(uvf[3 * i + 2]) + 6 * (layer < 0 ? 0 : layer);
    // Point: texel floor(u * C), floor(v * C), clamped, of layer L.
    int tx = std::min(std::max(int(std::floor(u * C)), 0), C - 1);
    int ty = std::min(std::max(int(std::floor(v * C)), 0), C - 1);
    float want = linear ? out[i].y : tex[(L * C + ty) * C + tx];
    expect(std::memcmp(&out[i].x, &want, 4) == 0,
           linear ? "texCubemap linear" : "texCubemap point", i, out[i].x, want);
  }
  for (void *p : {mem, mem2, d, twin}) hipFree(p);
  hipFree(dd); hipFree(duv); hipFree(dout);
}

// --- A handle packed into integers and back, as texture-handle-integer
// ports CUDA's unsigned long long handle arithmetic (bindless atlases). ---
__global__ void handleRoundTrip(hipTextureObject_t t, float2 *out) {
  uint2 e = make_uint2((uint)(((unsigned long long)(t)) & 0xFFFFFFFF),
                       (uint)(((unsigned long long)(t)) >> 32));
  hipTextureObject_t d = ((hipTextureObject_t)((((unsigned long long)(((hipTextureObject_t)e.x))) |
                                                 ((unsigned long long)(((hipTextureObject_t)e.y))) << 32)));
  int i = threadIdx.x;
  if (i < W * H)
    out[i] = make_float2(cu2hip::tex2D<float>(d, i % W + 0.5f, i / W + 0.5f),
                         cu2hip::tex2D<float>(t, i % W + 0.5f, i / W + 0.5f));
}

static void handleCase() {
  std::vector<float> v(W * H);
  for (int i = 0; i < W * H; ++i) v[i] = 3.0f * i - 7.0f;
  void *mem;
  void *d = makeDesc(W, H, 1, false, 1, 32, hipChannelFormatKindFloat, v.data(), &mem);
  float2 *dout;
  hipMalloc((void **)&dout, W * H * sizeof(float2));
  hipLaunchKernelGGL(handleRoundTrip, dim3(1), dim3(64), 0, 0,
                     reinterpret_cast<hipTextureObject_t>(d), dout);
  std::vector<float2> out(W * H);
  hipMemcpy(out.data(), dout, W * H * sizeof(float2), hipMemcpyDeviceToHost);
  for (int i = 0; i < W * H; ++i)
    expect(out[i].x == v[i] && out[i].y == v[i], "handle round trip", i, out[i].x, v[i]);
  hipFree(mem); hipFree(d); hipFree(dout);
}

int main() {
  handleCase();
  surface2D();
  surfaceShapes();
  for (int linear = 0; linear < 2; ++linear)
    for (int layer : {-1, 1})
      cubemapCase(linear, layer);
  float u, v;
  // Faces of the six axis directions (guide: +x 0, -x 1, +y 2, -y 3, +z 4, -z 5).
  const float ax[6][3] = {{1, 0.1f, 0.2f}, {-1, 0.1f, 0.2f}, {0.1f, 1, 0.2f},
                          {0.1f, -1, 0.2f}, {0.1f, 0.2f, 1}, {0.1f, 0.2f, -1}};
  for (int f = 0; f < 6; ++f)
    expect(cu2hip::tex_detail::cubeFace(ax[f][0], ax[f][1], ax[f][2], u, v) == f, "cubeFace", f,
           cu2hip::tex_detail::cubeFace(ax[f][0], ax[f][1], ax[f][2], u, v), f);
  std::printf("%s: %d mismatches\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
