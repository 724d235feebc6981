"""nngraph: neural-network graphs from legacy JSON formats, in MLIR.

A few calls take a model file to numbers::

    import nngraph, numpy as np
    model = nngraph.load("resnet18-symbol.json", params="resnet18-0000.params",
                         input_shapes={"data": (1, 3, 224, 224)})
    exe = nngraph.compile(model)
    (probs,) = exe(np.random.rand(1, 3, 224, 224).astype(np.float32))

Formats: those of nngraph's format registry (:data:`FORMATS` to load,
:data:`EXPORT_FORMATS` to export, :func:`formats` lists them) and MLIR text.
Every error is raised as :class:`DiagnosticError` with all the messages of
the call.
"""

import operator
import os
import time
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from ._diagnostics import Diagnostic, DiagnosticError
_HAVE_EXTENSION = True
try:
    from . import _nngraph
except ImportError as _error:
    _HAVE_EXTENSION = False
    # A package without the compiler extension (or with one that cannot
    # load): nngraph.runtime, which runs compiled model libraries, still
    # works; everything that compiles says why it cannot.
    class _MissingExtension:
        def __init__(self, error: ImportError):
            self._error = error

        def __getattr__(self, name):
            raise ImportError(
                "nngraph's compiler extension (nngraph._nngraph) is not "
                f"available: {self._error}; nngraph.runtime runs compiled "
                "model libraries without it")

    _nngraph = _MissingExtension(_error)

__all__ = ["load", "compile", "formats", "detect_format", "Model",
           "Executable", "TensorSpec", "LayerProfile", "Profile",
           "Diagnostic", "DiagnosticError", "FORMATS", "EXPORT_FORMATS",
           "release_compiler_memory"]

#: Formats :func:`load` reads (from the format registry).
FORMATS: Tuple[str, ...] = tuple(_nngraph.formats()) if _HAVE_EXTENSION else ()
#: Formats :meth:`Model.export` writes (from the format registry).
EXPORT_FORMATS: Tuple[str, ...] = (tuple(_nngraph.export_formats())
                                   if _HAVE_EXTENSION else ())


def release_compiler_memory() -> int:
    """Gives back to the system what compiling used and running does not:
    the heap compilation freed and the resident pages of LLVM's and MLIR's
    code (about 115 MB once a model is compiled), as nngraph-run does after
    compiling. For a process that compiles its models, then serves them:
    compiling again afterwards works, reading those pages back from disk.
    Returns the bytes of mappings advised (0 where the system has no
    MADV_PAGEOUT)."""
    return _nngraph.release_compiler_memory()


def formats() -> List[str]:
    """The formats :func:`load` reads, as the format registry lists them."""
    return list(FORMATS)


def detect_format(path: Union[str, os.PathLike]) -> str:
    """The format :func:`load` detects for the file ``path`` ("" when it is
    JSON of none of the formats)."""
    return _nngraph.detect_format(os.fspath(path))

_NUMPY_DTYPES = {
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "bool": np.bool_,
}


class TensorSpec(NamedTuple):
    """A graph input or output: name, shape (a tuple with None for dynamic
    sizes, or None when the rank is unknown) and dtype name ("float32")."""

    name: str
    shape: Optional[Tuple[Optional[int], ...]]
    dtype: str

    @property
    def numpy_dtype(self) -> Optional[np.dtype]:
        """The NumPy dtype, or None when NumPy has none."""
        t = _NUMPY_DTYPES.get(self.dtype)
        return np.dtype(t) if t is not None else None


def _spec(t) -> TensorSpec:
    name, shape, dtype = t[0], t[1], t[2]
    return TensorSpec(name, tuple(shape) if shape is not None else None, dtype)


