# lit configuration for cu2hip's rule tests.
#   python3 /usr/lib/llvm-16/build/utils/lit/lit.py -sv test/lit \
#       --param cu2hip_build=build
import os
import lit.formats

config.name = "cu2hip"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
build = lit_config.params.get("cu2hip_build", os.path.join(root, "build"))
if not os.path.isabs(build):
    build = os.path.join(root, build)
config.test_exec_root = os.path.join(build, "test", "lit")
cu2hip = os.path.join(build, "tool", "cu2hip")
config.substitutions.append(("%cu2hip", cu2hip))
config.substitutions.append(("%root", root))
# The handed regression cases live beside the repository (../shared/cases) or
# where CU2HIP_CASES_DIR says; tests that read them REQUIRE the feature.
cases = os.environ.get("CU2HIP_CASES_DIR") or os.path.join(os.path.dirname(root), "shared", "cases")
config.substitutions.append(("%cases", cases))
if os.path.isdir(cases):
    config.available_features.add("cases")
else:
    lit_config.note("no handed cases at %s: tests that need them are unsupported" % cases)
# Debian 12's HIP 5.2 hipcc (scripts/setup.sh): tests of scripts/hipcc-check.sh.
if os.access("/usr/bin/hipcc", os.X_OK):
    config.available_features.add("hipcc52")
# The ROCm 7.2 root of scripts/rocm-root.sh (cu2hip check runs its hipcc through chroot, which
# needs root): tests of `cu2hip check` that compile REQUIRE rocm72; %rocm72 is the root.
rocm72 = os.environ.get("CU2HIP_ROCM72_ROOT", "/var/cache/cu2hip/rocm-7.2")
config.substitutions.append(("%rocm72", rocm72))
if os.path.isfile(os.path.join(rocm72, ".cu2hip-root")) and os.geteuid() == 0:
    config.available_features.add("rocm72")
# nvcc (cu2hip check --nvcc, the `input` category and ptxas's figures).
nvcc = os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc")
if os.access(nvcc, os.X_OK):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
llvm_bin = "/usr/lib/llvm-16/bin"
config.environment["PATH"] = llvm_bin + os.pathsep + config.environment.get("PATH", os.environ.get("PATH", ""))
for var in ("CUDA_PATH", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# %strip: drop the test's own FileCheck directive lines from a port before
# FileCheck reads it (the port copies comments, so a CHECK-NOT pattern would
# otherwise match its own directive line).
config.substitutions.append(
    ("%strip", "grep -v -E \"//[[:space:]]*[A-Z][A-Z0-9]*(-[A-Z]+)*:\""))
# Inputs for tree-mode tests (excluded from discovery above).
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# %nohdr: drop a handed case's header comment (everything up to the first
# line holding "*/"), which quotes the expected output and the faulty input.
config.substitutions.append(("%nohdr", "sed -e \"1,/[*][/]/d\""))

# %build-check FILE...: each build file read by its build tool as a build
# reads it (cmake -P with the project commands as no-ops; make -n of a goal
# of its own); fails with the tool's message. Build-file tests check each
# port whose original the tool accepts.
config.substitutions.append(
    ("%build-check", "bash " + os.path.join(config.test_source_root, "Inputs", "build-check", "check.sh")))
