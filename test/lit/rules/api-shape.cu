// CUDA 12/13 argument lists rewritten to HIP's (case 21, issue part 2): edge
// data dropped, capture info and instantiate forms, memory locations turned
// into device ids (cu2hip/memloc.h). CUDA 11/12 shapes stay as written.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/memloc.h>
#define CK(call) do { if ((call) != cudaSuccess) return 1; } while (0)
#define NO_EDGES nullptr

int graphs(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b, cudaStream_t s) {
  cudaGraphNode_t from[4], to[4], deps[4];
  size_t n = 4, nd = 4;
  // CHECK: CK(hipGraphAddDependencies(g, &a, &b, 1));
  CK(cudaGraphAddDependencies(g, &a, &b, nullptr, 1));
  // CHECK: CK(hipGraphRemoveDependencies(g, &a, &b, 1));
  CK(cudaGraphRemoveDependencies(g, &a, &b, NULL, 1));
  // CHECK: {{^}}  hipGraphGetEdges(g, from, to, &n);
  cudaGraphGetEdges(g, from, to, 0, &n);
  // CHECK: {{^}}  hipGraphNodeGetDependencies(b, deps, &nd);
  cudaGraphNodeGetDependencies(b, deps, nullptr, &nd);
  // CHECK: {{^}}  hipGraphNodeGetDependentNodes(a, deps, &nd);
  cudaGraphNodeGetDependentNodes(a, deps, nullptr, &nd);
  // CUDA 12.3 names.
  // CHECK: {{^}}  hipGraphAddDependencies(g, &a, &b, 1);
  cudaGraphAddDependencies_v2(g, &a, &b, nullptr, 1);
  // A CUDA 11/12 call already has HIP's shape.
  // CHECK: {{^}}  hipGraphAddDependencies(g, &a, &b, 1);
  cudaGraphAddDependencies(g, &a, &b, 1);

  cudaGraphExec_t e1, e2, e3;
  // CHECK: CK(hipGraphInstantiateWithFlags(&e1, g, hipGraphInstantiateFlagAutoFreeOnLaunch));
  CK(cudaGraphInstantiate(&e1, g, cudaGraphInstantiateFlagAutoFreeOnLaunch));
  // CHECK: {{^}}  hipGraphInstantiateWithFlags(&e2, g, 0);
  cudaGraphInstantiate(&e2, g);
  // CUDA 11's form with no error node or log.
  // CHECK: {{^}}  hipGraphInstantiateWithFlags(&e3, g, 0);
  cudaGraphInstantiate(&e3, g, nullptr, nullptr, 0);

  cudaStreamCaptureStatus st;
  unsigned long long id;
  cudaGraph_t cg;
  const cudaGraphNode_t *cd;
  size_t cn;
  // CHECK: CK(hipStreamGetCaptureInfo_v2(s, &st, &id, &cg, &cd, &cn));
  CK(cudaStreamGetCaptureInfo(s, &st, &id, &cg, &cd, NO_EDGES, &cn));
  // CHECK: {{^}}  hipStreamGetCaptureInfo_v2(s, &st, &id, &cg, &cd);
  cudaStreamGetCaptureInfo(s, &st, &id, &cg, &cd, nullptr);
  // CHECK: {{^}}  hipStreamGetCaptureInfo_v2(s, &st);
  cudaStreamGetCaptureInfo(s, &st);
  // CUDA 12's 6-argument form: the count is already HIP's.
  // CHECK: {{^}}  hipStreamGetCaptureInfo_v2(s, &st, &id, &cg, &cd, &cn);
  cudaStreamGetCaptureInfo(s, &st, &id, &cg, &cd, &cn);

  // CHECK: {{^}}  hipStreamUpdateCaptureDependencies(s, deps, 1, hipStreamAddCaptureDependencies);
  cudaStreamUpdateCaptureDependencies(s, deps, nullptr, 1, cudaStreamAddCaptureDependencies);
  // CHECK: {{^}}  hipStreamUpdateCaptureDependencies(s, deps, 1);
  cudaStreamUpdateCaptureDependencies(s, deps, nullptr, 1);
  // CUDA 12: (stream, deps, count, flags).
  // CHECK: {{^}}  hipStreamUpdateCaptureDependencies(s, deps, 1, hipStreamSetCaptureDependencies);
  cudaStreamUpdateCaptureDependencies(s, deps, 1, cudaStreamSetCaptureDependencies);

  cudaGraphNode_t node;
  cudaGraphNodeParams params = {};
  // CHECK: {{^}}  hipGraphAddNode(&node, g, &a, 1, &params);
  cudaGraphAddNode(&node, g, &a, nullptr, 1, &params);
  return 0;
}

template <typename T> void managed(T *p, size_t count, int dev, cudaStream_t s) {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = dev;
  // CHECK: {{^}}  hipMemAdvise(p, count * sizeof(T), hipMemAdviseSetReadMostly, cu2hip::mem_location_device(loc));
  cudaMemAdvise(p, count * sizeof(T), cudaMemAdviseSetReadMostly, loc);
  // CHECK: {{^}}  hipMemAdvise(p, count, hipMemAdviseSetPreferredLocation, cu2hip::mem_location_device(hipMemLocation{hipMemLocationTypeHost, 0}));
  cudaMemAdvise(p, count, cudaMemAdviseSetPreferredLocation, cudaMemLocation{cudaMemLocationTypeHost, 0});
  // cudaMemPrefetchAsync: memloc.h's overloads take both argument lists as
  // they are (a flags variable included: CUDA 13's with the default stream).
  // CHECK: {{^}}  cu2hip::mem_prefetch_async(p, count, loc, 0, s);
  cudaMemPrefetchAsync(p, count, loc, 0, s);
  // CHECK: {{^}}  cu2hip::mem_prefetch_async(p, count, loc, 0);
  cudaMemPrefetchAsync(p, count, loc, 0);
  unsigned flags = 0;
  // CHECK: {{^}}  cu2hip::mem_prefetch_async(p, count, loc, flags);
  cudaMemPrefetchAsync(p, count, loc, flags);
  // CUDA 12 forms with a device id: the overload for int keeps it.
  // CHECK: {{^}}  hipMemAdvise(p, count, hipMemAdviseSetAccessedBy, cu2hip::mem_location_device(dev));
  cudaMemAdvise(p, count, cudaMemAdviseSetAccessedBy, dev);
  // CHECK: {{^}}  cu2hip::mem_prefetch_async(p, count, dev, s);
  cudaMemPrefetchAsync(p, count, dev, s);
  // CHECK: {{^}}  cu2hip::mem_prefetch_async(p, count, loc, 0, s);
  cudaMemPrefetchAsync_v2(p, count, loc, 0, s);
}
template void managed<float>(float *, size_t, int, cudaStream_t);
// DIAG-NOT: [names-partial]
// DIAG-NOT: error:
