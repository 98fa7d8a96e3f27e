project(libs LANGUAGES CXX CUDA)
find_package(CUDAToolkit 12.0 REQUIRED)
add_executable(app app.cu)
target_link_libraries(app PRIVATE CUDA::cudart CUDA::cublas CUDA::cublasLt CUDA::cufft
                      CUDA::curand CUDA::cusparse CUDA::cusolver CUDA::nvToolsExt CUDA::nvml)
target_include_directories(app PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
message(STATUS "${CUDAToolkit_BIN_DIR}")
