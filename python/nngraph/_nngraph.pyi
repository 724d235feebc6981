"""Type stubs of nngraph._nngraph, the C++ core of the nngraph package."""

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

# (name, shape or None when unranked (None for a dynamic size), dtype,
#  is_weight)
_TensorTuple = Tuple[str, Optional[List[Optional[int]]], str, bool]
# (name, static shape, dtype, is_weight)
_InfoTuple = Tuple[str, List[int], str, bool]

def formats() -> List[str]:
    """The formats Module.load reads."""

def default_shared_libs() -> List[str]:
    """The shared libraries compiled models call, as this build has them."""

def read_weights(path: str) -> Dict[str, np.ndarray]:
    """The arrays of a .params file (MXNet or TVM) by name, as read-only
    views of the file's data. Raises DiagnosticError."""

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
             input_shapes: Sequence[str] = ..., strict: bool = False,
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
    """A model compiled for the CPU."""

    @staticmethod
    def compile(module: Module, opt_level: int = 3,
                fuse_elementwise: bool = True,
                shared_libs: Sequence[str] = ...) -> "Executable": ...
    @property
    def inputs(self) -> List[_InfoTuple]: ...
    @property
    def outputs(self) -> List[_InfoTuple]: ...
    def run(self, arrays: Sequence[np.ndarray]) -> List[np.ndarray]:
        """Runs on one array per input (weights included); the GIL is
        released while the compiled code runs."""