def _input_shapes(input_shapes) -> List[tuple]:
    """(name, dims with None for unknown sizes, dtype) per input: a dict
    gives dims, strings "name=1x3x224x224" are parsed by the library."""
    if input_shapes is None:
        return []
    if isinstance(input_shapes, dict):
        return [(name, [None if d is None else int(d) for d in shape], "")
                for name, shape in input_shapes.items()]
    return [tuple(s) if isinstance(s, tuple) else
            _nngraph.parse_input_shape(str(s)) for s in input_shapes]


def _plan(inputs, weight_names=(), named_names=(), random_inputs=None,
          random_weights=None):
    """The library's input-binding policy (nngraph-run's): for
    ``inputs`` as (name, is_weight, has_static_shape), the source of each
    value (source, seed, low, high) and the missing-weights and
    missing-inputs messages."""
    return _nngraph.plan_inputs(list(inputs), list(weight_names),
                                list(named_names), random_inputs,
                                random_weights)


def _static(shape) -> bool:
    return shape is not None and None not in shape


class Model:
    """An imported graph with its weights.

    Weights of NNVM models stay graph inputs (as in the source file); their
    values, from ``params`` or ``random_weights``, are in :attr:`weights`
    and are bound when the model is compiled or exported with a params file.
    """

    def __init__(self, module: "_nngraph.Module",
                 weights: Optional[Dict[str, np.ndarray]] = None):
        self._module = module
        self.weights: Dict[str, np.ndarray] = dict(weights or {})

    @property
    def source_format(self) -> str:
        """The format the model was read from, as its importer records it
        ("" for MLIR)."""
        return self._module.source_format

    def _is_weight(self, t) -> bool:
        # Marked as a weight by the importer (role "weight"; MXNet/NNVM mark
        # the variables of parameter slots), or given a value by the params
        # file (TVM kernel-call inputs, which have no slots).
        return t[3] or t[0] in self.weights

    @property
    def inputs(self) -> List[TensorSpec]:
        """The data inputs (weights excluded), in order."""
        return [_spec(t) for t in self._module.inputs if not self._is_weight(t)]

    @property
    def weight_specs(self) -> List[TensorSpec]:
        """The weight inputs, in order (values in :attr:`weights`)."""
        return [_spec(t) for t in self._module.inputs if self._is_weight(t)]

    @property
    def outputs(self) -> List[TensorSpec]:
        """The graph outputs, in order."""
        return [_spec(t) for t in self._module.outputs]

    def op_stats(self) -> Dict[str, int]:
        """How many operations of each kind the graph has (custom ops as
        ``nngraph.custom:<op_type>``)."""
        return dict(self._module.op_stats())

    def mlir(self, debug_info: bool = False, elide_large: bool = False) -> str:
        """The module as MLIR text; ``debug_info`` prints node-name
        locations, ``elide_large`` elides big constants."""
        return self._module.mlir(debug_info, elide_large)

    def run_passes(self, pipeline: str) -> "Model":
        """Runs an MLIR pass pipeline on the model in place, e.g.
        ``"builtin.module(func.func(nngraph-infer-shapes))"``. Returns self."""
        self._module.run_passes(pipeline)
        return self

    def export(self, format: str, path: Optional[str] = None,
               params_path: Optional[str] = None) -> Optional[str]:
        """Writes the model as ``format`` (one of :data:`EXPORT_FORMATS`).

        Returns the text when ``path`` is None, else writes it there. For
        the NNVM family, ``params_path`` also writes the weights (all must
        have values) as a ``.params`` file of that flavour.
        """
        module = self._module
        if params_path is not None:
            module = module.clone()
            self._check_weights()
            module.bind_weights(self.weights)
        text = module.export(format, params_path)
        if path is None:
            return text
        with open(path, "w") as f:
            f.write(text)
        return None

    def _check_weights(self) -> None:
        """Raises ValueError when a weight has no value."""
        specs = self.weight_specs
        _, missing, _ = _plan([(s.name, True, True) for s in specs],
                              weight_names=self.weights)
        if missing:
            raise ValueError(missing + " (load with params= or random_weights=)")

    def __repr__(self) -> str:
        ins = ", ".join(f"{s.name}: {s.dtype}{list(s.shape) if s.shape is not None else '[*]'}"
                        for s in self.inputs)
        outs = ", ".join(s.name for s in self.outputs)
        return (f"<nngraph.Model {self.source_format or 'mlir'} ({ins}) -> "
                f"({outs}), {len(self.weight_specs)} weights>")


