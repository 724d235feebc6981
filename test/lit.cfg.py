# -*- Python -*-
# lit configuration of the nngraph regression tests.

import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "NNGRAPH"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.nngraph_obj_root, "test")

config.environment["FILECHECK_OPTS"] = (
    "-enable-var-scope --allow-unused-prefixes=false"
)

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The real-model corpus lives beside the project; tests that read it must
# skip with a printed reason when it is absent.
corpus = os.path.normpath(os.path.join(config.nngraph_src_root, "..", "shared", "corpus"))
config.substitutions.append(("%corpus", corpus))
if os.path.isdir(corpus):
    config.available_features.add("corpus")
else:
    lit_config.note("no corpus at %s: tests that REQUIRE corpus are skipped" % corpus)

# Graphviz (installed by utils/setup.sh) validates the DOT exporter's output.
if lit.util.which("dot"):
    config.available_features.add("graphviz")
else:
    lit_config.note("no Graphviz 'dot' on PATH: tests that REQUIRE graphviz are skipped")

# Reference runtimes for the numerics tests, from the project's virtual
# environment (utils/setup.sh installs them).
import subprocess
for module in ["mxnet", "onnxruntime", "onnx"]:
    try:
        found = subprocess.run([config.python_executable, "-c", "import " + module],
                               capture_output=True, timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        found = False
    if found:
        config.available_features.add(module)
    else:
        lit_config.note("Python module %s not importable from %s: tests that "
                        "REQUIRE it are skipped" % (module, config.python_executable))

config.substitutions.append(("%nngraph_src", config.nngraph_src_root))
# lit's default substitutions already define %python as lit's own
# interpreter and the first match wins; use the project's virtual environment.
config.substitutions = [s for s in config.substitutions if s[0] != "%python"]
config.substitutions.append(("%python", config.python_executable))

# Runtime libraries of mlir-runner for the CPU integration tests.
llvm_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
for lib in ["mlir_runner_utils", "mlir_c_runner_utils"]:
    config.substitutions.append(
        ("%" + lib, os.path.join(llvm_lib_dir, "lib" + lib + ".so")))

# The project's runtime library (nngraph.print).
config.substitutions.append(
    ("%nngraph_runtime",
     os.path.join(config.nngraph_obj_root, "lib", "libnngraph_runtime.so")))

# The OpenMP runtime that threaded code calls (utils/setup.sh installs it):
# tests that run code on threads REQUIRE openmp.
if config.nngraph_openmp_lib and os.path.exists(config.nngraph_openmp_lib):
    config.available_features.add("openmp")
    config.substitutions.append(("%libomp", config.nngraph_openmp_lib))
else:
    lit_config.note("no OpenMP runtime (libomp): tests that REQUIRE openmp "
                    "are skipped")

# CUDA: the driver (libcuda.so.1) and a GPU it sees make "cuda-gpu" (the
# tests of test/Integration/GPU run only then); without a driver,
# "no-cuda-driver" (the runtime's error path is tested). The CUDA toolkit's
# ptxas on PATH makes "ptxas" (cubin assembly).
import ctypes
import shutil
cuda_gpus = 0
try:
    libcuda = ctypes.CDLL("libcuda.so.1")
    count = ctypes.c_int(0)
    if libcuda.cuInit(0) == 0 and libcuda.cuDeviceGetCount(ctypes.byref(count)) == 0:
        cuda_gpus = count.value
except OSError:
    config.available_features.add("no-cuda-driver")
if cuda_gpus > 0:
    config.available_features.add("cuda-gpu")
else:
    lit_config.note("no CUDA GPU: the GPU execution tests (REQUIRES: cuda-gpu) are skipped")
if shutil.which("ptxas"):
    config.available_features.add("ptxas")
else:
    lit_config.note("no ptxas on PATH (CUDA toolkit): GPU kernels are checked as PTX, not assembled")

# Model libraries (nngraph-compile) are linked, and the programs that load
# them built, by the system's C compiler driver: %cc, with the C API's
# headers in %nngraph_include.
cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("cc")
if cc:
    config.available_features.add("cc")
    config.substitutions.append(("%cc", cc))
else:
    lit_config.note("no C compiler driver (cc): the nngraph-compile tests are skipped")
config.substitutions.append(
    ("%nngraph_include", os.path.join(config.nngraph_src_root, "include")))
# The Python package of this build (not in the sanitizer build, which has
# no Python bindings): tests of nngraph.runtime REQUIRE nngraph-python.
python_packages = os.path.join(config.nngraph_obj_root, "python_packages")
config.substitutions.append(("%nngraph_pythonpath", python_packages))
if os.path.exists(os.path.join(python_packages, "nngraph", "runtime.py")):
    config.available_features.add("nngraph-python")
else:
    lit_config.note("no Python package in this build: tests that REQUIRE "
                    "nngraph-python are skipped")

tool_dirs = [config.nngraph_tools_dir, config.llvm_tools_dir]
tools = [
    "nngraph-opt",
    "nngraph-translate",
    "nngraph-run",
    "nngraph-compile",
    "nngraph-lsp-server",
    "mlir-opt",
    "mlir-runner",
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
