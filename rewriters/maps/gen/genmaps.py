#!/usr/bin/env python3
"""Generate cu2hip's API mapping tables (rewriters/maps/*.yaml) from header files.

Usage:
  genmaps.py --cuda /usr/local/cuda/include --hip52 / --hip72 /var/cache/cu2hip/rocm-7.2 \
             --out rewriters/maps [--docs docs/maps.md]

The generator reads the CUDA headers (one include directory) and two HIP header roots (a file
system root each: headers under <root>/usr/include, HIP's clang wrappers under
<root>/usr/lib/llvm-<N>/lib/clang/*/include).  It collects the names each header set declares
(functions, types, enumerators, macros) with regular expressions that are good enough for these
vendor headers, maps CUDA names to HIP names by per-library prefix rules, merges the hand table
gen/hand.yaml, and writes one YAML file per library family, sorted and deterministic.

Every emitted `hip` name is checked against the names declared by the HIP headers of its `since`
version; a failure is printed and makes the exit status 1.
"""

import argparse
import glob
import os
import re
import sys
from collections import defaultdict, OrderedDict

# Clang major version that each HIP version's hipcc uses (HIP's math wrappers live there).
CLANG_OF = {"5.2": "15", "7.2": "22"}

KEYWORDS = set("""return if while for switch sizeof alignof decltype static_cast reinterpret_cast
const_cast dynamic_cast typedef struct union class enum template typename new delete throw
case do else goto operator defined noexcept static_assert alignas __attribute__ __declspec
asm __asm__ volatile const""".split())

# ---------------------------------------------------------------------------------------------
# Scanning


def strip_comments(text):
    out = []
    i, n = 0, len(text)
    pat = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    pos = 0
    for m in pat.finditer(text):
        out.append(text[pos:m.start()])
        s = m.group(0)
        if s.startswith('//'):
            out.append(' ')
        elif s.startswith('/*'):
            out.append('\n' * s.count('\n') or ' ')
        else:
            out.append('""')
        pos = m.end()
    out.append(text[pos:])
    return ''.join(out)


class Decls:
    """Names declared by a set of headers."""

    def __init__(self):
        self.kinds = defaultdict(set)      # name -> {function, type, enum, macro}
        self.params = defaultdict(set)     # function name -> {parameter counts}
        self.alias = {}                    # macro name -> identifier it expands to
        self.files = defaultdict(set)      # name -> {file}

    def add(self, name, kind, f):
        self.kinds[name].add(kind)
        self.files[name].add(f)

    def has(self, name):
        return name in self.kinds

    def kind(self, name):
        k = self.kinds.get(name, set())
        for want in ("type", "function", "enum"):
            if want in k:
                return want
        if "macro" in k:
            seen = set()
            a = name
            while a in self.alias and a not in seen:
                seen.add(a)
                a = self.alias[a]
                ak = self.kinds.get(a, set())
                for want in ("function", "type", "enum"):
                    if want in ak:
                        return want
            return "macro"
        return None

    def merge(self, other):
        for n, k in other.kinds.items():
            self.kinds[n] |= k
        for n, p in other.params.items():
            self.params[n] |= p
        self.alias.update(other.alias)
        for n, f in other.files.items():
            self.files[n] |= f


def count_params(text, i):
    """text[i] == '('; return (number of parameters, number with default arguments) or None."""
    depth, j, cur, params = 0, i, [], []
    while j < len(text):
        c = text[j]
        if c in '([{':
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                params.append(''.join(cur))
                break
        elif c == ',' and depth == 1:
            params.append(''.join(cur))
            cur = []
            j += 1
            continue
        elif c == ';' and depth <= 1:
            return None
        cur.append(c)
        j += 1
    else:
        return None
    params = [p.strip() for p in params]
    if params in ([''], ['void']):
        return (0, 0)
    if '...' in params:
        return None
    defaults = sum(1 for p in params if re.search(r'(?<![=!<>])=(?!=)|\b__dparm\s*\(', p))
    return (len(params), defaults)


RE_SKIP_IF = re.compile(r'^\s*#\s*if(?:def)?\b.*\b__CUDA_API_VERSION_INTERNAL\b(?!_ODR)')


def drop_internal(text):
    """Blank out #if blocks that only CUDA's own build sees (old ABI declarations)."""
    out, stack = [], []          # stack of bools: this #if level is skipped
    for ln in text.split('\n'):
        st = ln.lstrip()
        skipping = any(stack)
        if st.startswith('#'):
            d = re.match(r'#\s*(\w+)', st)
            d = d.group(1) if d else ''
            if d in ('if', 'ifdef', 'ifndef'):
                stack.append(bool(RE_SKIP_IF.match(ln)))
                out.append('')
                continue
            if d in ('else', 'elif') and stack:
                stack[-1] = False if stack[-1] else (stack[-1] if d == 'elif' else False)
                out.append('')
                continue
            if d == 'endif' and stack:
                stack.pop()
                out.append('')
                continue
        out.append('' if skipping else ln)
    return '\n'.join(out)


