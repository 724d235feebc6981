"""Runs model libraries made by ``nngraph-compile`` (or
:meth:`nngraph.Executable.save`), through their C API (``include/nngraph-c/
Runtime.h``) with :mod:`ctypes`: no compiler, no LLVM, no MLIR, and not the
``nngraph._nngraph`` extension either, only NumPy::

    import nngraph.runtime, numpy as np
    model = nngraph.runtime.load("resnet18.so")   # resnet18.weights beside it
    (probs,) = model(np.load("input.npy"))

Every failure is raised as :class:`nngraph.runtime.RuntimeError` with the
library's message and status.
"""

import ctypes
import os
import struct
from typing import List, NamedTuple, Optional, Tuple, Union

import numpy as np

__all__ = ["load", "Model", "TensorSpec", "RuntimeError", "API_VERSION"]

#: The version of the C API this module speaks (NNGRAPH_C_API_VERSION).
API_VERSION = 1

# nngraph_dtype, in the order of the enum.
_DTYPES = ["float32", "float16", "float64", "int8", "int16", "int32",
           "int64", "uint8", "bool"]

_STATUS = {0: "ok", 1: "io", 2: "weights", 3: "invalid argument",
           4: "out of memory"}


class RuntimeError(Exception):  # noqa: A001 - the runtime's own error
    """A failure of a model library: ``status`` is its nngraph_status
    name ("io", "weights", "invalid argument", "out of memory", or "load"
    when the library itself could not be loaded)."""

    def __init__(self, message: str, status: str):
        super().__init__(message)
        self.status = status


class TensorSpec(NamedTuple):
    """An input or output of a compiled model: name, shape, dtype name."""

    name: str
    shape: Tuple[int, ...]
    dtype: str


class _TensorInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("dtype", ctypes.c_int),
                ("rank", ctypes.c_int32),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("byte_size", ctypes.c_size_t)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("dtype", ctypes.c_int),
                ("rank", ctypes.c_int32),
                ("shape", ctypes.POINTER(ctypes.c_int64))]


def _bind(lib: ctypes.CDLL) -> None:
    p = ctypes.c_void_p
    lib.nngraph_api_version.restype = ctypes.c_int
    lib.nngraph_last_error.restype = ctypes.c_char_p
    lib.nngraph_model_load.argtypes = [ctypes.c_char_p, ctypes.POINTER(p)]
    lib.nngraph_model_load.restype = ctypes.c_int
    lib.nngraph_model_free.argtypes = [p]
    lib.nngraph_model_free.restype = None
    for name in ("nngraph_model_num_inputs", "nngraph_model_num_outputs"):
        getattr(lib, name).argtypes = [p]
        getattr(lib, name).restype = ctypes.c_size_t
    for name in ("nngraph_model_input", "nngraph_model_output"):
        getattr(lib, name).argtypes = [p, ctypes.c_size_t,
                                       ctypes.POINTER(_TensorInfo)]
        getattr(lib, name).restype = ctypes.c_int
    lib.nngraph_model_run.argtypes = [p, ctypes.POINTER(_Tensor),
                                      ctypes.c_size_t,
                                      ctypes.POINTER(_Tensor),
                                      ctypes.c_size_t]
    lib.nngraph_model_run.restype = ctypes.c_int


