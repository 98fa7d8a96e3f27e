#pragma clang attribute pop