def load(path: Union[str, os.PathLike], format: Optional[str] = None,
         params: Optional[Union[str, os.PathLike]] = None,
         input_shapes=None, random_weights: Optional[int] = None,
         strict: bool = False, lenient: bool = False,
         undefined_as_inputs: bool = False) -> Model:
    """Imports a model file.

    Args:
      path: the model (JSON of a supported format, or .mlir).
      format: one of :data:`FORMATS`; detected from the content when None.
      params: a ``.params`` file (MXNet or TVM) with the weights.
      input_shapes: shapes of graph inputs the file leaves open, as a dict
        ``{"data": (1, 3, 224, 224)}`` or strings ``"data=1x3x224x224"``.
      random_weights: a seed: weights without values (inputs the importer
        marks as weights: XOC and LightNet weights, MXNet/NNVM inputs of
        weight, bias, gamma/beta and moving statistics slots) get
        deterministic uniform values in [-0.5, 0.5), the same as
        ``nngraph-run --random-weights SEED`` gives them. TVM graph-executor
        kernels do not tell weights from data: their weights are the inputs
        that ``params`` gives values.
      strict: unknown operators are errors instead of ``nngraph.custom``.
      lenient: LightNet only: strip comments and trailing commas.
      undefined_as_inputs: LightNet only: tensors used but never defined
        become graph inputs (with a warning) instead of errors.

    Raises:
      DiagnosticError: with every message of the importer.
      FileNotFoundError: when a file cannot be read.
    """
    module = _nngraph.Module.load(os.fspath(path), format,
                                  _input_shapes(input_shapes), strict,
                                  lenient, undefined_as_inputs)
    weights: Dict[str, np.ndarray] = {}
    if params is not None:
        if not os.path.exists(params):
            raise FileNotFoundError(f"cannot read weights '{params}'")
        weights = _nngraph.read_weights(os.fspath(params))
    model = Model(module)
    specs = [_spec(t) for t in module.inputs]
    choices, _, _ = _plan([(s.name, t[3], _static(s.shape))
                           for s, t in zip(specs, module.inputs)],
                          weight_names=weights, random_weights=random_weights)
    for spec, (source, seed, low, high) in zip(specs, choices):
        if source == "weights":
            model.weights[spec.name] = weights[spec.name]
        elif source == "random-weight":
            model.weights[spec.name] = _nngraph.random_array(
                list(spec.shape), spec.dtype, seed, low, high)
    return model


# The CUDA runtime beside this package when installed (the build tree's
# otherwise), unless the environment names one.
_cuda_runtime = os.path.join(os.path.dirname(__file__),
                             "libnngraph_cuda_runtime.so")
if os.path.exists(_cuda_runtime):
    os.environ.setdefault("NNGRAPH_CUDA_RUNTIME_LIB", _cuda_runtime)


def _runtime_libs() -> List[str]:
    """The shared libraries compiled code calls: the copy of
    libnngraph_runtime.so beside this package when installed."""
    libs = list(_nngraph.default_shared_libs())
    here = os.path.join(os.path.dirname(__file__), "libnngraph_runtime.so")
    if os.path.exists(here):
        libs = [lib for lib in libs
                if not lib.endswith("libnngraph_runtime.so")] + [here]
    return libs