RE_DEFINE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)]*\))?[ \t]*(.*)$', re.M)
RE_PP = re.compile(r'^[ \t]*#.*$', re.M)
RE_ENUM = re.compile(r'\benum\s+(?:class\s+|struct\s+)?(?:__\w+(?:\([^()]*\))?\s+)*(\w+)?\s*(?::\s*[\w:\s]+)?\{([^{}]*)\}')
RE_TAG = re.compile(r'\b(?:struct|union|class)\s+((?:[A-Za-z_]\w*(?:\s*\((?:[^()]|\([^()]*\))*\))?\s+)*)([A-Za-z_]\w*)\s*(?:final\s*)?(?=[{:;])')
RE_TYPEDEF_FP = re.compile(r'\btypedef\b[^;{}]*?\(\s*(?:\w+\s+)*\*\s*(\w+)\s*\)\s*\(')
RE_TYPEDEF = re.compile(r'\btypedef\b([^;{}()]*?)\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?;')
RE_CLOSE = re.compile(r'\}\s*((?:\*?\s*[A-Za-z_]\w*\s*,\s*)*\*?\s*[A-Za-z_]\w*)\s*;')
RE_USING = re.compile(r'\busing\s+([A-Za-z_]\w*)\s*=')
RE_CALL = re.compile(r'([A-Za-z_]\w*)\s*\(')
RE_PREV = re.compile(r'([A-Za-z_]\w*|[*&>])\s*$')


def scan_file(path, d):
    try:
        with open(path, encoding='utf-8', errors='replace') as fh:
            raw = fh.read()
    except OSError:
        return
    text = drop_internal(strip_comments(raw).replace('\\\n', ' '))
    for m in RE_DEFINE.finditer(text):
        name = m.group(1)
        if name.startswith('_') and name.endswith('_H') or name.endswith('_H_') or name.endswith('_HPP'):
            continue
        d.add(name, "macro", path)
        body = m.group(3).strip()
        if m.group(2) is None and re.fullmatch(r'[A-Za-z_]\w*', body):
            d.alias[name] = body
        elif m.group(2) is not None:
            # function-like macro forwarding to a function: FOO(args) bar(args)
            mm = re.match(r'\(*\s*([A-Za-z_]\w*)\s*\(', body)
            if mm:
                d.alias.setdefault(name, mm.group(1))
    text = RE_PP.sub(' ', text)
    for m in RE_ENUM.finditer(text):
        if m.group(1):
            d.add(m.group(1), "type", path)
        for item in m.group(2).split(','):
            mm = re.match(r'\s*([A-Za-z_]\w*)', item)
            if mm:
                d.add(mm.group(1), "enum", path)
    for m in RE_TAG.finditer(text):
        d.add(m.group(2), "type", path)
    for m in RE_TYPEDEF_FP.finditer(text):
        d.add(m.group(1), "type", path)
    for m in RE_TYPEDEF.finditer(text):
        d.add(m.group(2), "type", path)
    for m in RE_CLOSE.finditer(text):
        for nm in re.findall(r'[A-Za-z_]\w*', m.group(1)):
            d.add(nm, "type", path)
    for m in re.finditer(r'\b\w*(?:DECLARE_OBJECT|DEFINE_HIPRAND_STATE)\s*\(\s*(\w+)\s*[,)]', text):
        d.add(m.group(1), "type", path)
        d.add(m.group(1) + '_t', "type", path)
    for m in RE_USING.finditer(text):
        d.add(m.group(1), "type", path)
    for m in RE_CALL.finditer(text):
        name = m.group(1)
        if name in KEYWORDS:
            continue
        prev = RE_PREV.search(text, max(0, m.start() - 80), m.start())
        if not prev:
            continue
        p = prev.group(1)
        if p in KEYWORDS and p not in ('const', 'volatile'):
            continue
        if p in ('struct', 'class', 'union', 'enum'):
            continue
        d.add(name, "function", path)
        c = count_params(text, m.end() - 1)
        if c is not None:
            for k in range(c[0] - c[1], c[0] + 1):
                d.params[name].add(k)


def scan(files):
    d = Decls()
    for f in sorted(set(files)):
        scan_file(f, d)
    # A name that is only "called" and also a macro is a macro (attribute macros etc.).
    return d


def cuda_params(d, n):
    seen = set()
    while n in d.alias and n not in seen and d.alias[n] in d.kinds:
        seen.add(n)
        n = d.alias[n]
    return d.params.get(n, set())


def files_under(root, patterns, exclude=()):
    out = []
    for p in patterns:
        for f in glob.glob(os.path.join(root, p), recursive=True):
            if os.path.isfile(f) and not any(x in f for x in exclude):
                out.append(f)
    return sorted(set(out))


# ---------------------------------------------------------------------------------------------
# HIP side

HIP_GLOBS = ["usr/include/hip/**/*.h", "usr/include/hip/**/*.hpp", "usr/include/hiprand/**/*.h",
             "usr/include/rocrand/**/*.h", "usr/include/hipblas/**/*.h", "usr/include/hipblas-common/**/*.h",
             "usr/include/hipblaslt/**/*.h", "usr/include/hipfft/**/*.h", "usr/include/hipsparse/**/*.h",
             "usr/include/hipsolver/**/*.h", "usr/include/rccl/**/*.h", "usr/include/miopen/**/*.h",
             "usr/include/roctracer/roctx.h", "usr/include/hipcub/**/*.hpp",
             "usr/include/thrust/system/hip/*.h",
             # THRUST_DEVICE_SYSTEM_HIP (the device-backend macros)
             "usr/include/thrust/detail/config/device_system.h"]
HIP_EXCLUDE = ("nvidia_detail", "/hcc_detail/")


class HipSet:
    def __init__(self, version, root):
        self.version = version
        self.root = root
        files = files_under(root, HIP_GLOBS, HIP_EXCLUDE)
        files += files_under(root, ["usr/lib/llvm-%s/lib/clang/*/include/__clang_hip_*.h" % CLANG_OF[version]])
        self.nfiles = len(files)
        self.d = scan(files)
        self.words = set()
        for f in files:
            with open(f, encoding='utf-8', errors='replace') as fh:
                self.words.update(re.findall(r'[A-Za-z_]\w*', fh.read()))
        self.ci = defaultdict(set)   # lower-case, no underscore -> names
        for n in self.d.kinds:
            self.ci[n.lower().replace('_', '')].add(n)

    def header(self, rel):
        return os.path.isfile(os.path.join(self.root, "usr/include", rel))


