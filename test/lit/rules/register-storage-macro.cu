// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
//
// A `register` declaration spelled by a macro expansion is not edited (the
// macro may have other uses): a note says so.
#define REG_INT(n) register int n
// CHECK: #define REG_INT(n) register int n
int f(int a) {
  // DIAG: register-storage-macro.cu:[[@LINE+2]]:3: note: 'register' storage class spelled in a macro: kept{{.*}}[register-storage]
  // CHECK: REG_INT(m) = a;
  REG_INT(m) = a;
  return m;
}
