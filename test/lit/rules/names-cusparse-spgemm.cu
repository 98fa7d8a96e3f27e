// cuSPARSE spells its SpGEMM CSR algorithms DETERMINITIC; hipSPARSE 7.2
// declares them spelled right with the same values (1, 2): mapped, not
// reported as missing.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cusparse.h>
// DIAG-NOT: names-unsupported
// CHECK: int alg(bool det) { return det ? HIPSPARSE_SPGEMM_CSR_ALG_DETERMINISTIC : HIPSPARSE_SPGEMM_CSR_ALG_NONDETERMINISTIC; }
int alg(bool det) { return det ? CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC : CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC; }