# ---------------------------------------------------------------------------------------------
# Library rules

def cap(s):
    return s[:1].upper() + s[1:]


def camel(s):
    return ''.join(cap(p) for p in s.split('_') if p)


def cands_runtime(n):
    m = re.match(r'^cuda(\w+)$', n)
    if m:
        x = m.group(1)
        out = []
        if x.startswith('DevAttr'):
            out.append(ci_lookup('hipdeviceattribute' + x[len('DevAttr'):].lower()))
        out += ['hip' + x, 'hip' + x + '_t']
        if x.endswith('_t'):
            out.append('hip' + x[:-2])
        return out
    m = re.match(r'^CUDA_(\w+)$', n)
    if m:
        return ['HIP_' + m.group(1)]
    m = re.match(r'^CUDART_(\w+)$', n)
    if m:
        return ['HIPRT_' + m.group(1)]
    m = re.match(r'^make_cuda(\w+)$', n)
    if m:
        return ['make_hip' + m.group(1)]
    return []


def ci_lookup(key):
    return ('ci', key)


def cands_driver(n):
    m = re.match(r'^cu([A-Z]\w*?)(_v\d+)?$', n)
    if m:
        x = m.group(1)
        return ['hipDrv' + x, 'hipModule' + x, 'hip' + x]
    m = re.match(r'^CU([a-z]\w*?)$', n)
    if m:
        x = m.group(1)
        return ['hip' + cap(x), 'hip' + cap(x) + '_t', 'hip' + camel(x), 'hip' + camel(x) + '_t']
    m = re.match(r'^(?:CUDA|CU)_(\w+)$', n)
    if m:
        return [ci_lookup('hip' + m.group(1).lower().replace('_', '')), 'HIP_' + m.group(1)]
    return []


def prefix_rule(pairs, strip_v2=False):
    def f(n):
        for cu, hp in pairs:
            if n.startswith(cu):
                rest = n[len(cu):]
                out = []
                if strip_v2 and '_v2' in rest:
                    out.append(hp + rest.replace('_v2', ''))
                out.append(hp + rest)
                return out
        return []
    return f


def identity(n):
    return [n]


LIBS = OrderedDict()


def lib(name, **kw):
    LIBS[name] = kw


# file: output file; cuda: CUDA header globs (relative to --cuda); select: regex of CUDA names in
# scope; kinds: CUDA kinds in scope; cands: candidate HIP names; omit_same52: leave out identical
# names that HIP 5.2 already declares (unremarkable).
lib("runtime", file="runtime", cuda=["cuda_runtime_api.h", "cuda_runtime.h", "driver_types.h",
    "library_types.h", "surface_types.h", "texture_types.h", "driver_functions.h",
    "cuda_profiler_api.h", "channel_descriptor.h", "cuda_device_runtime_api.h"],
    select=r'^(cuda[A-Z]\w*|CUDA_[A-Z0-9_]+|CUDART_\w+|make_cuda\w+)$',
    drop=r'^(CUDA_ARCH_|CUDART_CB$|CUDARTAPI|CUDART_DEVICE$|CUDART_PI|CUDART_.*_(F|LO|HI)$|cudaEGL|cudaGL|cudaVDPAU|cudaD3D)',
    cands=cands_runtime)
lib("driver", file="runtime", cuda=["cuda.h", "cudaProfiler.h"],
    select=r'^(cu[A-Z]\w*|CU[a-z]\w*|CU_[A-Z0-9_]+|CUDA_[A-Z0-9_]+)$',
    drop=r'^(CUDA_CB$|CUDAAPI$|CU_(UUID|DEVICE_CPU|DEVICE_INVALID)|cuGL|cuEGL|cuVDPAU|cuD3D|\w+_st$|__)',
    cands=cands_driver)
lib("cublas", file="cublas", cuda=["cublas_api.h", "cublas_v2.h"],
    select=r'^(cublas[A-Z]\w*|CUBLAS_\w+)$', drop=r'^(CUBLASAPI$|CUBLASWINAPI$|CUBLAS_VER|CUBLAS_API_H_)',
    cands=prefix_rule([("cublas", "hipblas"), ("CUBLAS_", "HIPBLAS_")], strip_v2=True))
lib("cublas_legacy", libname="cublas", file="cublas", cuda=["cublas.h"],
    select=r'^cublas[A-Z]\w*$', cands=lambda n: [],
    note="legacy cuBLAS API (no handle); port to the handle API (cublas_v2.h) first")
lib("cublaslt", file="cublas", cuda=["cublasLt.h"],
    select=r'^(cublasLt\w+|CUBLASLT_\w+)$', drop=r'^(CUBLASLTAPI|CUBLASLT_API|CUBLASLT_MATMUL_TILE_|CUBLASLT_CLUSTER_SHAPE_|CUBLASLT_MATMUL_STAGES_)',
    cands=prefix_rule([("cublasLt", "hipblasLt"), ("CUBLASLT_", "HIPBLASLT_")]))
