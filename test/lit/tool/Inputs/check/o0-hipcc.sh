#!/bin/sh
# A stand-in HIP compiler for check-object-opt.test: fails the device object
# compile at -O0 for gfx1100 with the backend error ROCm 7.2's compiler gives
# for moderngpu's demo/cities.cu there (it compiles at -O1 and above, as a
# tree's own build does). Every other compile succeeds.
opt=; arch=
for a; do
  case $a in --offload-arch=*) arch=${a#--offload-arch=} ;; -O*) opt=$a ;; esac
done
if [ "$opt" = -O0 ] && [ "$arch" = gfx1100 ]; then
  echo "error: Illegal instruction detected: Invalid dpp_ctrl value: wavefront shifts are not supported on GFX10+"
  exit 1
fi
exit 0
