#!/usr/bin/env python3
# ===- utils/nnvm_params.py - write MXNet and TVM .params files -----------===//
#
# Part of the nngraph project.
#
# ===----------------------------------------------------------------------===//
#
# Writes MXNet (`mx.nd.save` of a dict) and TVM (`save_param_dict`) weight
# files without either framework, independently of the C++ codec, so that the
# lit tests can feed it known bytes. Only numpy is needed.
#
# Example:
#   nnvm_params.py --flavor mxnet --out w.params \
#       --tensor 'arg:fc_weight=float32:2x3:arange' --tensor 'aux:m=int64::7'
#
# Tensor specs are NAME=DTYPE:SHAPE:FILL; SHAPE is like 2x3, or empty or
# `scalar` for a 0-d tensor; FILL is arange, zeros, ones or a comma list of
# values. --truncate N drops the last N bytes, --patch OFFSET=HEX overwrites
# bytes and --append HEX adds some (for error tests); --mxnet-version picks
# the NDArray encoding (legacy, v1, v2, v3).
#
# ===----------------------------------------------------------------------===//

import argparse
import struct
import sys

import numpy as np

MXNET_LIST_MAGIC = 0x112
MXNET_MAGIC = {"v1": 0xF993FAC8, "v2": 0xF993FAC9, "v3": 0xF993FACA}
TVM_LIST_MAGIC = 0xF7E58D4F05049CB7
TVM_ARRAY_MAGIC = 0xDD5E40F096B4A13F

# dtype -> (numpy storage type, mshadow type flag, DLPack code, DLPack bits)
DTYPES = {
    "float32": ("<f4", 0, 2, 32),
    "float64": ("<f8", 1, 2, 64),
    "float16": ("<f2", 2, 2, 16),
    "bfloat16": ("<u2", 12, 4, 16),
    "uint8": ("u1", 3, 1, 8),
    "int8": ("i1", 5, 0, 8),
    "int32": ("<i4", 4, 0, 32),
    "int64": ("<i8", 6, 0, 64),
    "bool": ("u1", 7, 1, 1),
}


class Tensor:
    """A named array with one of the DTYPES names."""

    def __init__(self, dtype, array):
        if dtype not in DTYPES:
            raise ValueError("unknown dtype " + dtype)
        self.dtype = dtype
        self.array = np.array(array, dtype=DTYPES[dtype][0], order="C")


def _to_bfloat16_bits(values):
    """Rounds float32 values to bfloat16 (nearest even), as uint16 bits."""
    bits = np.asarray(values, dtype="<f4").view("<u4").astype(np.uint64)
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16).astype("<u2")


def make_tensor(dtype, shape, fill):
    """Builds a Tensor of `shape` filled per `fill` (see the file header)."""
    count = int(np.prod(shape, dtype=np.int64))
    if fill == "arange":
        values = np.arange(count, dtype=np.float64)
    elif fill == "zeros":
        values = np.zeros(count)
    elif fill == "ones":
        values = np.ones(count)
    else:
        values = np.array([float(v) for v in fill.split(",")])
        if values.size != count:
            raise ValueError("%d values for %d elements" % (values.size, count))
    values = values.reshape(shape)
    if dtype == "bfloat16":
        return Tensor(dtype, _to_bfloat16_bits(values.astype(np.float32)))
    if dtype == "bool":
        return Tensor(dtype, values != 0)
    return Tensor(dtype, values.astype(DTYPES[dtype][0]))


def _as_tensor(value):
    if isinstance(value, Tensor):
        return value
    array = np.asarray(value)
    name = "bool" if array.dtype == np.bool_ else array.dtype.name
    return Tensor(name, array)


def _string(text):
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def mxnet_bytes(params, version="v2"):
    """Encodes {name: Tensor or ndarray} like MXNet 1.x `mx.nd.save`."""
    out = [struct.pack("<QQQ", MXNET_LIST_MAGIC, 0, len(params))]
    for value in params.values():
        tensor = _as_tensor(value)
        shape = tensor.array.shape
        if version == "legacy":
            out.append(struct.pack("<I%dI" % len(shape), len(shape), *shape))
        else:
            out.append(struct.pack("<I", MXNET_MAGIC[version]))
            if version != "v1":
                out.append(struct.pack("<i", 0))  # dense storage
            out.append(struct.pack("<i%dq" % len(shape), len(shape), *shape))
        out.append(struct.pack("<iii", 1, 0, DTYPES[tensor.dtype][1]))
        out.append(tensor.array.tobytes())
    out.append(struct.pack("<Q", len(params)))
    out.extend(_string(name) for name in params)
    return b"".join(out)


def tvm_bytes(params):
    """Encodes {name: Tensor or ndarray} like `tvm.runtime.save_param_dict`."""
    out = [struct.pack("<QQQ", TVM_LIST_MAGIC, 0, len(params))]
    out.extend(_string(name) for name in params)
    out.append(struct.pack("<Q", len(params)))
    for value in params.values():
        tensor = _as_tensor(value)
        shape = tensor.array.shape
        _, _, code, bits = DTYPES[tensor.dtype]
        out.append(struct.pack("<QQiii", TVM_ARRAY_MAGIC, 0, 1, 0, len(shape)))
        out.append(struct.pack("<BBH", code, bits, 1))
        out.append(struct.pack("<%dq" % len(shape), *shape))
        data = tensor.array.tobytes()
        out.append(struct.pack("<q", len(data)) + data)
    return b"".join(out)


def write_mxnet_params(path, params, version="v2"):
    """Writes `params` ({name: Tensor or ndarray}) as an MXNet file."""
    with open(path, "wb") as f:
        f.write(mxnet_bytes(params, version))


def write_tvm_params(path, params):
    """Writes `params` ({name: Tensor or ndarray}) as a TVM file."""
    with open(path, "wb") as f:
        f.write(tvm_bytes(params))


def parse_tensor(spec):
    """Parses NAME=DTYPE:SHAPE:FILL into (name, Tensor)."""
    name, _, rest = spec.rpartition("=")
    dtype, shape_text, fill = rest.split(":", 2)
    if shape_text in ("", "scalar"):
        shape = ()
    else:
        shape = tuple(int(d) for d in shape_text.split("x"))
    return name, make_tensor(dtype, shape, fill)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flavor", choices=["mxnet", "tvm"], required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--tensor", action="append", default=[],
                        help="NAME=DTYPE:SHAPE:FILL (repeatable)")
    parser.add_argument("--mxnet-version", default="v2",
                        choices=["legacy", "v1", "v2", "v3"])
    parser.add_argument("--truncate", type=int, default=0,
                        help="drop the last N bytes")
    parser.add_argument("--patch", action="append", default=[],
                        help="OFFSET=HEXBYTES: overwrite bytes (repeatable)")
    parser.add_argument("--append", default="",
                        help="HEXBYTES to add at the end")
    args = parser.parse_args(argv)

    params = dict(parse_tensor(spec) for spec in args.tensor)
    if args.flavor == "mxnet":
        data = bytearray(mxnet_bytes(params, args.mxnet_version))
    else:
        data = bytearray(tvm_bytes(params))
    for patch in args.patch:
        offset, _, hexbytes = patch.partition("=")
        raw = bytes.fromhex(hexbytes)
        data[int(offset, 0):int(offset, 0) + len(raw)] = raw
    data += bytes.fromhex(args.append)
    if args.truncate:
        data = data[:-args.truncate]
    with open(args.out, "wb") as f:
        f.write(bytes(data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
