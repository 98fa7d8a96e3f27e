#!/bin/sh
# A stand-in HIP compiler for check-classify.test: prints the error a real
# ROCm compile gives for each file of Inputs/check/fake (the file is the last
# argument), so that the categories are tested without ROCm.
# The host side (--offload-host-only) of every unit compiles.
for a; do
  f=$a
  case $a in --offload-arch=*) arch=${a#--offload-arch=} ;; --offload-host-only) exit 0 ;; esac
done
case $f in
  *ok.cu) exit 0 ;;
  *ambiguous.cu)
    echo "$f:3:10: error: call to '__ffsll' is ambiguous"
    echo "/usr/include/hip/amd_detail/amd_device_functions.h:120:5: note: candidate function"
    exit 1 ;;
  *gfx11only.cu)
    [ "$arch" = gfx1100 ] && exit 0
    echo "$f:5:3: error: '__builtin_amdgcn_permlane16' needs target feature gfx10-insts"
    exit 1 ;;
  *dep.cu) echo "$f:1:10: fatal error: 'torch/extension.h' file not found"; exit 1 ;;
  *left.cu) echo "$f:2:10: fatal error: 'driver_functions.h' file not found"; exit 1 ;;
  *nohip.cu) echo "$f:4:3: error: use of undeclared identifier 'hipblasLtMatmulFoo'"; exit 1 ;;
esac
exit 3
