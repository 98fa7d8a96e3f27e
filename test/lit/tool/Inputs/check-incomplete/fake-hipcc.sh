#!/bin/sh
# A stand-in HIP compiler for check-rocm-incomplete.test: prints what ROCm
# 7.2 from Debian prints for a unit that includes <rocwmma/rocwmma.hpp>
# (librocwmma-dev 7.2.4-1~exp1 ships the header without its internal/ ones).
for a; do
  f=$a
  case $a in --offload-host-only) exit 0 ;; esac
done
echo "In file included from $f:2:"
echo "/usr/include/rocwmma/rocwmma.hpp:29:10: fatal error: 'internal/accessors.hpp' file not found"
exit 1
