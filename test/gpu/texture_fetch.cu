// Texture fetches on an NVIDIA GPU, printed exactly, for comparing CUDA's
// hardware sampler with the cu2hip --texture=software port of this file
// (cu2hip/texture.h) built as HIP on NVIDIA: scripts/gpu-texture-check.sh
// builds both and diffs their output.
//
// Resources: pitch2D (float, uchar4, half), 2D/3D/layered cudaArrays (float,
// filled with cudaMemcpy2DToArray / cudaMemcpy3D) and linear memory (int,
// short2 for tex1Dfetch). For each, every address mode (wrap, clamp, mirror,
// border), point and linear filtering (where CUDA allows it), unnormalized
// and normalized coordinates, on a grid of coordinates reaching past the
// edges. One line per fetch: case, coordinates, result as hex floats (%a).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

struct Coord {
  float x, y, z;
  int layer;
};

__device__ float4 widen(float v) { return make_float4(v, 0, 0, 0); }
__device__ float4 widen(float4 v) { return v; }
__device__ float4 widen(uchar4 v) { return make_float4(v.x, v.y, v.z, v.w); }

/// One fetch per thread: dims 1 (tex1D), 2 (tex2D), 3 (tex3D), 4
/// (tex2DLayered).
template <class T>
__global__ void fetch(cudaTextureObject_t t, const Coord *c, float4 *out, int n, int dims) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Coord q = c[i];
  if (dims == 2)
    out[i] = widen(tex2D<T>(t, q.x, q.y));
  else if (dims == 3)
    out[i] = widen(tex3D<float>(t, q.x, q.y, q.z));
  else if (dims == 4)
    out[i] = widen(tex2DLayered<float>(t, q.x, q.y, q.layer));
  else
    out[i] = widen(tex1D<float>(t, q.x));
}

__global__ void fetchLinear(cudaTextureObject_t ti, cudaTextureObject_t ts, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 s = tex1Dfetch<float2>(ts, i - 2);
  out[i] = make_float4((float)tex1Dfetch<int>(ti, i - 2), s.x, s.y, 0);
}

/// Coordinates over [-1.3, size + 1.3) (normalized: divided by size).
static std::vector<Coord> grid(int dims, bool norm, int w, int h, int d) {
  std::vector<Coord> g;
  for (float y = -1.3f; y < (dims >= 2 ? h + 1.3f : -1.0f); y += 0.41f)
    for (float x = -1.3f; x < w + 1.3f; x += 0.29f)
      for (int k = 0; k < (dims >= 3 ? 3 : 1); ++k) {
        float z = -0.6f + 0.9f * k;
        Coord c{norm ? x / w : x, norm ? y / h : y, norm ? z / d : z, k % 2};
        g.push_back(c);
      }
  return g;
}

static cudaTextureDesc texDesc(int mode, int filter, int norm, cudaTextureReadMode read) {
  cudaTextureDesc td = {};
  for (int a = 0; a < 3; ++a)
    td.addressMode[a] = (cudaTextureAddressMode)mode;
  td.filterMode = (cudaTextureFilterMode)filter;
  td.readMode = read;
  td.normalizedCoords = norm;
  td.borderColor[0] = 0.5f;
  td.borderColor[1] = -1.0f;
  td.borderColor[2] = 2.0f;
  td.borderColor[3] = 0.25f;
  return td;
}

/// Fetches every grid point through a texture over `rd` in every mode and
/// prints the results.
template <class T>
static void sweep(const char *name, const cudaResourceDesc &rd, int dims, int w, int h, int d,
                  cudaTextureReadMode read, bool filterable) {
  for (int mode = 0; mode < 4; ++mode)
    for (int filter = 0; filter < (filterable ? 2 : 1); ++filter)
      for (int norm = 0; norm < 2; ++norm) {
        cudaTextureDesc td = texDesc(mode, filter, norm, read);
        cudaTextureObject_t t;
        CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
        std::vector<Coord> g = grid(dims, norm, w, h, d);
        int n = (int)g.size();
        Coord *dc;
        float4 *dout;
        CHECK(cudaMalloc((void **)&dc, n * sizeof(Coord)));
        CHECK(cudaMalloc((void **)&dout, n * sizeof(float4)));
        CHECK(cudaMemcpy(dc, g.data(), n * sizeof(Coord), cudaMemcpyHostToDevice));
        fetch<T><<<(n + 127) / 128, 128>>>(t, dc, dout, n, dims);
        CHECK(cudaDeviceSynchronize());
        std::vector<float4> out(n);
        CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i)
          std::printf("%s mode=%d filter=%d norm=%d at (%a %a %a %d): %a %a %a %a\n", name, mode,
                      filter, norm, g[i].x, g[i].y, g[i].z, g[i].layer, out[i].x, out[i].y,
                      out[i].z, out[i].w);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFree(dc));
        CHECK(cudaFree(dout));
      }
}

/// A pitch2D resource over `host` (w x h texels of `bytes` each).
static cudaResourceDesc pitch2D(const void *host, int w, int h, size_t bytes,
                                cudaChannelFormatDesc f, void **dev) {
  size_t pitch;
  CHECK(cudaMallocPitch(dev, &pitch, w * bytes, h));
  CHECK(cudaMemcpy2D(*dev, pitch, host, w * bytes, w * bytes, h, cudaMemcpyHostToDevice));
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = *dev;
  rd.res.pitch2D.desc = f;
  rd.res.pitch2D.width = w;
  rd.res.pitch2D.height = h;
  rd.res.pitch2D.pitchInBytes = pitch;
  return rd;
}

