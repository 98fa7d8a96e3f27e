# lit configuration for cu2hip's tests. CMake writes the build's values into
# <build>/test/lit/lit.site.cfg.py (lit.site.cfg.py.in), which loads this
# file; run it as
#   ninja -C build check-cu2hip-quick      (or check-cu2hip: every test)
#   python3 <lit.py> -sv build/test/lit
#   python3 <lit.py> -sv test/lit/rules/names.cu --param cu2hip_build=build
# The last form (a path in the source tree) finds the build directory from
# the cu2hip_build param (default: build/) and reads its site configuration.
#
# Features:
#   cases    the handed regression cases exist (CU2HIP_CASES_DIR)
#   hipcc52  Debian 12's HIP 5.2 hipcc is installed            (%hipcc52)
#   rocm72   the ROCm 7.2 root is built and usable (root user)  (%hipcc72,
#            %rocm72: the root, for `cu2hip check`)
#   rocwmma  rocm72, and a complete rocWMMA: the root's has its internal/
#            headers (Debian's librocwmma-dev 7.2.4-1~exp1 ships rocwmma.hpp
#            without them), or CU2HIP_ROCWMMA_INCLUDE names an include
#            directory holding rocwmma/ with them (%rocwmma_inc: its -I flag;
#            %rocwmma_soft: 0 with the feature, else 1, the software WMMA of
#            cu2hip/wmma.h)
#   nvcc     CUDA's nvcc is installed                           (%nvcc)
#   emu      the CPU SIMT emulator library is built             (%emu_lib)
#   slow     tests marked `REQUIRES: slow` run (not with --param quick=1)
#   root     the tests run as root (what needs chroot: doctor on a root file system)
# With --param quick=1 (check-cu2hip-quick) hipcc52, rocm72, nvcc, emu and
# slow are left out, so the tier needs nothing but the cu2hip binary.
import os
import lit.formats

if not getattr(config, "cu2hip_obj_root", None):
    # Run from the source tree: load the configured build's site file, which
    # loads this file again with the build's values.
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.abspath(os.path.join(here, "..", ".."))
    build = lit_config.params.get("cu2hip_build", os.path.join(src, "build"))
    if not os.path.isabs(build):
        build = os.path.join(src, build)
    site = os.path.join(build, "test", "lit", "lit.site.cfg.py")
    if not os.path.exists(site):
        lit_config.fatal("no %s: configure the build first (cmake -S . -B %s)" % (site, build))
    lit_config.load_config(config, site)
else:
    root = config.cu2hip_src_root
    quick = lit_config.params.get("quick", "0") not in ("", "0", "false", "False")

    config.name = "cu2hip-quick" if quick else "cu2hip"
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
    config.excludes = ["Inputs", "CMakeLists.txt", "lit.site.cfg.py.in"]
    config.test_source_root = os.path.join(root, "test", "lit")
    config.test_exec_root = os.path.join(config.cu2hip_obj_root, "test", "lit")

    config.substitutions.append(("%cu2hip", config.cu2hip_tool))
    config.substitutions.append(("%root", root))

    # The handed regression cases live beside the repository (../shared/cases)
    # or where CU2HIP_CASES_DIR says (at run time, else at configure time).
    cases = os.environ.get("CU2HIP_CASES_DIR") or config.cases_dir
    config.substitutions.append(("%cases", cases))
    if os.path.isdir(cases):
        config.available_features.add("cases")
    else:
        lit_config.note("no handed cases at %s: tests that need them are unsupported" % cases)

    # Compilers for compile checks, through scripts/hipcc-check.sh.
    hipcc_check = "bash " + os.path.join(root, "scripts", "hipcc-check.sh")
    config.substitutions.append(("%hipcc52", hipcc_check + " --rocm 5.2"))
    config.substitutions.append(("%hipcc72", hipcc_check + " --rocm 7.2"))
    config.substitutions.append(("%emu_lib", config.emu_lib))
    # The ROCm 7.2 root of scripts/rocm-root.sh (cu2hip check runs its hipcc
    # through chroot, which needs root): tests of `cu2hip check` that compile
    # REQUIRE rocm72; %rocm72 is the root.
    rocm72 = os.environ.get("CU2HIP_ROCM72_ROOT") or config.rocm72_root
    config.substitutions.append(("%rocm72", rocm72))
    # nvcc (cu2hip check --nvcc, the `input` category and ptxas's figures).
    nvcc = os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc")
    config.substitutions.append(("%nvcc", nvcc))
    # A complete rocWMMA include directory for WMMA ports' compile checks.
    wmma_inc = os.environ.get("CU2HIP_ROCWMMA_INCLUDE", "")
    if not os.path.isfile(os.path.join(wmma_inc, "rocwmma", "internal", "accessors.hpp")):
        wmma_inc = ""
    config.substitutions.append(("%rocwmma_inc", "-I " + wmma_inc if wmma_inc else ""))
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        config.available_features.add("root")
    if not quick:
        config.available_features.add("slow")
        if config.hipcc52 and os.access(config.hipcc52, os.X_OK):
            config.available_features.add("hipcc52")
        if (os.path.isfile(os.path.join(rocm72, ".cu2hip-root"))
                and hasattr(os, "geteuid") and os.geteuid() == 0):
            config.available_features.add("rocm72")
            if wmma_inc or os.path.isfile(os.path.join(
                    rocm72, "usr", "include", "rocwmma", "internal", "accessors.hpp")):
                config.available_features.add("rocwmma")
        if os.access(nvcc, os.X_OK):
            config.available_features.add("nvcc")
        if config.emu_lib and os.path.exists(config.emu_lib):
            config.available_features.add("emu")

    # 1 where cu2hip/wmma.h takes its software WMMA on the ROCm 7.2 root (no
    # complete rocWMMA), 0 where it takes rocWMMA.
    config.substitutions.append(
        ("%rocwmma_soft", "0" if "rocwmma" in config.available_features else "1"))

    # LLVM's FileCheck, not, count first on PATH.
    config.environment["PATH"] = os.pathsep.join(
        [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
    for var in ("CUDA_PATH", "HOME", "TMPDIR", "CU2HIP_ROCM72_ROOT", "CU2HIP_ROCWMMA_INCLUDE"):
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