lib("curand", file="curand", cuda=["curand.h", "curand_kernel.h", "curand_discrete.h",
    "curand_discrete2.h", "curand_globals.h", "curand_lognormal.h", "curand_mrg32k3a.h",
    "curand_mtgp32.h", "curand_mtgp32_host.h", "curand_mtgp32_kernel.h", "curand_normal.h",
    "curand_philox4x32_x.h", "curand_poisson.h", "curand_uniform.h"],
    select=r'^(curand\w*|CURAND_\w+)$',
    drop=r'^(CURANDAPI|CURAND_H_|curand_MRG32k3a|curand_(box_muller|normal_static|uniform_static)|CURAND_(2POW32|SQRT2|PI|TWO|MTGP32|NORM|KERNEL|BINARY_SEARCH|POISSON|M2_|[A-Z0-9]*_H$|QRNG|DEVICE_API|3RD))',
    cands=prefix_rule([("curand", "hiprand"), ("CURAND_", "HIPRAND_")]))
lib("cufft", file="cufft", cuda=["cufft.h", "cufftXt.h"],
    select=r'^(cufft\w+|CUFFT_\w+)$', drop=r'^(CUFFTAPI|CUFFT_VER|CUFFT_H_)',
    cands=prefix_rule([("cufft", "hipfft"), ("CUFFT_", "HIPFFT_")]))
lib("cusparse", file="cusparse", cuda=["cusparse.h"],
    select=r'^(cusparse\w+|CUSPARSE_\w+)$', drop=r'^(CUSPARSEAPI|CUSPARSE_VER|CUSPARSE_DEPRECATED|CUSPARSE_H_|CUSPARSE_CPP_VERSION)',
    cands=prefix_rule([("cusparse", "hipsparse"), ("CUSPARSE_", "HIPSPARSE_")]))
lib("cusolver", file="cusolver", cuda=["cusolverDn.h", "cusolver_common.h", "cusolverSp.h", "cusolverRf.h"],
    select=r'^(cusolver\w+|CUSOLVER_\w+)$', drop=r'^(CUSOLVERAPI|CUSOLVER_VER|CUSOLVER_DEPRECATED|CUSOLVER_[A-Z]*_H_?)',
    cands=prefix_rule([("cusolver", "hipsolver"), ("CUSOLVER_", "HIPSOLVER_")]))
lib("nccl", file="nccl", cuda=["nccl.h"],
    select=r'^(nccl[A-Z]\w*|NCCL_\w+)$', drop=r'^(NCCL_H_|NCCL_(MAJOR|MINOR|PATCH|SUFFIX|VERSION_CODE)$)',
    cands=identity)
lib("nvrtc", file="runtime", cuda=["nvrtc.h"],
    select=r'^(nvrtc[A-Z]\w*|NVRTC_[A-Z0-9_]+)$', drop=r'^(NVRTC_H__|NVRTC_USE_CXXABI|NVRTC_GET_TYPE_NAME|nvrtcGetTypeName_helper_t)',
    cands=prefix_rule([("nvrtc", "hiprtc"), ("NVRTC_", "HIPRTC_")]))
lib("cudnn", file="cudnn", cuda=["cudnn.h", "cudnn_ops.h", "cudnn_cnn.h", "cudnn_adv.h", "cudnn_graph.h",
    "cudnn_backend.h", "cudnn_version.h"],
    select=r'^cudnn[A-Z]\w*$', kinds=("function", "type"), cands=lambda n: [],
    note="no sound MIOpen mapping; port by hand to MIOpen")
lib("device", file="device", cuda=["sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h",
    "sm_35_intrinsics.h", "sm_61_intrinsics.h", "crt/sm_70_rt.h", "crt/sm_80_rt.h", "crt/sm_90_rt.h",
    "crt/device_functions.h", "device_atomic_functions.h", "sm_20_atomic_functions.h",
    "sm_32_atomic_functions.h", "sm_60_atomic_functions.h", "crt/device_double_functions.h"],
    select=r'^(__[a-z][a-z0-9_]*[a-z0-9]|atomic[A-Z]\w*)$', kinds=("function",),
    drop=r'^(__cudart|__nv_|__cuda|__isGlobal|__internal|__fAtomic|__dAtomic|__uAtomic|__iAtomic|__ullAtomic|__illAtomic|__usAtomic|__float_as|__int_as|__pm|__prof_trigger|__trap$|__brkpt$|__syncthreads$|__threadfence$|__threadfence_block$|__threadfence_system$)',
    cands=identity, omit_same52=True)
lib("fp16", file="fp16", cuda=["cuda_fp16.h", "cuda_fp16.hpp"],
    select=r'^(__[a-z]\w*|h[a-z0-9]\w*|half2?|__half\w*)$', kinds=("function", "type"),
    drop=r'^(__internal|__float_simpl|__copy|__cuda|__nv|__half_raw_cpp|__CUDA|__is_|__lowbits|__half_value)',
    cands=identity, omit_same52=True)
lib("bf16", file="bf16", cuda=["cuda_bf16.h", "cuda_bf16.hpp"],
    select=r'^(__[a-z]\w*|h[a-z0-9]\w*|n?v?_?_?nv_bfloat16\w*|nv_bfloat162?)$', kinds=("function", "type"),
    drop=r'^(__internal|__copy|__cuda|__CUDA|__is_|__nv_bfloat16_raw_cpp)',
    cands=lambda n: [re.sub(r'^(__)?nv_bfloat', '__hip_bfloat', n)] if 'nv_bfloat' in n else [n],
    omit_same52=True)
