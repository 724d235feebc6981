"""Type stubs of nngraph._nngraph, the C++ core of the nngraph package."""

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

# (name, shape or None when unranked (None for a dynamic size), dtype,
#  is_weight)
_TensorTuple = Tuple[str, Optional[List[Optional[int]]], str, bool]
# (name, static shape, dtype, is_weight)
_InfoTuple = Tuple[str, List[int], str, bool]

# (name, dims with None for an unknown size, element type or "")
_ShapeTuple = Tuple[str, List[Optional[int]], str]
# (source, seed, low, high); source is "weights", "named", "random-weight",
# "random-data" or "missing"
_ChoiceTuple = Tuple[str, int, float, float]

def formats() -> List[str]:
    """The formats Module.load reads, from the format registry."""

def export_formats() -> List[str]:
    """The formats Module.export writes, from the format registry."""

def detect_format(path: str) -> str:
    """The format of a model file, as loading detects it ("" for none)."""

def parse_input_shape(spec: str) -> _ShapeTuple:
    """(name, dims, dtype) of "name=1x3x?x8"; raises ValueError."""

def plan_inputs(inputs: Sequence[Tuple[str, bool, bool]],
                weight_names: Sequence[str], named_names: Sequence[str],
                random_inputs: Optional[int],
                random_weights: Optional[int]
                ) -> Tuple[List[_ChoiceTuple], str, str]:
    """Where each input's value comes from (nngraph-run's binding policy),
    and the missing-weights and missing-inputs messages."""

def summarize(name: str, array: np.ndarray, top_k: int = 0) -> str:
    """nngraph-run's summary of an output array (no trailing newline)."""

def default_shared_libs() -> List[str]:
    """The shared libraries compiled models call, as this build has them."""

def release_compiler_memory() -> int:
    """Gives back the memory compiling used and running does not (freed
    heap, the compiler's code pages); returns the bytes advised."""

def openmp_library() -> str:
    """The OpenMP runtime threaded models call, as this build found it
    ("" for none)."""

def compile_library(module: Module, path: str, weights: Dict[str, np.ndarray],
                    opt_level: int = 3, threads: int = 1, winograd: int = 4,
                    input_shapes: Dict[str, List[int]] = ...,
                    cpu: str = "", weights_path: str = "",
                    runtime_archive: str = "", include_dir: str = "") -> None:
    """Compiles the module into a shared library with the C API of
    nngraph-c/Runtime.h and writes its weights file. Raises
    DiagnosticError, or ValueError for a weight without a value."""

def read_weights(path: str) -> Dict[str, np.ndarray]:
    """The arrays of a weights file by name, as read-only views of the
    file's data. Raises DiagnosticError."""

def random_array(shape: Sequence[int], dtype: str, seed: int, low: float,
                 high: float) -> np.ndarray:
    """Deterministic uniform values in [low, high), as nngraph-run makes
    them."""

def weight_seed(seed: int, name: str) -> int:
    """The seed nngraph-run uses for the random values of weight `name`."""

class Module:
    """An imported graph: an MLIR module in its own context."""

    @staticmethod
    def load(path: str, format: Optional[str] = None,
             input_shapes: Sequence[_ShapeTuple] = ..., strict: bool = False,
             lenient: bool = False,
             undefined_as_inputs: bool = False) -> "Module":
        """Imports a model file; raises DiagnosticError."""
    @property
    def source_format(self) -> str: ...
    @property
    def inputs(self) -> List[_TensorTuple]: ...
    @property
    def outputs(self) -> List[_TensorTuple]: ...
    def op_stats(self) -> Dict[str, int]: ...
    def mlir(self, debug_info: bool = False, elide_large: bool = False) -> str: ...
    def run_passes(self, pipeline: str) -> None: ...
    def export(self, format: str, params_path: Optional[str] = None) -> str: ...
    def clone(self) -> "Module": ...
    def bind_weights(self, weights: Dict[str, np.ndarray]) -> None: ...

class Executable:
    """A model compiled for the CPU or a CUDA GPU."""

    @staticmethod
    def compile(module: Module, opt_level: int = 3,
                fuse_elementwise: bool = True,
                shared_libs: Sequence[str] = ...,
                profile: bool = False,
                lift_weight_transforms: bool = True,
                threads: int = 0, winograd: int = 4,
                input_shapes: Mapping[str, Sequence[int]] = ...,
                target: str = "cpu", chip: str = ""
                ) -> "Executable": ...
    @property
    def inputs(self) -> List[_InfoTuple]: ...
    @property
    def outputs(self) -> List[_InfoTuple]: ...
    @property
    def layers(self) -> List[Tuple[str, str]]:
        """(node, op) of each timed layer, by id (profile=True only)."""
    @property
    def threads(self) -> int: ...
    def run(self, arrays: Sequence[np.ndarray]) -> List[np.ndarray]:
        """Runs on one array per input (weights included); the GIL is
        released while the compiled code runs."""
    def profile(self, arrays: Sequence[np.ndarray], runs: int = 10,
                warmup: int = 1, baseline: Optional["Executable"] = None
                ) -> Tuple[List[Tuple[int, str, str, int, float, float, float,
                                      float, float]],
                           Tuple[int, int, float, float, float, float,
                                 Optional[float], Optional[float]],
                           str, List[np.ndarray]]:
        """(rows, totals, table, outputs) of `runs` profiled runs after
        `warmup`, each after a run of `baseline`; raises ValueError unless
        compiled with profile=True."""
    def rebind_weights(self) -> None:
        """The next run prepares the weights again."""
    @property
    def prepared_bytes(self) -> int: ...