static void pitchCases() {
  const int W = 5, H = 4;
  std::vector<float> f(W * H);
  std::vector<uchar4> u(W * H);
  std::vector<__half> hv(W * H);
  for (int i = 0; i < W * H; ++i) {
    f[i] = (float)((i * 7) % 11) * 0.37f - 2.0f;
    u[i] = make_uchar4((i * 73 + 11) % 256, (i * 31) % 256, 255 - i, (i * 5) % 256);
    hv[i] = __float2half(f[i] * 1.5f);
  }
  void *df, *du, *dh;
  cudaResourceDesc rf = pitch2D(f.data(), W, H, 4, cudaCreateChannelDesc<float>(), &df);
  cudaResourceDesc ru = pitch2D(u.data(), W, H, 4, cudaCreateChannelDesc<uchar4>(), &du);
  cudaResourceDesc rh = pitch2D(hv.data(), W, H, 2, cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat), &dh);
  sweep<float>("pitch2D-float", rf, 2, W, H, 1, cudaReadModeElementType, true);
  sweep<float4>("pitch2D-uchar4-normalized", ru, 2, W, H, 1, cudaReadModeNormalizedFloat, true);
  sweep<uchar4>("pitch2D-uchar4-element", ru, 2, W, H, 1, cudaReadModeElementType, false);
  sweep<float>("pitch2D-half", rh, 2, W, H, 1, cudaReadModeElementType, true);
  CHECK(cudaFree(df));
  CHECK(cudaFree(du));
  CHECK(cudaFree(dh));
}

static void arrayCases() {
  const int W = 6, H = 3, D = 2;
  std::vector<float> v(W * H * D);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = (float)((i * i) % 17) * 0.375f - 2.0f;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a2, a3, al;
  CHECK(cudaMallocArray(&a2, &cd, W, H));
  CHECK(cudaMemcpy2DToArray(a2, 0, 0, v.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
  CHECK(cudaMalloc3DArray(&a3, &cd, make_cudaExtent(W, H, D)));
  CHECK(cudaMalloc3DArray(&al, &cd, make_cudaExtent(W, H, D), cudaArrayLayered));
  for (cudaArray_t a : {a3, al}) {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, H);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
  }
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a2;
  sweep<float>("array2D-float", rd, 2, W, H, 1, cudaReadModeElementType, true);
  rd.res.array.array = a3;
  sweep<float>("array3D-float", rd, 3, W, H, D, cudaReadModeElementType, true);
  rd.res.array.array = al;
  sweep<float>("layered2D-float", rd, 4, W, H, 1, cudaReadModeElementType, true);
  for (cudaArray_t a : {a2, a3, al})
    CHECK(cudaFreeArray(a));
}

static void linearCases() {
  const int N = 6, n = N + 4;
  std::vector<int> iv(N);
  std::vector<short2> sv(N);
  for (int i = 0; i < N; ++i) {
    iv[i] = i * 1000 - 2500;
    sv[i] = make_short2((short)(i * 9000 - 30000), (short)(-32768 + i));
  }
  void *di, *ds;
  float4 *dout;
  CHECK(cudaMalloc(&di, N * 4));
  CHECK(cudaMalloc(&ds, N * 4));
  CHECK(cudaMalloc((void **)&dout, n * sizeof(float4)));
  CHECK(cudaMemcpy(di, iv.data(), N * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(ds, sv.data(), N * 4, cudaMemcpyHostToDevice));
  cudaResourceDesc ri = {}, rs = {};
  ri.resType = rs.resType = cudaResourceTypeLinear;
  ri.res.linear.devPtr = di;
  ri.res.linear.desc = cudaCreateChannelDesc<int>();
  ri.res.linear.sizeInBytes = N * 4;
  rs.res.linear.devPtr = ds;
  rs.res.linear.desc = cudaCreateChannelDesc<short2>();
  rs.res.linear.sizeInBytes = N * 4;
  cudaTextureDesc te = texDesc(1, 0, 0, cudaReadModeElementType);
  cudaTextureDesc tn = texDesc(1, 0, 0, cudaReadModeNormalizedFloat);
  cudaTextureObject_t ti, ts;
  CHECK(cudaCreateTextureObject(&ti, &ri, &te, NULL));
  CHECK(cudaCreateTextureObject(&ts, &rs, &tn, NULL));
  fetchLinear<<<1, 64>>>(ti, ts, dout, n);
  CHECK(cudaDeviceSynchronize());
  std::vector<float4> out(n);
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    std::printf("linear-fetch index=%d: %a %a %a\n", i - 2, out[i].x, out[i].y, out[i].z);
  CHECK(cudaDestroyTextureObject(ti));
  CHECK(cudaDestroyTextureObject(ts));
  CHECK(cudaFree(di));
  CHECK(cudaFree(ds));
  CHECK(cudaFree(dout));
}

int main() {
  pitchCases();
  arrayCases();
  linearCases();
  return 0;
}
