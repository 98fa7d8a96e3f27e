// A user header (not ported here) selecting the SDK's fp16 declarations.
#define __CUDA_NO_HALF_OPERATORS__
#define __CUDA_NO_HALF_CONVERSIONS__
