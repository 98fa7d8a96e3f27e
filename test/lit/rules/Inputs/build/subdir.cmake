add_library(blas2 blas2.cu)
target_link_libraries(blas2 PUBLIC CUDA::cublas)