lib("cub", file="cub", cuda=["cccl/cub/**/*.cuh"], select=r'^CUB_[A-Z0-9_]+$', kinds=("macro",),
    drop=r'(DETAIL|_H$|_CUH$|NAMESPACE|^CUB_(VERSION|MAJOR|MINOR|SUBMINOR|PATCH|IGNORE|DEFINE|RUNTIME_ENABLED|HAS_|PTX_ARCH|IS_|INCLUDE|CPP_|_|RESTRICT|ENABLE|DISABLE|USE|COMPILER|HOST_COMPILER|DEVICE_COMPILER|STATIC_ASSERT|PTX_))',
    cands=lambda n: ['HIP' + n, n], omit_same52=False)

LIB_NAME = {"driver": "driver", "cublas_legacy": "cublas"}


# ---------------------------------------------------------------------------------------------
# Headers (hand knowledge of which HIP header replaces which CUDA header; existence is checked)

HEADER_TABLE = [
    # cuda header, hip header, lib, note
    ("cuda_runtime.h", "hip/hip_runtime.h", "runtime", None),
    ("cuda_runtime_api.h", "hip/hip_runtime_api.h", "runtime", None),
    ("cuda.h", "hip/hip_runtime.h", "driver", None),
    ("device_launch_parameters.h", "hip/hip_runtime.h", "runtime", None),
    ("driver_types.h", "hip/driver_types.h", "runtime", None),
    ("library_types.h", "hip/library_types.h", "runtime", None),
    ("vector_types.h", "hip/hip_vector_types.h", "runtime", None),
    ("vector_functions.h", "hip/hip_vector_types.h", "runtime", None),
    ("device_functions.h", "hip/device_functions.h", "device", None),
    ("math_constants.h", "hip/hip_math_constants.h", "device", None),
    ("texture_types.h", "hip/texture_types.h", "runtime", None),
    ("surface_types.h", "hip/surface_types.h", "runtime", None),
    ("channel_descriptor.h", "hip/channel_descriptor.h", "runtime", None),
    ("cuda_texture_types.h", "hip/hip_texture_types.h", "runtime", None),
    ("cuda_profiler_api.h", "hip/hip_runtime_api.h", "runtime", None),
    ("cudaProfiler.h", "hip/hip_runtime_api.h", "driver", None),
    ("cuComplex.h", "hip/hip_complex.h", "runtime", None),
    ("cuda_fp16.h", "hip/hip_fp16.h", "fp16", None),
    ("cuda_bf16.h", "hip/hip_bf16.h", "bf16", None),
    ("cuda_fp8.h", "hip/hip_fp8.h", "runtime", "OCP/FNUZ fp8 types differ by target; check types"),
    ("cooperative_groups.h", "hip/hip_cooperative_groups.h", "cg", None),
    ("curand.h", "hiprand/hiprand.h", "curand", None),
    ("curand_kernel.h", "hiprand/hiprand_kernel.h", "curand", None),
    ("cublas_v2.h", "hipblas/hipblas.h", "cublas", None),
    ("cublas_api.h", "hipblas/hipblas.h", "cublas", None),
    ("cublas.h", "hipblas/hipblas.h", "cublas", "legacy cuBLAS API (no handle) is not in hipBLAS"),
    ("cublasLt.h", "hipblaslt/hipblaslt.h", "cublaslt", None),
    ("cufft.h", "hipfft/hipfft.h", "cufft", None),
    ("cufftXt.h", "hipfft/hipfftXt.h", "cufft", None),
    ("cusparse.h", "hipsparse/hipsparse.h", "cusparse", None),
    ("cusparse_v2.h", "hipsparse/hipsparse.h", "cusparse", None),
    ("cusolverDn.h", "hipsolver/hipsolver.h", "cusolver", None),
    ("cusolverSp.h", "hipsolver/hipsolver.h", "cusolver", None),
    ("cusolverRf.h", "hipsolver/hipsolver.h", "cusolver", None),
    ("cusolver_common.h", "hipsolver/hipsolver.h", "cusolver", None),
    ("nccl.h", "rccl/rccl.h", "nccl", None),
    ("nvrtc.h", "hip/hiprtc.h", "nvrtc", "hipRTC compiles to an AMDGPU code object, not PTX"),
    ("cudnn.h", "miopen/miopen.h", "cudnn", "only handle/stream/tensor-descriptor basics map; the rest is reported"),
    ("cub/cub.cuh", "hipcub/hipcub.hpp", "cub", None),
    ("thrust/system/cuda/execution_policy.h", "thrust/system/hip/execution_policy.h", "thrust", None),
    ("thrust/system/cuda/vector.h", "thrust/system/hip/vector.h", "thrust", None),
    ("thrust/system/cuda/memory.h", "thrust/system/hip/memory.h", "thrust", None),
    ("thrust/system/cuda/pointer.h", "thrust/system/hip/pointer.h", "thrust", None),
    ("thrust/system/cuda/error.h", "thrust/system/hip/error.h", "thrust", None),
    ("thrust/system/cuda/future.h", "thrust/system/hip/future.h", "thrust", None),
    ("nvtx3/nvToolsExt.h", "roctracer/roctx.h", "runtime", "NVTX ranges map to roctx (libroctx64)"),
    ("nvToolsExt.h", "roctracer/roctx.h", "runtime", "NVTX ranges map to roctx (libroctx64)"),
]
# curand_*.h other than the two above: all reached through hiprand_kernel.h.
UNSUPPORTED_HEADERS = [
    ("cuda_pipeline.h", "runtime", "no HIP equivalent (cuda::pipeline / cp.async)"),
    ("cuda_awbarrier.h", "runtime", "no HIP equivalent (arrive/wait barriers)"),
    ("cuda_occupancy.h", "runtime", "no HIP equivalent; use hipOccupancy* APIs"),
    ("mma.h", "device", "WMMA: use rocWMMA by hand"),
    ("cudnn_ops.h", "cudnn", "no sound MIOpen mapping"),
    ("cudnn_cnn.h", "cudnn", "no sound MIOpen mapping"),
    ("cudnn_adv.h", "cudnn", "no sound MIOpen mapping"),
    ("cudnn_graph.h", "cudnn", "no sound MIOpen mapping"),
    ("cudnn_backend.h", "cudnn", "no sound MIOpen mapping"),
    ("cudnn_frontend.h", "cudnn", "cuDNN frontend has no MIOpen equivalent"),
    ("cusolverMg.h", "cusolver", "multi-GPU cuSOLVER has no hipSOLVER equivalent"),
    ("cublasXt.h", "cublas", "cuBLASXt has no hipBLAS equivalent"),
    ("cufftw.h", "cufft", "FFTW interface not provided by hipFFT"),
]


