// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %S/Inputs/names-sdk-typedef-first.cu -o %t.first.hip --no-summary 2>/dev/null
// RUN: FileCheck --check-prefix=FIRST %s < %t.first.hip
// COMPILE-CHECK: rocm72
//
// A tree that redeclares CUDA's own handle types (`typedef struct
// CUstream_st *CUstream;`, as cuda.h does) keeps the declaration as written:
// renamed, it would be a second hipStream_t typedef, conflicting with HIP's
// (`typedef struct ihipStream_t *hipStream_t`). Its uses in the file are
// kept too: the struct tags behind the handles are HIP's (CUstream_st ->
// ihipStream_t), so the kept typedef and a typedef of the tree's own name
// over them (MyEvent) name HIP's handle types, whatever the include order
// (Inputs/names-sdk-typedef-first.cu: the typedef before the runtime).
#include <cuda_runtime.h>
#include <cuda.h>
// CHECK: typedef struct ihipStream_t* CUstream;
// DIAG: names-sdk-typedef.cu:[[@LINE+1]]:29: note: 'CUstream' redeclares CUDA's own typedef here{{.*}}[names-shadowed]
typedef struct CUstream_st* CUstream;
// CHECK: typedef struct ihipEvent_t *MyEvent;
typedef struct CUevent_st *MyEvent;
// CHECK: void g(CUstream s, MyEvent e) { hipStreamSynchronize(s); hipEventSynchronize(e); }
void g(CUstream s, MyEvent e) { cudaStreamSynchronize(s); cudaEventSynchronize(e); }
// FIRST: struct ihipStream_t;
// FIRST-NEXT: typedef struct ihipStream_t* cudaStream_t;
// FIRST-NEXT: void enqueue(float* d, int n, cudaStream_t s);
// FIRST: void enqueue(float* d, int n, cudaStream_t s) { fill<<<1, 64, 0, s>>>(d, n); hipStreamSynchronize(s); }
