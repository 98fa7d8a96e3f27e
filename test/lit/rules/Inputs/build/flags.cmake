project(f LANGUAGES CUDA)
add_executable(f f.cu)
# comments are not flags: -lineinfo
target_compile_options(f PRIVATE --use_fast_math -lineinfo --expt-relaxed-constexpr
  -Xcompiler=-fPIC -gencode=arch=compute_80,code=sm_80 -arch=sm_90 -maxrregcount 64
  -rdc=true "--default-stream per-thread" [[-G]])
set(CMAKE_CUDA_FLAGS_RELEASE "-O3 -ftz=true -prec-div=false")
string(APPEND CMAKE_CUDA_FLAGS " -Xptxas -v --ptxas-options=-O3")
