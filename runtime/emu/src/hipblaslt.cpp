// cu2hip CPU SIMT emulator: hipBLASLt matmul with epilogues on the host
// (see hipblaslt/hipblaslt.h).
#include <hipblaslt/hipblaslt.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

struct cu2hip_emu_lt_handle {
  int unused;
};
struct cu2hip_emu_lt_desc {
  hipblasComputeType_t compute;
  hipDataType scale;
  hipblasOperation_t transA = HIPBLAS_OP_N, transB = HIPBLAS_OP_N;
  hipblasLtEpilogue_t epilogue = HIPBLASLT_EPILOGUE_DEFAULT;
  void* bias = nullptr;
  int biasType = -1; // -1: D's type
};
struct cu2hip_emu_lt_layout {
  hipDataType type;
  uint64_t rows, cols;
  int64_t ld;
  int batch = 1;
  int64_t stride = 0;
};
struct cu2hip_emu_lt_pref {
  size_t maxWorkspace = 0;
};

namespace {
hipblasStatus_t unsupported(const char* call, const char* what, long value) {
  fprintf(stderr, "cu2hip-emu: %s: %s %ld is not supported by the emulator\n", call,
          what, value);
  return HIPBLAS_STATUS_NOT_SUPPORTED;
}
template <class T> bool read(const void* buf, size_t size, T* out) {
  if (!buf || size != sizeof(T)) return false;
  std::memcpy(out, buf, sizeof(T));
  return true;
}
float gelu_tanh(float x) {
  const float s = std::sqrt(2.0f / (float)M_PI);
  return 0.5f * x * (1.0f + std::tanh(s * (x + 0.044715f * x * x * x)));
}
} // namespace

hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t* h) {
  if (!h) return HIPBLAS_STATUS_INVALID_VALUE;
  *h = new cu2hip_emu_lt_handle{0};
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtDestroy(hipblasLtHandle_t h) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  delete h;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t* d,
                                          hipblasComputeType_t c, hipDataType s) {
  if (!d) return HIPBLAS_STATUS_INVALID_VALUE;
  if (c == HIPBLAS_COMPUTE_32I || c == HIPBLAS_COMPUTE_32I_PEDANTIC)
    return unsupported("hipblasLtMatmulDescCreate", "compute type", c);
  *d = new cu2hip_emu_lt_desc();
  (*d)->compute = c;
  (*d)->scale = s;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t d) {
  delete d;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t d,
                                                hipblasLtMatmulDescAttributes_t a,
                                                const void* buf, size_t size) {
  const char* call = "hipblasLtMatmulDescSetAttribute";
  if (!d) return HIPBLAS_STATUS_NOT_INITIALIZED;
  bool ok = true;
  switch (a) {
  case HIPBLASLT_MATMUL_DESC_TRANSA: ok = read(buf, size, &d->transA); break;
  case HIPBLASLT_MATMUL_DESC_TRANSB: ok = read(buf, size, &d->transB); break;
  case HIPBLASLT_MATMUL_DESC_EPILOGUE: {
    ok = read(buf, size, &d->epilogue);
    switch (d->epilogue) {
    case HIPBLASLT_EPILOGUE_DEFAULT: case HIPBLASLT_EPILOGUE_RELU:
    case HIPBLASLT_EPILOGUE_BIAS: case HIPBLASLT_EPILOGUE_RELU_BIAS:
    case HIPBLASLT_EPILOGUE_GELU: case HIPBLASLT_EPILOGUE_GELU_BIAS:
    case HIPBLASLT_EPILOGUE_BGRADA: case HIPBLASLT_EPILOGUE_BGRADB:
      break;
    default:
      return unsupported(call, "epilogue", d->epilogue);
    }
    break;
  }
  case HIPBLASLT_MATMUL_DESC_BIAS_POINTER: ok = read(buf, size, &d->bias); break;
  case HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: {
    hipDataType t;
    ok = read(buf, size, &t);
    if (ok && !cu2hip_emu::supported_type(t)) return unsupported(call, "bias data type", t);
    d->biasType = t;
    break;
  }
  case HIPBLASLT_MATMUL_DESC_POINTER_MODE: {
    int mode;
    ok = read(buf, size, &mode);
    if (ok && mode != 0) return unsupported(call, "pointer mode", mode);
    break;
  }
  default:
    return unsupported(call, "matmul descriptor attribute", a);
  }
  return ok ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_INVALID_VALUE;
}