class Model:
    """A model library loaded with its weights; call it with NumPy arrays
    (one per data input, positional or by name). Calls may come from
    several threads at once; the GIL is released while the model runs."""

    def __init__(self, lib: ctypes.CDLL, handle: ctypes.c_void_p, path: str):
        self._lib = lib
        self._handle = handle
        self.path = path
        self.inputs = self._specs(lib.nngraph_model_num_inputs,
                                  lib.nngraph_model_input)
        self.outputs = self._specs(lib.nngraph_model_num_outputs,
                                   lib.nngraph_model_output)

    def _specs(self, count, get) -> List[TensorSpec]:
        specs = []
        for i in range(count(self._handle)):
            info = _TensorInfo()
            self._check(get(self._handle, i, ctypes.byref(info)))
            specs.append(TensorSpec(info.name.decode(),
                                    tuple(info.shape[j]
                                          for j in range(info.rank)),
                                    _DTYPES[info.dtype]))
        return specs

    def _check(self, status: int) -> None:
        if status != 0:
            message = (self._lib.nngraph_last_error() or b"").decode()
            raise RuntimeError(message, _STATUS.get(status, str(status)))

    @staticmethod
    def _tensor(a: np.ndarray) -> _Tensor:
        shape = (ctypes.c_int64 * max(1, a.ndim))(*a.shape)
        dtype = _DTYPES.index(a.dtype.name) if a.dtype.name in _DTYPES else -1
        return _Tensor(a.ctypes.data, dtype, a.ndim, shape)

    def __call__(self, *arrays, **named_arrays) -> List[np.ndarray]:
        """Runs the model and returns its outputs as new arrays. Arrays are
        passed without copying when C-contiguous; a wrong dtype or shape
        raises RuntimeError naming the input."""
        if self._handle is None:
            raise ValueError("the model was closed")
        if len(arrays) > len(self.inputs):
            raise TypeError(f"the model takes {len(self.inputs)} inputs, "
                            f"got {len(arrays)}")
        given = {spec.name: a for spec, a in zip(self.inputs, arrays)}
        for name, a in named_arrays.items():
            if name not in {s.name for s in self.inputs} or name in given:
                raise TypeError(f"unknown or repeated input '{name}' "
                                f"(inputs: "
                                + ", ".join(s.name for s in self.inputs) + ")")
            given[name] = a
        missing = [s.name for s in self.inputs if s.name not in given]
        if missing:
            raise TypeError("missing inputs: " + ", ".join(missing))
        ins = [np.ascontiguousarray(given[s.name]) for s in self.inputs]
        outs = [np.empty(s.shape, dtype=np.dtype(s.dtype))
                for s in self.outputs]
        tin = (_Tensor * max(1, len(ins)))(*[self._tensor(a) for a in ins])
        tout = (_Tensor * max(1, len(outs)))(*[self._tensor(a) for a in outs])
        self._check(self._lib.nngraph_model_run(self._handle, tin, len(ins),
                                                tout, len(outs)))
        return outs

    def close(self) -> None:
        """Frees the model (also when it is garbage collected)."""
        if self._handle is not None:
            self._lib.nngraph_model_free(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __repr__(self) -> str:
        ins = ", ".join(f"{s.name}: {s.dtype}{list(s.shape)}"
                        for s in self.inputs)
        outs = ", ".join(s.name for s in self.outputs)
        return f"<nngraph.runtime.Model {self.path} ({ins}) -> ({outs})>"


def _check_elf(path: str) -> None:
    """Raises RuntimeError when ``path`` is not a whole ELF shared object:
    the dynamic loader maps a truncated one and the process dies of SIGBUS
    when it touches the missing pages, so the sizes are checked first."""
    try:
        with open(path, "rb") as f:
            data = f.read(64)
            size = os.fstat(f.fileno()).st_size
            if data[:4] != b"\x7fELF" or len(data) < 64 or data[4] != 2:
                raise RuntimeError(f"'{path}' is not a 64-bit ELF shared "
                                   f"library", "load")
            order = "<" if data[5] == 1 else ">"
            (phoff, shoff) = struct.unpack_from(order + "QQ", data, 32)
            (phentsize, phnum, shentsize, shnum) = struct.unpack_from(
                order + "HHHH", data, 54)
            for what, end in (("program headers", phoff + phentsize * phnum),
                              ("section headers", shoff + shentsize * shnum)):
                if end > size:
                    raise RuntimeError(
                        f"'{path}' is truncated: its {what} end at byte "
                        f"{end}, the file has {size} bytes", "load")
            f.seek(phoff)
            headers = f.read(phentsize * phnum)
            for i in range(phnum):
                (kind,) = struct.unpack_from(order + "I", headers,
                                             i * phentsize)
                (offset, _, _, filesz) = struct.unpack_from(
                    order + "QQQQ", headers, i * phentsize + 8)
                if kind == 1 and offset + filesz > size:  # PT_LOAD
                    raise RuntimeError(
                        f"'{path}' is truncated: its segment {i} ends at "
                        f"byte {offset + filesz}, the file has {size} bytes",
                        "load")
    except OSError as error:
        raise RuntimeError(f"cannot load the model library '{path}': "
                           f"{error}", "load") from None


def load(path: Union[str, os.PathLike],
         weights: Optional[Union[str, os.PathLike]] = None) -> Model:
    """Loads the model library ``path`` and its weights file (default: the
    library's path with ``.weights`` for ``.so``, where nngraph-compile
    writes it).

    Raises:
      RuntimeError: when the library cannot be loaded (status "load": not
        a shared library, truncated, missing) or is not a model library,
        or the weights file is missing, damaged or another model's.
    """
    path = os.fspath(path)
    _check_elf(path)
    try:
        # A path with a slash: dlopen must not search the library path.
        lib = ctypes.CDLL(os.path.abspath(path))
    except OSError as error:
        raise RuntimeError(f"cannot load the model library '{path}': {error}",
                           "load") from None
    if not hasattr(lib, "nngraph_model_load"):
        raise RuntimeError(f"'{path}' is not an nngraph model library (it "
                           f"exports no nngraph_model_load)", "load")
    _bind(lib)
    if lib.nngraph_api_version() != API_VERSION:
        raise RuntimeError(f"'{path}' speaks C API version "
                           f"{lib.nngraph_api_version()}, this module "
                           f"{API_VERSION}", "load")
    handle = ctypes.c_void_p()
    status = lib.nngraph_model_load(
        os.fsencode(weights) if weights is not None else None,
        ctypes.byref(handle))
    if status != 0:
        raise RuntimeError((lib.nngraph_last_error() or b"").decode(),
                           _STATUS.get(status, str(status)))
    return Model(lib, handle, path)