class LayerProfile(NamedTuple):
    """One layer of a :class:`Profile`: its rank by median time, node name
    (from the model file), operation ("nngraph.conv"), begin/end pairs over
    all timed runs, median and mean milliseconds per run, total milliseconds
    over the runs, and its share of a profiled run's median time with the
    running sum of shares, in percent."""

    rank: int
    name: str
    op: str
    calls: int
    median_ms: float
    mean_ms: float
    total_ms: float
    percent: float
    cumulative_percent: float


class Profile:
    """The per-layer profile :meth:`Executable.profile` returns: the layers
    by median time (:attr:`rows`, largest first); medians per run of the
    layers together (:attr:`layers_ms`, the sum of theirs), of a whole
    profiled run (:attr:`run_ms`; mean :attr:`run_mean_ms`) and of what the
    layers leave out (:attr:`outside_ms`); with ``baseline``, the median and
    mean of an unprofiled run (:attr:`unprofiled_ms`,
    :attr:`unprofiled_mean_ms`, else None); and :attr:`outputs` of the last
    profiled run. ``str()`` gives the table ``nngraph-run --profile``
    prints."""

    def __init__(self, rows, totals, table: str, outputs):
        self.rows: List[LayerProfile] = [LayerProfile(*r) for r in rows]
        (self.runs, self.warmup, self.layers_ms, self.run_ms,
         self.run_mean_ms, self.outside_ms, self.unprofiled_ms,
         self.unprofiled_mean_ms) = totals
        self.table = table
        self.outputs: List[np.ndarray] = list(outputs)

    def __str__(self) -> str:
        return self.table

    def __repr__(self) -> str:
        return (f"<nngraph.Profile {len(self.rows)} layers, {self.runs} runs, "
                f"{self.run_ms:.3f} ms per run>")


