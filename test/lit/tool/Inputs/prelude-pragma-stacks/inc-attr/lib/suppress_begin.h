#pragma clang attribute push (__attribute__((annotate("lib"))), apply_to = function)
