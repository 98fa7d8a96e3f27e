// CUDA 13 arguments with no HIP equivalent: an error that says what to
// change; the call is left for the user.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
int edges(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b, cudaStream_t s, float *p,
          cudaMemLocation loc, unsigned flags) {
  cudaGraphEdgeData ed = {};
  ed.type = cudaGraphDependencyTypeProgrammatic;
  // CHECK: hipGraphAddDependencies(g, &a, &b, &ed, 1);
  // DIAG: api-shape-unported.cu:[[@LINE+2]]:3: error: 'cudaGraphAddDependencies' with edge data: HIP graphs have only default edges [api-shape-unported]
  // DIAG-NEXT: note: fix: pass nullptr as the edge data
  cudaGraphAddDependencies(g, &a, &b, &ed, 1);
  cudaStreamCaptureStatus st;
  const cudaGraphNodeParams *np = nullptr;
  const cudaGraphEdgeData *eo;
  const cudaGraphNode_t *d;
  size_t n;
  // DIAG: api-shape-unported.cu:[[@LINE+1]]:3: error: stream capture info with an edge-data output{{.*}}[api-shape-unported]
  cudaStreamGetCaptureInfo(s, &st, nullptr, nullptr, &d, &eo, &n);
  cudaGraphExec_t e;
  cudaGraphNode_t err;
  char log[256];
  // DIAG: api-shape-unported.cu:[[@LINE+2]]:3: error: CUDA 11 cudaGraphInstantiate with an error node or log buffer [api-shape-unported]
  // DIAG-NEXT: note: fix: call hipGraphInstantiate(&exec, graph, errorNode, logBuffer, size)
  cudaGraphInstantiate(&e, g, &err, log, sizeof(log));
  // Prefetch flags are not an unported argument: cu2hip::mem_prefetch_async
  // returns hipErrorInvalidValue for non-zero flags, as CUDA 13 rejects them.
  // CHECK: cu2hip::mem_prefetch_async(p, 64, loc, flags, s);
  // DIAG-NOT: cudaMemPrefetchAsync
  cudaMemPrefetchAsync(p, 64, loc, flags, s);
  (void)np;
  return 0;
}
// Each finding once.
// DIAG-NOT: [api-shape-unported]
