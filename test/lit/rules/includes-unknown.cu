// A CUDA-looking header that the maps do not know is kept, with a note.
// The header does not exist, so this runs with token rules only.
// RUN: %cu2hip %s --no-semantic -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: includes-unknown.cu:[[@LINE+2]]:10: note: header <cuda/made_up_header.h> looks like a CUDA header but has no mapping; kept as written [includes-unknown]
// CHECK: {{^}}#include <cuda/made_up_header.h>
#include <cuda/made_up_header.h>
// A user header is not a CUDA header: no note.
// DIAG-NOT: myheader.h
#include "myheader.h"
