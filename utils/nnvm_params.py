#!/usr/bin/env python3
# ===- utils/nnvm_params.py - write MXNet and TVM .params files -----------===//
#
# Part of the nngraph project.
#
# ===----------------------------------------------------------------------===//
#
# Writes MXNet (`mx.nd.save` of a dict) and TVM (`save_param_dict`) weight
# files without either framework, independently of the C++ codec, so that the
# lit tests can feed it known bytes. Only the standard library is needed, so
# that any python3 runs it; numpy arrays are accepted where numpy is present.
#
# Example:
#   nnvm_params.py --flavor mxnet --out w.params \
#       --tensor 'arg:fc_weight=float32:2x3:arange' --tensor 'aux:m=int64::7'
#
# Tensor specs are NAME=DTYPE:SHAPE:FILL; SHAPE is like 2x3, or empty or
# `scalar` for a 0-d tensor; FILL is arange, zeros, ones or a comma list of
# values. --truncate N drops the last N bytes, --patch OFFSET=HEX overwrites
# bytes and --append HEX adds some (for error tests); --mxnet-version picks
# the NDArray encoding (legacy, v1, v2, v3) and --tvm-dlbool the TVM boolean
# encoding.
#
# ===----------------------------------------------------------------------===//

import argparse
import math
import struct
import sys

MXNET_LIST_MAGIC = 0x112
MXNET_MAGIC = {"v1": 0xF993FAC8, "v2": 0xF993FAC9, "v3": 0xF993FACA}
TVM_LIST_MAGIC = 0xF7E58D4F05049CB7
TVM_ARRAY_MAGIC = 0xDD5E40F096B4A13F

# dtype -> (struct format of one element, mshadow type flag, DLPack code,
# DLPack bits). bfloat16 is packed by hand from float32.
DTYPES = {
    "float32": ("f", 0, 2, 32),
    "float64": ("d", 1, 2, 64),
    "float16": ("e", 2, 2, 16),
    "bfloat16": (None, 12, 4, 16),
    "uint8": ("B", 3, 1, 8),
    "int8": ("b", 5, 0, 8),
    "int32": ("i", 4, 0, 32),
    "int64": ("q", 6, 0, 64),
    "bool": ("?", 7, 1, 1),
}


class Tensor:
    """A dtype name (a DTYPES key), a shape tuple and little-endian bytes."""

    def __init__(self, dtype, shape, data):
        if dtype not in DTYPES:
            raise ValueError("unknown dtype " + dtype)
        self.dtype = dtype
        self.shape = tuple(int(d) for d in shape)
        self.data = bytes(data)


def _bfloat16(value):
    """Rounds a float to bfloat16 (nearest even); returns its 16 bits."""
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if math.isnan(value):
        return (bits >> 16) | 0x40
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def pack_values(dtype, values):
    """Packs Python numbers as little-endian elements of `dtype`."""
    if dtype == "bfloat16":
        return struct.pack("<%dH" % len(values), *map(_bfloat16, values))
    fmt = DTYPES[dtype][0]
    if fmt in "fde":
        values = [float(v) for v in values]
    elif fmt == "?":
        values = [bool(v) for v in values]
    else:
        values = [int(v) for v in values]
    return struct.pack("<%d%s" % (len(values), fmt), *values)


def make_tensor(dtype, shape, fill):
    """Builds a Tensor of `shape` filled per `fill` (see the file header)."""
    count = math.prod(shape)
    if fill == "arange":
        values = list(range(count))
    elif fill in ("zeros", "ones"):
        values = [int(fill == "ones")] * count
    else:
        values = [float(v) if any(c in v for c in ".en") else int(v)
                  for v in fill.split(",")]
        if len(values) != count:
            raise ValueError("%d values for %d elements" % (len(values), count))
    return Tensor(dtype, shape, pack_values(dtype, values))


def _as_tensor(value):
    """Accepts a Tensor or a numpy-like array (numpy, ml_dtypes bfloat16)."""
    if isinstance(value, Tensor):
        return value
    dtype = value.dtype
    name = "bool" if dtype.kind == "b" else dtype.name
    return Tensor(name, value.shape, value.astype(dtype.newbyteorder("<"),
                                                  order="C").tobytes())


def _string(text):
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def mxnet_bytes(params, version="v2"):
    """Encodes {name: Tensor or ndarray} like MXNet 1.x `mx.nd.save`."""
    out = [struct.pack("<QQQ", MXNET_LIST_MAGIC, 0, len(params))]
    for value in params.values():
        tensor = _as_tensor(value)
        shape = tensor.shape
        if version == "legacy":
            out.append(struct.pack("<I%dI" % len(shape), len(shape), *shape))
        else:
            out.append(struct.pack("<I", MXNET_MAGIC[version]))
            if version != "v1":
                out.append(struct.pack("<i", 0))  # dense storage
            out.append(struct.pack("<i%dq" % len(shape), len(shape), *shape))
        out.append(struct.pack("<iii", 1, 0, DTYPES[tensor.dtype][1]))
        out.append(tensor.data)
    out.append(struct.pack("<Q", len(params)))
    out.extend(_string(name) for name in params)
    return b"".join(out)


def tvm_bytes(params, dlbool=False):
    """Encodes {name: Tensor or ndarray} like `tvm.runtime.save_param_dict`.

    Booleans are uint1 like graph executor era TVM, or DLPack kDLBool (code 6,
    8 bits) like tvm-ffi based TVM when `dlbool` is set.
    """
    out = [struct.pack("<QQQ", TVM_LIST_MAGIC, 0, len(params))]
    out.extend(_string(name) for name in params)
    out.append(struct.pack("<Q", len(params)))
    for value in params.values():
        tensor = _as_tensor(value)
        shape = tensor.shape
        _, _, code, bits = DTYPES[tensor.dtype]
        if dlbool and tensor.dtype == "bool":
            code, bits = 6, 8
        out.append(struct.pack("<QQiii", TVM_ARRAY_MAGIC, 0, 1, 0, len(shape)))
        out.append(struct.pack("<BBH", code, bits, 1))
        out.append(struct.pack("<%dq" % len(shape), *shape))
        out.append(struct.pack("<q", len(tensor.data)) + tensor.data)
    return b"".join(out)


def write_mxnet_params(path, params, version="v2"):
    """Writes `params` ({name: Tensor or ndarray}) as an MXNet file."""
    with open(path, "wb") as f:
        f.write(mxnet_bytes(params, version))


def write_tvm_params(path, params, dlbool=False):
    """Writes `params` ({name: Tensor or ndarray}) as a TVM file."""
    with open(path, "wb") as f:
        f.write(tvm_bytes(params, dlbool))


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
    parser = argparse.ArgumentParser(
        description="Write MXNet or TVM .params files for tests.")
    parser.add_argument("--flavor", choices=["mxnet", "tvm"], required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--tensor", action="append", default=[],
                        help="NAME=DTYPE:SHAPE:FILL (repeatable)")
    parser.add_argument("--mxnet-version", default="v2",
                        choices=["legacy", "v1", "v2", "v3"])
    parser.add_argument("--tvm-dlbool", action="store_true",
                        help="write TVM booleans as kDLBool, not uint1")
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
        data = bytearray(tvm_bytes(params, args.tvm_dlbool))
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
