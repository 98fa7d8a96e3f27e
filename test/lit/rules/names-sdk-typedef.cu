// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// A tree that redeclares CUDA's own handle types (`typedef struct
// CUstream_st *CUstream;`, as cuda.h does) keeps the declaration as written:
// renamed, it would be a second hipStream_t typedef, conflicting with HIP's
// (`typedef struct ihipStream_t *hipStream_t`). Its uses refer to the SDK's
// type and are renamed. The struct tags behind the handles are HIP's
// (CUstream_st -> ihipStream_t), so the kept typedef and a typedef of the
// tree's own name over them (MyEvent) name HIP's handle types.
#include <cuda_runtime.h>
#include <cuda.h>
// CHECK: typedef struct ihipStream_t* CUstream;
// DIAG: names-sdk-typedef.cu:[[@LINE+1]]:29: note: 'CUstream' redeclares CUDA's own type{{.*}}[names-shadowed]
typedef struct CUstream_st* CUstream;
// CHECK: typedef struct ihipEvent_t *MyEvent;
typedef struct CUevent_st *MyEvent;
// CHECK: void g(hipStream_t s, MyEvent e) { hipStreamSynchronize(s); hipEventSynchronize(e); }
void g(CUstream s, MyEvent e) { cudaStreamSynchronize(s); cudaEventSynchronize(e); }
