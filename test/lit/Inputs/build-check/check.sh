#!/usr/bin/env bash
# check.sh FILE... — each build file read by its build tool as a build would
# read it (cmake-syntax.cmake for CMake files, make-syntax.mk for Makefiles):
# exit 1 with the tool's message when one is refused.
set -u
Here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
Status=0
for F in "$@"; do
  case $(basename "$F") in
    CMakeLists.txt|*.cmake)
      cmake -DCU2HIP_CHECK_FILE="$F" -P "$Here/cmake-syntax.cmake" || { echo "check.sh: CMake refuses $F" >&2; Status=1; } ;;
    *)
      (cd "$(dirname "$F")" && make -s -n -f "$F" -f "$Here/make-syntax.mk" cu2hip-syntax-ok) ||
        { echo "check.sh: make refuses $F" >&2; Status=1; } ;;
  esac
done
exit $Status
