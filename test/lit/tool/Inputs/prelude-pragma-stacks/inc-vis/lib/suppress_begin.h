#pragma GCC visibility push(default)
