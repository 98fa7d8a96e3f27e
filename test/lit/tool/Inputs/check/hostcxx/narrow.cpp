// C++ that g++ (nvcc's host compiler) takes with a warning and clang rejects:
// a narrowing conversion of a non-constant in a braced initializer. Not the
// port's doing: the unported original fails the same way.
int first_byte(int x) {
  char c[] = {x};
  return c[0];
}