# ---------------------------------------------------------------------------------------------
# Hand table

def parse_flow_map(line):
    """Parse one `- {k: v, ...}` line (our own subset of YAML flow style)."""
    s = line.strip()
    assert s.startswith('- {'), line
    body = s[3:s.rindex('}')]
    out, i = {}, 0
    while i < len(body):
        m = re.match(r'\s*([A-Za-z_]+)\s*:\s*', body[i:])
        if not m:
            break
        key = m.group(1)
        i += m.end()
        if body[i] == '"':
            j = i + 1
            val = ''
            while body[j] != '"':
                if body[j] == '\\':
                    j += 1
                val += body[j]
                j += 1
            i = j + 1
        else:
            j = body.find(',', i)
            j = len(body) if j < 0 else j
            val = body[i:j].strip()
            i = j
        out[key] = val
        m = re.match(r'\s*,?', body[i:])
        i += m.end()
    return out


def load_hand(path):
    entries = []
    with open(path, encoding='utf-8') as fh:
        for ln in fh:
            if ln.strip().startswith('- {'):
                entries.append(parse_flow_map(ln))
    return entries


# ---------------------------------------------------------------------------------------------
# Output

FIELD_ORDER = ("cuda", "hip", "kind", "lib", "since", "status", "note")
PLAIN = re.compile(r'^[A-Za-z_][A-Za-z0-9_./+\-]*$')


def yq(v):
    if PLAIN.match(v) and v not in ('true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~'):
        return v
    return '"' + v.replace('\\', '\\\\').replace('"', '\\"') + '"'


def fmt(e):
    parts = []
    for k in FIELD_ORDER:
        if k in e and e[k] not in (None, ''):
            v = e[k]
            parts.append('%s: %s' % (k, '"%s"' % v if k == 'since' else yq(v)))
    line = '- {' + ', '.join(parts) + '}'
    if e.get('_hand'):
        line += '  # hand'
    return line


FILE_TITLE = OrderedDict([
    ("runtime", "CUDA runtime and driver API (functions, types, enums, macros)"),
    ("device", "device intrinsics that differ or need a newer HIP"),
    ("fp16", "cuda_fp16 half precision"),
    ("bf16", "cuda_bf16 bfloat16"),
    ("curand", "cuRAND host and device API -> hipRAND"),
    ("cublas", "cuBLAS (incl. _v2 names) -> hipBLAS, cuBLASLt -> hipBLASLt"),
    ("cub", "CUB -> hipCUB"),
    ("cg", "cooperative groups"),
    ("nccl", "NCCL -> RCCL"),
    ("cudnn", "cuDNN -> MIOpen (only where sound; the rest is reported)"),
    ("cufft", "cuFFT -> hipFFT"),
    ("cusparse", "cuSPARSE -> hipSPARSE"),
    ("cusolver", "cuSOLVER -> hipSOLVER"),
    ("thrust", "Thrust -> rocThrust"),
    ("headers", "headers"),
])