class Executable:
    """A model compiled for the CPU; call it with NumPy arrays."""

    def __init__(self, exe: Optional["_nngraph.Executable"],
                 weights: Dict[str, np.ndarray], profile: bool = False,
                 model: Optional[Model] = None, specialise=None):
        # With open input sizes, `exe` is None and `specialise` compiles the
        # model for the data shapes of a call (cached per signature).
        self._exe = exe
        self._specialise = specialise
        self._compiled: Dict[tuple, "_nngraph.Executable"] = {}
        self._layers_compiled = profile
        if exe is not None:
            self._specs = [_spec(t) for t in exe.inputs]
            self._output_specs = [_spec(t) for t in exe.outputs]
        else:
            self._specs = [_spec(t) for t in model._module.inputs]
            self._output_specs = model.outputs
        self._weights = [weights.get(s.name) for s in self._specs]
        self._data_positions = [i for i, s in enumerate(self._specs)
                                if s.name not in weights]
        # (model, options) for save(); set by compile() for the CPU.
        self._library = None

    def save(self, path: Union[str, os.PathLike],
             weights_path: Optional[Union[str, os.PathLike]] = None,
             target_cpu: Optional[str] = None, threads: int = 1) -> None:
        """Compiles the model ahead of time into the shared library ``path``
        (as ``nngraph-compile`` does) with its weights in ``weights_path``
        (default: ``path`` with ``.weights`` for ``.so``, where the library
        looks for them). The library exports the C API of
        ``include/nngraph-c/Runtime.h`` and needs neither LLVM nor MLIR;
        :func:`nngraph.runtime.load` runs it from Python. ``target_cpu``:
        LLVM's name of the CPU to compile for ("x86-64-v3", "znver1", ...;
        default: this host's); ``threads``: the threads of its parallel
        loops (above 1, the library needs the OpenMP runtime).

        Raises:
          DiagnosticError: when compiling or linking fails (an unknown
            CPU, no C compiler driver to link with).
          ValueError: for a weight without a value or a model compiled for
            another target than "cpu" or with open input sizes.
        """
        if self._library is None:
            raise ValueError("only models compiled for target 'cpu' can be "
                             "saved as a library")
        if self._specialise is not None and self._exe is None:
            raise ValueError("the model's input sizes are open: compile it "
                             "with input_shapes= to save it")
        if isinstance(threads, bool) or not isinstance(threads, int) \
                or threads < 1:
            raise ValueError(f"threads must be a positive integer, got "
                             f"{threads!r}")
        model, options = self._library
        model._check_weights()
        # The C runtime and the table's header beside this package (an
        # installed one has no build tree); "" : the build's own.
        here = os.path.dirname(__file__)
        archive = os.path.join(here, "libnngraph_aot_runtime.a")
        header = os.path.join(here, "AOTModel.h")
        _nngraph.compile_library(
            model._module, os.fspath(path), model.weights,
            options["opt_level"], threads, options["winograd"],
            options["input_shapes"], target_cpu or "",
            os.fspath(weights_path) if weights_path is not None else "",
            archive if os.path.exists(archive) else "",
            here if os.path.exists(header) else "")

    @property
    def inputs(self) -> List[TensorSpec]:
        """The data inputs the call takes, in order (None for a size that
        is open until a call gives it)."""
        return [self._specs[i] for i in self._data_positions]

    @property
    def outputs(self) -> List[TensorSpec]:
        """The outputs the call returns, in order (with the sizes of the
        last call where the model's input sizes are open)."""
        if self._exe is not None:
            return [_spec(t) for t in self._exe.outputs]
        return list(self._output_specs)

    @property
    def threads(self) -> Optional[int]:
        """The threads the model's parallel loops run on (1: in sequence);
        None before the first call of a model with open input sizes."""
        return self._exe.threads if self._exe is not None else None

    @property
    def specialisations(self) -> List[tuple]:
        """The data input shapes the model was compiled for, one tuple of
        shapes per signature, where its input sizes are open (each call
        with new shapes compiles once and is cached); [] otherwise."""
        return list(self._compiled)

    def _for(self, arrays: list) -> "_nngraph.Executable":
        """The compiled program for the data shapes of `arrays`."""
        if self._specialise is None:
            return self._exe
        key = tuple(tuple(int(d) for d in np.shape(arrays[i]))
                    for i in self._data_positions)
        exe = self._compiled.get(key)
        if exe is None:
            names = [self._specs[i].name for i in self._data_positions]
            exe = self._specialise(dict(zip(names, key)))
            self._compiled[key] = exe
        self._exe = exe
        return exe

    def _arrays(self, args, kwargs) -> list:
        specs = self.inputs
        if len(args) > len(specs):
            raise TypeError(f"the model takes {len(specs)} inputs, got "
                            f"{len(args)} positional arrays")
        given: Dict[str, object] = {}
        for spec, a in zip(specs, args):
            given[spec.name] = a
        names = {s.name for s in specs}
        for name, a in kwargs.items():
            if name not in names:
                raise TypeError(f"the model has no input '{name}' (inputs: "
                                + ", ".join(sorted(names)) + ")")
            if name in given:
                raise TypeError(f"input '{name}' given twice")
            given[name] = a
        _, _, missing = _plan([(s.name, False, True) for s in specs],
                              named_names=given)
        if missing:
            raise TypeError(missing)
        arrays = list(self._weights)
        for pos, spec in zip(self._data_positions, specs):
            a = given[spec.name]
            if not isinstance(a, np.ndarray):
                a = np.asarray(a, dtype=spec.numpy_dtype)
            elif not a.flags.c_contiguous:
                a = np.ascontiguousarray(a)
            arrays[pos] = a
        return arrays

    def __call__(self, *arrays, **named_arrays) -> List[np.ndarray]:
        """Runs the model on the data inputs (positional in order, or by
        name) and returns the outputs as new arrays. Inputs are passed
        without copying when they are C-contiguous arrays of the right
        dtype; a wrong dtype raises TypeError, a wrong shape ValueError.
        The GIL is released while the model runs."""
        bound = self._arrays(arrays, named_arrays)
        return self._for(bound).run(bound)

    def rebind_weights(self) -> None:
        """Prepares the weights again at the next call.

        The work that depends only on the weights (layout permutations of
        convolution weights, ...) runs at the first call and its results
        are kept. Call this after changing a weight array of
        :attr:`Model.weights` in place; a model compiled again with other
        weights needs no call."""
        for exe in self._compiled.values() or [self._exe]:
            exe.rebind_weights()

    @property
    def prepared_bytes(self) -> int:
        """Bytes of prepared weights held (after the first call); 0 when
        nothing depends on the weights alone or the split is off."""
        return self._exe.prepared_bytes if self._exe is not None else 0

    def benchmark(self, *arrays, repeat: int = 10, warmup: int = 1,
                  **named_arrays) -> Dict[str, float]:
        """Runs the model ``warmup`` + ``repeat`` times on the same inputs
        and returns timings in seconds: min, median, mean, max, repeat."""
        bound = self._arrays(arrays, named_arrays)
        exe = self._for(bound)
        for _ in range(warmup):
            exe.run(bound)
        times = []
        for _ in range(max(1, repeat)):
            t = time.perf_counter()
            exe.run(bound)
            times.append(time.perf_counter() - t)
        times.sort()
        return {"min": times[0], "median": times[len(times) // 2],
                "mean": sum(times) / len(times), "max": times[-1],
                "repeat": len(times)}

    @property
    def layers(self) -> List[Tuple[str, str]]:
        """(node name, operation) of each timed layer, in graph order; empty
        unless compiled with ``profile=True``."""
        return [tuple(t) for t in self._exe.layers] \
            if self._exe is not None else []

    def profile(self, *arrays, runs: int = 10, warmup: int = 1,
                baseline: Optional["Executable"] = None,
                **named_arrays) -> Profile:
        """Times each layer: runs the model ``warmup`` + ``runs`` times on
        the data inputs (as for a call) and returns the :class:`Profile`.
        Needs ``compile(..., profile=True)``. ``baseline``, the same model
        compiled without profiling, runs before each profiled run, so that
        the profile also gives the unprofiled run time. The GIL is released
        while the model runs.

        Raises:
          ValueError: when the model was compiled without profiling, or
            ``baseline`` has other inputs or outputs.
        """
        if not self._layers_compiled:
            raise ValueError("the model was compiled without profiling "
                             "(use nngraph.compile(model, profile=True))")
        if baseline is not None and (baseline.inputs != self.inputs or
                                     baseline.outputs != self.outputs):
            raise ValueError("the baseline is not the same model (its "
                             "inputs or outputs differ)")
        bound = self._arrays(arrays, named_arrays)
        self._for(bound)
        rows, totals, table, outputs = self._exe.profile(
            bound, runs, warmup,
            baseline._exe if baseline is not None else None)
        return Profile(rows, totals, table, outputs)


def compile(model: Model, target: str = "cpu", opt_level: int = 3,
            fuse_elementwise: bool = True,
            profile: bool = False,
            lift_weight_transforms: bool = True,
            threads: Optional[int] = None,
            winograd: int = 4, input_shapes=None,
            chip: Optional[str] = None) -> Executable:
    """Compiles ``model`` for ``target``: "cpu" (nngraph-cpu-pipeline and
    the project's JIT) or "cuda" (an NVIDIA GPU: nngraph-gpu-pipeline, the
    kernels compiled for ``chip``, default the device's own, e.g. "sm_90";
    inputs and weights are copied to the device, the outputs back; the
    CUDA driver is loaded at run time, and without one compiling raises
    DiagnosticError "no CUDA driver found: ...").

    With ``profile``, each kernel of the compiled program is timed and
    labelled by the layers it computes (nngraph-profile-layers,
    nngraph-profile-kernels): :meth:`Executable.profile` gives the time per
    kernel. The profiled build is the plain build with timing hooks between
    its kernels: the same code and the same outputs.

    Every weight needs a value. A graph whose inputs have open sizes (an
    MXNet symbol file loaded without ``input_shapes``) is specialised to
    ``input_shapes`` (a dict ``{"data": (1, 3, 224, 224)}``) and to the
    shapes of the model's weights: the sizes flow through the graph and the
    weights' open sizes follow from the data (nngraph-infer-shapes). Data
    inputs whose sizes stay open are given them by the calls: the
    Executable compiles the model for each new signature of input shapes,
    at the call that brings it, and keeps it
    (:attr:`Executable.specialisations`). With
    ``lift_weight_transforms`` the work that depends only on the weights
    runs once, at the first call (see :meth:`Executable.rebind_weights`);
    without, at every call. The model's parallel loops run on ``threads``
    threads (OpenMP; 1: in sequence); None: the environment variable
    NNGRAPH_NUM_THREADS when set, else the number of CPUs this process may
    use.

    The LLVM IR is optimised and compiled on several threads, one
    partition of the module each: the environment variable
    NNGRAPH_COMPILE_THREADS when set, else the number of CPUs (at most 8).

    3x3 stride-1 convolutions with enough output tiles run as Winograd's
    F(m x m, 3 x 3) with m = ``winograd`` (4 or 2; 0: direct convolutions
    only): fewer products, results within about 1e-6 of the output's
    magnitude of the direct ones (nngraph-cpu-winograd).

    Raises:
      DiagnosticError: when lowering or code generation fails, when
        NNGRAPH_NUM_THREADS or NNGRAPH_COMPILE_THREADS is not a positive
        integer, or when threads need the OpenMP runtime and this build
        has none.
      ValueError: for an unknown target, a thread count below 1, a
        ``winograd`` other than 0, 2 or 4 or weights without values.
    """
    if target not in ("cpu", "cuda"):
        raise ValueError(f"unknown target '{target}' (expected 'cpu' or "
                         f"'cuda')")
    if target == "cuda" and profile:
        raise ValueError("profile=True times the CPU build's layers; for "
                         "the GPU's kernels use nngraph-run --target cuda "
                         "--profile")
    if threads is not None:
        count = None
        if not isinstance(threads, bool):
            try:
                count = operator.index(threads)  # int, NumPy integers
            except TypeError:
                pass
        if count is None or count < 1:
            raise ValueError(f"threads must be a positive integer or None, "
                             f"got {threads!r}")
        threads = count
    if isinstance(winograd, bool) or winograd not in (0, 2, 4):
        raise ValueError(f"winograd must be 0, 2 or 4, got {winograd!r}")
    shapes = {name: [int(d) for d in np.shape(value)]
              for name, value in model.weights.items()}
    for name, shape in (input_shapes or {}).items():
        shapes[str(name)] = [int(d) for d in shape]

    def specialise(data_shapes):
        return _nngraph.Executable.compile(
            model._module, opt_level, fuse_elementwise, _runtime_libs(),
            profile, lift_weight_transforms, threads or 0, winograd,
            {**shapes, **{k: list(v) for k, v in data_shapes.items()}},
            target, chip or "")

    # Data inputs with open sizes that input_shapes does not give: the
    # model compiles at each call with new shapes (cached per signature).
    open_inputs = [s.name for s in model.inputs
                   if not _static(s.shape) and s.name not in shapes]
    if open_inputs and all(s.shape is not None for s in model.inputs):
        model._check_weights()
        return Executable(None, model.weights, profile, model=model,
                          specialise=specialise)
    # Errors of the graph itself (open shapes) come before missing values.
    exe = specialise({})
    model._check_weights()
    result = Executable(exe, model.weights, profile)
    if target == "cpu":
        result._library = (model, {"opt_level": opt_level,
                                   "winograd": winograd,
                                   "input_shapes": shapes})
    return result
