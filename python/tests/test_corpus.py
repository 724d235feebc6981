"""Every corpus file (../shared/corpus, beside the project) loads from
Python and exports to its own format; the non-JSON file is refused with a
DiagnosticError. Skipped, with the reason printed, without the corpus."""

import glob
import os
import warnings

import pytest

import nngraph
from conftest import ROOT, TEST

CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus"))
pytestmark = pytest.mark.skipif(not os.path.isdir(CORPUS),
                                reason=f"no corpus at {CORPUS}")


def shapes():
    table = {}
    path = os.path.join(TEST, "Target", "NNVM", "corpus-inputs.txt")
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            name, _, values = line.rstrip("\n").partition("\t")
            table[name] = values.split()
    return table


def files(folder):
    return sorted(glob.glob(os.path.join(CORPUS, folder, "*.json")))


OWN = {"nnvm-mxnet": None, "tvm-graph": "tvm", "lightnet": "lightnet",
       "xoc": "xoc"}


@pytest.mark.parametrize("folder", sorted(OWN))
def test_corpus_loads_and_exports(folder):
    table = shapes()
    paths = files(folder)
    assert paths, f"no files in {folder}"
    for path in paths:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                model = nngraph.load(path, input_shapes=table.get(
                    os.path.basename(path)))
            except nngraph.DiagnosticError:
                # LightNet files in the tools' own dialect: comments and
                # undefined tensors (see test/Target/LightNet/corpus.test).
                if folder != "lightnet":
                    raise
                model = nngraph.load(path, lenient=True,
                                     undefined_as_inputs=True)
            fmt = OWN[folder] or model.source_format
            again = model.export(fmt)
        assert again, path


def test_negative_file_is_refused():
    for path in files("negative"):
        with pytest.raises(nngraph.DiagnosticError) as info:
            nngraph.load(path)
        assert info.value.errors
