#!/bin/sh
# A stand-in HIP compiler for check --kernels: the host side compiles; the
# device side to assembly (-S) prints the resource-usage remarks a ROCm
# compile prints, located at each kernel's definition (spill.cu: ok_kernel
# on line 3, pressure on line 5, which spills 20 VGPRs).
out=
prev=
for a; do
  f=$a
  [ "$prev" = -o ] && out=$a
  prev=$a
  case $a in --offload-host-only) exit 0 ;; esac
done
[ -n "$out" ] && : > "$out"
r() { echo "$f:$1:0: remark: $2 [-Rpass-analysis=kernel-resource-usage]"; }
r 3 "Function Name: _Z9ok_kernelPf"
r 3 "    VGPRs: 2"
r 3 "    VGPRs Spill: 0"
r 5 "Function Name: _Z8pressurePfi"
r 5 "    SGPRs: 20"
r 5 "    VGPRs: 128"
r 5 "    ScratchSize [bytes/lane]: 80"
r 5 "    Occupancy [waves/SIMD]: 1"
r 5 "    VGPRs Spill: 20"
exit 0
