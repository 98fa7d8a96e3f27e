#pragma GCC visibility pop
