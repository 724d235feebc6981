"""The error paths of nngraph.runtime on the libraries errors.test made in
the directory argv[1], one line each: what was tried, the error's status and
message. Then nngraph.runtime from a copy of the package without the
compiler extension: it runs the model, and compiling says why it cannot."""
import os
import shutil
import subprocess
import sys

import numpy as np
import nngraph.runtime as rt

d = sys.argv[1]


def attempt(what, call):
    try:
        call()
        print(f"{what}: no error")
    except rt.RuntimeError as e:
        print(f"{what}: {e.status}: {e}")
    except TypeError as e:
        print(f"{what}: TypeError: {e}")


attempt("truncated library", lambda: rt.load(f"{d}/truncated.so"))
attempt("not a model library", lambda: rt.load(f"{d}/x.npy"))
attempt("missing weights",
        lambda: rt.load(f"{d}/conv.so", weights=f"{d}/missing.weights"))
model = rt.load(f"{d}/conv.so")
attempt("wrong shape", lambda: model(np.load(f"{d}/wide.npy")))
attempt("missing input", lambda: model())

# The package without its compiler extension (_nngraph*.so).
package = os.path.dirname(os.path.dirname(rt.__file__))
copy = os.path.join(d, "runtime-only")
shutil.rmtree(copy, ignore_errors=True)
shutil.copytree(os.path.join(package, "nngraph"),
                os.path.join(copy, "nngraph"),
                ignore=shutil.ignore_patterns("_nngraph*.so", "*.so"))
script = f"""
import numpy as np, nngraph.runtime as rt
m = rt.load({f"{d}/conv.so"!r})
y = m(np.load({f"{d}/x.npy"!r}))[0]
print("without the extension: nngraph.runtime runs", m.outputs[0].name,
      y.dtype, y.shape)
import nngraph
try:
    nngraph.load({f"{d}/x.npy"!r})
except ImportError as e:
    print("without the extension: compile raises ImportError:",
          str(e).split(":")[0])
"""
env = dict(os.environ, PYTHONPATH=copy)
sys.stdout.flush()
subprocess.run([sys.executable, "-c", script], env=env, check=True)
