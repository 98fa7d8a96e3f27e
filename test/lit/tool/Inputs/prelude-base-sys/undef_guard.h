// Undefines cuda_runtime.h's include guard: a later #include <cuda_runtime.h>
// enters it again, so it is no longer the no-op it is after the CUDA wrapper.
#pragma once
#undef __CUDA_RUNTIME_H__