def ns_declared(h, ns):
    """A namespace a::b counts as declared when <a> headers exist and b is a word in them."""
    parts = ns.split('::')
    if len(parts) > 1 and not os.path.isdir(os.path.join(h.root, 'usr/include', parts[0])):
        return False
    if not os.path.isdir(os.path.join(h.root, 'usr/include', parts[-1])) and parts[-1] not in h.words:
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--cuda', required=True, help='CUDA include directory')
    ap.add_argument('--hip52', required=True, help='root holding HIP 5.2 headers (Debian 12)')
    ap.add_argument('--hip72', required=True, help='root holding ROCm 7.2 headers')
    ap.add_argument('--out', required=True, help='output directory (rewriters/maps)')
    ap.add_argument('--hand', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'hand.yaml'))
    ap.add_argument('--docs', help='also write this markdown summary (docs/maps.md)')
    args = ap.parse_args()

    hip = OrderedDict([("5.2", HipSet("5.2", args.hip52)), ("7.2", HipSet("7.2", args.hip72))])
    for v, h in hip.items():
        print("HIP %s: %d header files, %d names" % (v, h.nfiles, len(h.d.kinds)), file=sys.stderr)
    if hip["7.2"].nfiles < 100 or not hip["7.2"].header("hipblas/hipblas.h"):
        sys.exit("error: --hip72 %s does not hold the ROCm 7.2 headers" % args.hip72)

    def lookup(c):
        """-> (name, since) for a candidate that ROCm 7.2 declares; since is the oldest version."""
        cur = hip["7.2"]
        if isinstance(c, tuple):
            names = sorted(cur.ci.get(c[1], ()), key=lambda x: (x.upper() == x, x))
            if not names:
                return None
            c = names[0]
        if not cur.d.has(c):
            return None
        return c, ("5.2" if hip["5.2"].d.has(c) else "7.2")

    def header_since(hp):
        if not hip["7.2"].header(hp):
            return None
        return "5.2" if hip["5.2"].header(hp) else "7.2"

    entries = OrderedDict()     # cuda -> entry
    owner = {}

    def put(e, override=False):
        k = e['cuda']
        if k in entries and not override:
            return
        entries[k] = e

    # Hand entries first (they win).
    hand = load_hand(args.hand)
    for e in hand:
        e = dict(e)
        e['_hand'] = True
        if e.get('status') != 'unsupported' and 'since' not in e and e['kind'] != 'note':
            if e['kind'] == 'header':
                e['since'] = header_since(e['hip'])
            elif e['kind'] == 'namespace':
                e['since'] = next((v for v in ("5.2", "7.2") if ns_declared(hip[v], e['hip']) and ns_declared(hip["7.2"], e['hip'])), None)
            else:
                r = lookup(e['hip'].split('::')[-1])
                e['since'] = r[1] if r else None
            if e['since'] is None:
                print('warning: hand entry %s -> %s: not declared by the --hip72 headers; '
                      'written as unsupported' % (e['cuda'], e['hip']), file=sys.stderr)
                e = {'cuda': e['cuda'], 'kind': e['kind'], 'lib': e['lib'], 'status': 'unsupported',
                     'note': '%s not found in the ROCm 7.2 headers used' % e['hip'], '_hand': True}
        put(e)

    # Headers.
    for cu, hp, lb, note in HEADER_TABLE:
        since = header_since(hp)
        e = {'cuda': cu, 'kind': 'header', 'lib': lb, '_file': 'headers'}
        if since:
            e.update(hip=hp, since=since)
            if cu == 'cublas.h':
                e['status'] = 'partial'
        else:
            e.update(status='unsupported', note='%s not in ROCm 7.2' % hp)
        if note and 'note' not in e:
            e['note'] = note
        put(e)
    for cu, lb, note in UNSUPPORTED_HEADERS:
        put({'cuda': cu, 'kind': 'header', 'lib': lb, 'status': 'unsupported', 'note': note, '_file': 'headers'})
    for f in sorted(glob.glob(os.path.join(args.cuda, 'curand_*.h'))):
        b = os.path.basename(f)
        if b not in ('curand_kernel.h',):
            put({'cuda': b, 'hip': 'hiprand/hiprand_kernel.h', 'kind': 'header', 'lib': 'curand',
                 'since': '5.2', '_file': 'headers'})
    for f in sorted(glob.glob(os.path.join(args.cuda, 'cooperative_groups/*.h'))):
        b = 'cooperative_groups/' + os.path.basename(f)
        put({'cuda': b, 'kind': 'header', 'lib': 'cg', 'status': 'unsupported',
             'note': 'no HIP counterpart in ROCm 7.2 (%s)' % {'reduce.h': 'cg::reduce', 'scan.h': 'cg::inclusive_scan/exclusive_scan',
                                                           'memcpy_async.h': 'cg::memcpy_async'}.get(os.path.basename(f), 'cg extension'),
             '_file': 'headers'})
    cubroot = os.path.join(args.cuda, 'cccl')
    for f in sorted(glob.glob(os.path.join(cubroot, 'cub/**/*.cuh'), recursive=True)):
        rel = os.path.relpath(f, cubroot)
        parts = rel.split('/')
        if len(parts) > 3 or (len(parts) == 3 and parts[1] not in ('block', 'warp', 'device', 'iterator', 'thread', 'grid')):
            continue
        if parts[-1].startswith('dispatch') or 'specializations' in parts:
            continue
        hp = 'hip' + rel[:-len('.cuh')] + '.hpp'
        since = header_since(hp)
        e = {'cuda': rel, 'kind': 'header', 'lib': 'cub', '_file': 'headers'}
        if since:
            e.update(hip=hp, since=since)
        else:
            e.update(status='unsupported', note='no hipCUB header %s in ROCm 7.2' % hp)
        put(e)
    for f in sorted(glob.glob(os.path.join(cubroot, 'thrust/*.h'))):
        rel = os.path.relpath(f, cubroot)
        since = header_since(rel)
        e = {'cuda': rel, 'kind': 'header', 'lib': 'thrust', '_file': 'headers'}
        if since:
            e.update(hip=rel, since=since)
        else:
            e.update(status='unsupported', note='not in rocThrust 7.2')
        put(e)

    # Names, per library.
    cuda_all = {}
    fp16_names = set()
    for key, L in LIBS.items():
        files = []
        for g in L['cuda']:
            files += files_under(args.cuda, [g])
        d = scan(files)
        cuda_all[key] = d
        libname = L.get('libname', LIB_NAME.get(key, key))
        sel = re.compile(L['select'])
        drop = re.compile(L['drop']) if L.get('drop') else None
        kinds = L.get('kinds')
        for n in sorted(d.kinds):
            if not sel.match(n) or (drop and drop.search(n)):
                continue
            k = d.kind(n)
            if k is None or (kinds and k not in kinds):
                continue
            if key == 'bf16' and n in fp16_names:
                continue
            if key == 'fp16':
                fp16_names.add(n)
            if n in entries:
                continue
            e = {'cuda': n, 'kind': k, 'lib': libname, '_file': L['file']}
            chosen, partial_note = None, None
            first = None
            for c in L['cands'](n):
                r = lookup(c)
                if not r:
                    continue
                hn, since = r
                if first is None:
                    first = r
                # Functions: argument counts must be compatible.
                cp, hp = cuda_params(d, n), set()
                for h in hip.values():
                    hp |= h.d.params.get(hn, set())
                if k == 'function' and cp and hp and not (cp & hp):
                    continue
                chosen = r
                break
            if chosen is None and first is not None:
                chosen = first
                cp = sorted(cuda_params(d, n))
                hp = sorted(set().union(*[h.d.params.get(first[0], set()) for h in hip.values()]))
                partial_note = 'argument lists differ (%s vs %s parameters); check the call' % (
                    '/'.join(map(str, cp)), '/'.join(map(str, hp)))
            if chosen:
                hn, since = chosen
                if L.get('omit_same52') and hn == n and since == '5.2':
                    continue
                e.update(hip=hn, since=since)
                if partial_note:
                    e.update(status='partial', note=partial_note)
            else:
                e.update(status='unsupported', note=L.get('note', 'no HIP equivalent in ROCm 7.2'))
            put(e)

    # Sanity: every hip name is declared by the headers of its since version.
    errors = []
    for e in entries.values():
        if e.get('status') == 'unsupported':
            if e.get('hip'):
                errors.append('%s: unsupported entry has a hip name' % e['cuda'])
            continue
        if not e.get('hip'):
            errors.append('%s: no hip name' % e['cuda'])
            continue
        v = e.get('since')
        if v not in hip:
            errors.append('%s -> %s: not declared in any HIP version' % (e['cuda'], e['hip']))
            continue
        h = hip[v]
        if e['kind'] == 'header':
            ok = h.header(e['hip'])
        elif e['kind'] == 'namespace':
            ok = ns_declared(h, e['hip'])
        else:
            ok = h.d.has(e['hip'])
        if not ok:
            errors.append('%s -> %s: not declared by HIP %s headers' % (e['cuda'], e['hip'], v))
        cur = hip['7.2']
        if e['kind'] not in ('header', 'namespace') and not cur.d.has(e['hip']):
            errors.append('%s -> %s: not declared by ROCm 7.2 headers' % (e['cuda'], e['hip']))
        if v == '7.2' and e['kind'] != 'namespace':
            older = hip['5.2'].header(e['hip']) if e['kind'] == 'header' else hip['5.2'].d.has(e['hip'])
            if older:
                errors.append('%s -> %s: since 7.2 but HIP 5.2 declares it' % (e['cuda'], e['hip']))

    # Write.
    byfile = defaultdict(list)
    for e in entries.values():
        f = e.get('_file') or ('headers' if e['kind'] == 'header' else
                               {'driver': 'runtime', 'nvrtc': 'runtime', 'cublaslt': 'cublas'}.get(e['lib'], e['lib']))
        byfile[f].append(e)
    os.makedirs(args.out, exist_ok=True)
    summary = []
    for f, title in FILE_TITLE.items():
        es = sorted(byfile.get(f, []), key=lambda e: (e['lib'], e['kind'], e['cuda']))
        path = os.path.join(args.out, f + '.yaml')
        with open(path, 'w', encoding='utf-8') as fh:
            fh.write('# cu2hip map: %s\n' % title)
            fh.write('# generated by gen/genmaps.py from CUDA 13.0 and HIP 5.2/7.2 headers; '
                     'hand entries (gen/hand.yaml) marked "# hand". Do not edit; regenerate.\n')
            for e in es:
                fh.write(fmt(e) + '\n')
        nun = sum(1 for e in es if e.get('status') == 'unsupported')
        npart = sum(1 for e in es if e.get('status') == 'partial')
        n72 = sum(1 for e in es if e.get('since') == '7.2')
        summary.append((f, len(es), nun, npart, n72))
    bylib = defaultdict(lambda: [0, 0, 0])
    for e in entries.values():
        bylib[e['lib']][0] += 1
        if e.get('status') == 'unsupported':
            bylib[e['lib']][1] += 1
        if e.get('status') == 'partial':
            bylib[e['lib']][2] += 1

    print('%-10s %7s %11s %7s %9s' % ('file', 'entries', 'unsupported', 'partial', 'since7.2'))
    for row in summary:
        print('%-10s %7d %11d %7d %9d' % row)
    print('%-10s %7d' % ('total', len(entries)))
    if args.docs:
        write_docs(args.docs, summary, bylib, len(entries))
    if errors:
        print('\n%d sanity errors:' % len(errors), file=sys.stderr)
        for x in errors:
            print('  ' + x, file=sys.stderr)
        return 1
    print('sanity: every hip name is declared by the headers of its since version')
    return 0


def write_docs(path, summary, bylib, total):
    here = os.path.dirname(os.path.abspath(__file__))
    tmpl = open(os.path.join(here, 'maps.md.in'), encoding='utf-8').read()
    rows = ['| file | entries | unsupported | partial | since 7.2 |', '|---|---:|---:|---:|---:|']
    for f, n, u, p, s in summary:
        rows.append('| `%s.yaml` | %d | %d | %d | %d |' % (f, n, u, p, s))
    rows.append('| total | %d | | | |' % total)
    lrows = ['| lib | entries | unsupported | partial |', '|---|---:|---:|---:|']
    for lb in sorted(bylib):
        n, u, p = bylib[lb]
        lrows.append('| %s | %d | %d | %d |' % (lb, n, u, p))
    out = tmpl.replace('@FILE_TABLE@', '\n'.join(rows)).replace('@LIB_TABLE@', '\n'.join(lrows))
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write(out)


if __name__ == '__main__':
    sys.exit(main())