hipblasStatus_t hipblasLtMatmulDescGetAttribute(hipblasLtMatmulDesc_t d,
                                                hipblasLtMatmulDescAttributes_t a,
                                                void* buf, size_t size, size_t* written) {
  if (!d) return HIPBLAS_STATUS_NOT_INITIALIZED;
  const void* src;
  size_t n;
  switch (a) {
  case HIPBLASLT_MATMUL_DESC_TRANSA: src = &d->transA; n = sizeof(d->transA); break;
  case HIPBLASLT_MATMUL_DESC_TRANSB: src = &d->transB; n = sizeof(d->transB); break;
  case HIPBLASLT_MATMUL_DESC_EPILOGUE: src = &d->epilogue; n = sizeof(d->epilogue); break;
  case HIPBLASLT_MATMUL_DESC_BIAS_POINTER: src = &d->bias; n = sizeof(d->bias); break;
  default:
    return unsupported("hipblasLtMatmulDescGetAttribute", "matmul descriptor attribute", a);
  }
  if (written) *written = n;
  if (!buf) return HIPBLAS_STATUS_SUCCESS;
  if (size < n) return HIPBLAS_STATUS_INVALID_VALUE;
  std::memcpy(buf, src, n);
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t* l, hipDataType t,
                                            uint64_t rows, uint64_t cols, int64_t ld) {
  if (!l) return HIPBLAS_STATUS_INVALID_VALUE;
  if (!cu2hip_emu::supported_type(t))
    return unsupported("hipblasLtMatrixLayoutCreate", "data type", t);
  *l = new cu2hip_emu_lt_layout();
  (*l)->type = t;
  (*l)->rows = rows;
  (*l)->cols = cols;
  (*l)->ld = ld;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtMatrixLayoutDestroy(hipblasLtMatrixLayout_t l) {
  delete l;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtMatrixLayoutSetAttribute(hipblasLtMatrixLayout_t l,
                                                  hipblasLtMatrixLayoutAttribute_t a,
                                                  const void* buf, size_t size) {
  const char* call = "hipblasLtMatrixLayoutSetAttribute";
  if (!l) return HIPBLAS_STATUS_NOT_INITIALIZED;
  bool ok = true;
  switch (a) {
  case HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT: ok = read(buf, size, &l->batch); break;
  case HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: ok = read(buf, size, &l->stride); break;
  case HIPBLASLT_MATRIX_LAYOUT_ROWS: ok = read(buf, size, &l->rows); break;
  case HIPBLASLT_MATRIX_LAYOUT_COLS: ok = read(buf, size, &l->cols); break;
  case HIPBLASLT_MATRIX_LAYOUT_LD: ok = read(buf, size, &l->ld); break;
  case HIPBLASLT_MATRIX_LAYOUT_TYPE: {
    unsigned t;
    ok = read(buf, size, &t);
    if (ok && !cu2hip_emu::supported_type((hipDataType)t)) return unsupported(call, "data type", t);
    l->type = (hipDataType)t;
    break;
  }
  case HIPBLASLT_MATRIX_LAYOUT_ORDER: {
    int order;
    ok = read(buf, size, &order);
    if (ok && order != 0) return unsupported(call, "matrix order (only column-major)", order);
    break;
  }
  default:
    return unsupported(call, "matrix layout attribute", a);
  }
  return ok ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_INVALID_VALUE;
}

hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t* p) {
  if (!p) return HIPBLAS_STATUS_INVALID_VALUE;
  *p = new cu2hip_emu_lt_pref();
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtMatmulPreferenceDestroy(hipblasLtMatmulPreference_t p) {
  delete p;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(
    hipblasLtMatmulPreference_t p, hipblasLtMatmulPreferenceAttributes_t a,
    const void* buf, size_t size) {
  if (!p) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (a == HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES) {
    uint64_t v;
    if (!read(buf, size, &v)) return HIPBLAS_STATUS_INVALID_VALUE;
    p->maxWorkspace = v;
    return HIPBLAS_STATUS_SUCCESS;
  }
  if (a == HIPBLASLT_MATMUL_PREF_SEARCH_MODE) return HIPBLAS_STATUS_SUCCESS;
  return unsupported("hipblasLtMatmulPreferenceSetAttribute", "preference attribute", a);
}

hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(
    hipblasLtHandle_t h, hipblasLtMatmulDesc_t d, hipblasLtMatrixLayout_t a,
    hipblasLtMatrixLayout_t b, hipblasLtMatrixLayout_t c, hipblasLtMatrixLayout_t dl,
    hipblasLtMatmulPreference_t, int requested, hipblasLtMatmulHeuristicResult_t res[],
    int* returned) {
  if (!h || !d || !a || !b || !c || !dl) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!returned || (requested > 0 && !res)) return HIPBLAS_STATUS_INVALID_VALUE;
  *returned = requested > 0 ? 1 : 0;
  if (requested > 0) {
    std::memset(&res[0], 0, sizeof(res[0]));
    res[0].state = HIPBLAS_STATUS_SUCCESS;
    res[0].wavesCount = 1.0f;
  }
  return HIPBLAS_STATUS_SUCCESS;
}

namespace {
/// The epilogue on D (m x n, column-major, ld ldd) of one batch entry.
void apply_epilogue(const cu2hip_emu_lt_desc* d, void* D, hipDataType dt, long long off,
                    long long ldd, int m, int n) {
  const hipblasLtEpilogue_t e = d->epilogue;
  const bool bias = e == HIPBLASLT_EPILOGUE_BIAS || e == HIPBLASLT_EPILOGUE_RELU_BIAS ||
                    e == HIPBLASLT_EPILOGUE_GELU_BIAS;
  const bool relu = e == HIPBLASLT_EPILOGUE_RELU || e == HIPBLASLT_EPILOGUE_RELU_BIAS;
  const bool gelu = e == HIPBLASLT_EPILOGUE_GELU || e == HIPBLASLT_EPILOGUE_GELU_BIAS;
  if (!bias && !relu && !gelu) return;
  hipDataType bt = d->biasType < 0 ? dt : (hipDataType)d->biasType;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      long long idx = off + i + j * ldd;
      float v = cu2hip_emu::load_any(D, dt, idx);
      if (bias) v += cu2hip_emu::load_any(d->bias, bt, i);
      if (relu) v = v > 0 ? v : 0;
      if (gelu) v = gelu_tanh(v);
      cu2hip_emu::store_any(D, dt, idx, v);
    }
}
} // namespace

hipblasStatus_t hipblasLtMatmul(hipblasLtHandle_t h, hipblasLtMatmulDesc_t d,
                                const void* alpha, const void* A,
                                hipblasLtMatrixLayout_t a, const void* B,
                                hipblasLtMatrixLayout_t b, const void* beta,
                                const void* C, hipblasLtMatrixLayout_t c, void* D,
                                hipblasLtMatrixLayout_t dl, const hipblasLtMatmulAlgo_t*,
                                void*, size_t, hipStream_t) {
  const char* call = "hipblasLtMatmul";
  if (!h || !d || !a || !b || !c || !dl) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!alpha || !beta) return HIPBLAS_STATUS_INVALID_VALUE;
  const bool tA = d->transA != HIPBLAS_OP_N, tB = d->transB != HIPBLAS_OP_N;
  const int m = (int)(tA ? a->cols : a->rows), k = (int)(tA ? a->rows : a->cols);
  const int n = (int)(tB ? b->rows : b->cols);
  if ((int)(tB ? b->cols : b->rows) != k || (int)dl->rows != m || (int)dl->cols != n) {
    fprintf(stderr, "cu2hip-emu: %s: layouts do not match (op(A) %dx%d, op(B) %dx%d, D %dx%d)\n",
            call, m, k, (int)(tB ? b->cols : b->rows), n, (int)dl->rows, (int)dl->cols);
    return HIPBLAS_STATUS_INVALID_VALUE;
  }
  const bool needBias = d->epilogue == HIPBLASLT_EPILOGUE_BIAS ||
                        d->epilogue == HIPBLASLT_EPILOGUE_RELU_BIAS ||
                        d->epilogue == HIPBLASLT_EPILOGUE_GELU_BIAS ||
                        d->epilogue == HIPBLASLT_EPILOGUE_BGRADA ||
                        d->epilogue == HIPBLASLT_EPILOGUE_BGRADB;
  if (needBias && !d->bias) {
    fprintf(stderr, "cu2hip-emu: %s: epilogue %d needs HIPBLASLT_MATMUL_DESC_BIAS_POINTER\n",
            call, (int)d->epilogue);
    return HIPBLAS_STATUS_INVALID_VALUE;
  }
  float al, be;
  if (d->scale == HIP_R_16F) {
    al = float(*static_cast<const __half*>(alpha));
    be = float(*static_cast<const __half*>(beta));
  } else if (d->scale == HIP_R_32F) {
    al = *static_cast<const float*>(alpha);
    be = *static_cast<const float*>(beta);
  } else {
    return unsupported(call, "scale type", d->scale);
  }
  const int batch = dl->batch;
  if (!cu2hip_emu::gemm_any(call, d->transA, d->transB, m, n, k, al, A, a->type, a->ld,
                            a->stride, B, b->type, b->ld, b->stride, be, C, c->type, c->ld,
                            c->stride, D, dl->type, dl->ld, dl->stride, batch))
    return HIPBLAS_STATUS_NOT_SUPPORTED;
  for (int s = 0; s < batch; ++s)
    apply_epilogue(d, D, dl->type, s * dl->stride, dl->ld, m, n);
  if (d->epilogue == HIPBLASLT_EPILOGUE_BGRADA || d->epilogue == HIPBLASLT_EPILOGUE_BGRADB) {
    // Bias gradient: sums of op(A) over k (length m) or of op(B) over k
    // (length n), first batch entry.
    const bool onA = d->epilogue == HIPBLASLT_EPILOGUE_BGRADA;
    hipDataType bt = d->biasType < 0 ? dl->type : (hipDataType)d->biasType;
    const int len = onA ? m : n;
    for (int r = 0; r < len; ++r) {
      float sum = 0;
      for (int p = 0; p < k; ++p)
        sum += onA ? cu2hip_emu::load_any(A, a->type, tA ? p + (long long)r * a->ld
                                                          : r + (long long)p * a->ld)
                   : cu2hip_emu::load_any(B, b->type, tB ? r + (long long)p * b->ld
                                                          : p + (long long)r * b->ld);
      cu2hip_emu::store_any(d->bias, bt, r, sum);
    }
  }
  return HIPBLAS_STATUS_SUCCESS;
}
