# cmake -DCU2HIP_CHECK_FILE=<file> -P cmake-syntax.cmake
# Reads a CMake file as a configure would and runs what script mode can run
# (cmake_minimum_required and its version range, policies, set, list,
# string, math, if, foreach, functions and macros); the commands that need a
# project (targets, languages, packages, installs) and include() are no-ops
# here. A syntax error, or an error in what runs, fails with CMake's message
# (file:line). Used by the build-file tests on each original and its port.
cmake_minimum_required(VERSION 3.18)
foreach(Cmd
    project enable_language add_executable add_library add_custom_target add_custom_command
    add_dependencies add_subdirectory add_compile_options add_compile_definitions add_definitions
    add_link_options add_test enable_testing target_compile_options target_compile_definitions
    target_compile_features target_include_directories target_link_libraries target_link_options
    target_sources target_link_directories target_precompile_headers set_target_properties
    set_source_files_properties set_property get_target_property get_property
    include_directories link_directories link_libraries install find_package include
    cuda_add_executable cuda_add_library cuda_include_directories cuda_select_nvcc_arch_flags
    cuda_compile cuda_compile_ptx cuda_wrap_srcs cuda_add_cublas_to_target cuda_add_cufft_to_target
    check_language try_compile export configure_file)
  cmake_language(EVAL CODE "function(${Cmd})\nendfunction()")
endforeach()
# cmake_language(DEFER ...) needs a directory: a no-op here, the rest runs.
macro(cmake_language)
  if(NOT "${ARGV0}" STREQUAL "DEFER")
    _cmake_language(${ARGV})
  endif()
endmacro()
if(NOT CU2HIP_CHECK_FILE)
  message(FATAL_ERROR "pass -DCU2HIP_CHECK_FILE=<file>")
endif()
# include() is a no-op now: read the file with the original command.
_include("${CU2HIP_CHECK_FILE}")
