//===- Params.cpp - MXNet and TVM .params weight files ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the reader and writer of .params weight files. Both
// containers are dmlc::Stream serialisations, little-endian throughout; a
// string is a u64 length followed by its bytes.
//
// MXNet (`mx.nd.save`; NDArray::Save in src/ndarray/ndarray.cc):
//   u64 0x112, u64 reserved, u64 N, N x NDArray, u64 K (0 or N), K x string
//   V2/V3 NDArray: u32 magic 0xF993FAC9/0xF993FACA, i32 storage type,
//     i32 ndim, i64 dims[ndim], i32 dev_type, i32 dev_id, i32 mshadow type
//     flag, raw data. V2 ndim 0 (and ndim -1 in both) is an empty NDArray with
//     nothing after the shape; V3 ndim 0 is a scalar.
//   V1 NDArray: u32 magic 0xF993FAC8 then as V2 without the storage type.
//   Legacy NDArray: no magic; u32 ndim, u32 dims[ndim], then as V1.
// K = 0 is a list saved without names; its tensors get empty names and are
// written back without names.
//
// TVM (`save_param_dict`; SaveParams in src/runtime/file_utils.cc and
// SaveDLTensor in include/tvm/runtime/ndarray.h):
//   u64 0xF7E58D4F05049CB7, u64 reserved, u64 K, K x string, u64 N (== K),
//   N x (u64 0xDD5E40F096B4A13F, u64 reserved, i32 device_type,
//        i32 device_id, i32 ndim, u8 code, u8 bits, u16 lanes,
//        i64 dims[ndim], i64 data_byte_size, raw data)
// Booleans are uint1 (code 1, 1 bit, one byte each) in graph executor era TVM
// and kDLBool (code 6, 8 bits) in tvm-ffi based TVM; both are read.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/Params.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include <cassert>
#include <optional>

using namespace llvm;
using namespace mlir::nngraph::nnvm;
using mlir::nngraph::DTypeInfo;
using mlir::nngraph::lookupDTypeByDLPack;
using mlir::nngraph::lookupDTypeByMXNet;
using mlir::nngraph::lookupDTypeByName;

namespace {
constexpr uint64_t kMXNetListMagic = 0x112;
constexpr uint32_t kMXNetV1Magic = 0xF993FAC8;
constexpr uint32_t kMXNetV2Magic = 0xF993FAC9;
constexpr uint32_t kMXNetV3Magic = 0xF993FACA;
constexpr uint64_t kTVMListMagic = 0xF7E58D4F05049CB7;
constexpr uint64_t kTVMArrayMagic = 0xDD5E40F096B4A13F;

/// Largest rank accepted. It also tells legacy MXNet arrays, whose first word
/// is their ndim, from unknown magics.
constexpr int64_t kMaxRank = 32;
/// Fewest bytes one array can take (a legacy MXNet 1-d empty array; a TVM
/// array header), used to reject absurd counts before looping on them.
constexpr uint64_t kMinMXNetArrayBytes = 20;
constexpr uint64_t kMinTVMArrayBytes = 40;
/// Size of a string with no characters.
constexpr uint64_t kMinStringBytes = 8;

/// MXNet Context device types backed by host memory (cpu, cpu_pinned,
/// cpu_shared); DLPack kDLCPU.
constexpr int32_t kMXNetCPU = 1, kMXNetCPUPinned = 3, kMXNetCPUShared = 5;
constexpr int32_t kDLCPU = 1;
/// DLPack's bool type code (the others are in the dtype table).
constexpr uint8_t kDLBool = 6;

/// The NDArray encodings of MXNet files.
enum class MXNetVersion { Legacy, V1, V2, V3 };

/// The row of the dtype table (DTypes.h) of each ParamDType, by enum value.
constexpr StringLiteral kParamDTypeNames[] = {"float32",  "float64", "float16",
                                              "bfloat16", "uint8",   "int8",
                                              "int32",    "int64",   "bool"};

static const DTypeInfo &getInfo(ParamDType dtype) {
  return *lookupDTypeByName(kParamDTypeNames[unsigned(dtype)]);
}

/// The ParamDType of a table row, or nullopt when .params files do not hold
/// that type.
static std::optional<ParamDType> getParamDType(const DTypeInfo *info) {
  if (info)
    for (auto [i, name] : llvm::enumerate(kParamDTypeNames))
      if (name == info->name)
        return ParamDType(i);
  return std::nullopt;
}

/// A bounds-checked little-endian cursor over a .params buffer. Failed reads
/// and checks become errors naming the flavour, the byte offset and the tensor
/// being decoded.
class ParamsReader {
public:
  ParamsReader(StringRef bytes, StringRef flavor)
      : bytes(bytes), flavor(flavor) {}

  uint64_t offset() const { return pos; }
  uint64_t remaining() const { return bytes.size() - pos; }

  /// Names the tensor that later errors are about; std::nullopt for none.
  void setTensor(std::optional<uint64_t> index, StringRef name = {}) {
    tensorIndex = index;
    tensorName = name.str();
  }

  /// Returns "<flavor> params: <problem>[ of tensor I ['NAME']] at byte
  /// <at>: <detail>".
  Error error(uint64_t at, const Twine &problem, const Twine &detail) const {
    std::string message = (flavor + " params: " + problem).str();
    if (tensorIndex) {
      message += " of tensor " + std::to_string(*tensorIndex);
      if (!tensorName.empty())
        message += " '" + tensorName + "'";
    }
    message += (" at byte " + Twine(at) + ": " + detail).str();
    return createStringError(message);
  }

  /// Consumes `size` bytes into `out`; `what` names the field in errors.
  Error readBytes(uint64_t size, const Twine &what, StringRef &out) {
    if (size > remaining())
      return error(pos, "truncated " + what,
                   "expected " + Twine(size) + " bytes, " + Twine(remaining()) +
                       " left");
    out = bytes.substr(pos, size);
    pos += size;
    return Error::success();
  }

  /// Reads one little-endian scalar.
  template <typename T>
  Error read(T &value, const Twine &what) {
    StringRef raw;
    if (Error err = readBytes(sizeof(T), what, raw))
      return err;
    value = support::endian::read<T, endianness::little>(raw.data());
    return Error::success();
  }

  /// Reads a u64 element count and rejects it unless `minItemBytes` per
  /// element fit in what is left, so that hostile counts fail before any loop
  /// or allocation.
  Error readCount(uint64_t &count, uint64_t minItemBytes, const Twine &what) {
    uint64_t at = pos;
    if (Error err = read(count, what))
      return err;
    uint64_t limit = remaining() / minItemBytes;
    if (count > limit)
      return error(at, what + " exceeds the file",
                   "expected at most " + Twine(limit) + " for " +
                       Twine(remaining()) + " bytes left, found " +
                       Twine(count));
    return Error::success();
  }

  /// Reads a dmlc string: u64 length, then the bytes.
  Error readString(std::string &out, const Twine &what) {
    uint64_t length;
    StringRef raw;
    if (Error err = read(length, what + " length"))
      return err;
    if (Error err = readBytes(length, what, raw))
      return err;
    out = raw.str();
    return Error::success();
  }

  /// Fails unless the whole buffer was consumed.
  Error expectEnd() const {
    if (remaining() == 0)
      return Error::success();
    return error(pos, "trailing bytes after the last tensor",
                 "expected end of file, found " + Twine(remaining()) +
                     " more bytes");
  }

private:
  StringRef bytes;
  StringRef flavor;
  uint64_t pos = 0;
  std::optional<uint64_t> tensorIndex;
  std::string tensorName;
};
} // namespace

/// Spells `value` like the upstream sources do, e.g. 0xF993FAC9.
static std::string hex(uint64_t value) {
  return "0x" + utohexstr(value, /*LowerCase=*/false);
}

/// Reads one dimension, 8 bytes signed or (legacy MXNet) 4 bytes unsigned,
/// and rejects negative sizes.
static Error readDim(ParamsReader &reader, bool wide, int64_t index,
                     int64_t &dim) {
  uint64_t at = reader.offset();
  if (!wide) {
    uint32_t narrow;
    if (Error err = reader.read(narrow, "shape"))
      return err;
    dim = narrow;
    return Error::success();
  }
  if (Error err = reader.read(dim, "shape"))
    return err;
  if (dim < 0)
    return reader.error(at, "negative dimension",
                        "expected dim " + Twine(index) + " >= 0, found " +
                            Twine(dim));
  return Error::success();
}

/// Reads `ndim` dimensions into `dims`.
static Error readDims(ParamsReader &reader, int64_t ndim, bool wide,
                      std::vector<int64_t> &dims) {
  dims.clear();
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t dim;
    if (Error err = readDim(reader, wide, i, dim))
      return err;
    dims.push_back(dim);
  }
  return Error::success();
}

/// Spells a shape like the dump does, e.g. 2x3 or scalar.
static std::string formatShape(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  std::string text;
  raw_string_ostream os(text);
  llvm::interleave(dims, os, "x");
  return text;
}

/// Computes the payload size of `dims` elements of `dtype`; `at` is the
/// offset of the shape, named if the size overflows. An empty tensor still
/// needs the product of its other dims below 2^63: tensor types count
/// elements in int64_t, so a larger one would overflow there.
static Error getDataSize(ParamsReader &reader, uint64_t at,
                         ArrayRef<int64_t> dims, ParamDType dtype,
                         uint64_t &size) {
  bool overflow = false;
  uint64_t nonzero = 1;
  for (int64_t dim : dims) {
    bool step = false;
    if (dim != 0)
      nonzero = SaturatingMultiply<uint64_t>(nonzero,
                                             static_cast<uint64_t>(dim), &step);
    overflow |= step;
  }
  bool empty = llvm::is_contained(dims, 0);
  if (empty && (overflow || nonzero > uint64_t(INT64_MAX)))
    return reader.error(at, "element count overflow",
                        "expected the nonzero dims to hold fewer than 2^63 "
                        "elements, found shape " +
                            formatShape(dims) + " of " + getDTypeName(dtype));
  bool last = false;
  size = SaturatingMultiply<uint64_t>(nonzero, getDTypeSize(dtype), &last);
  if ((overflow || last) && !empty)
    return reader.error(at, "size overflow",
                        "expected a payload below 2^64 bytes, found shape " +
                            formatShape(dims) + " of " + getDTypeName(dtype));
  if (empty)
    size = 0;
  return Error::success();
}

/// Consumes the payload of `tensor`, whose shape starts at `shapeAt`.
static Error readPayload(ParamsReader &reader, uint64_t shapeAt,
                         ParamTensor &tensor) {
  uint64_t size;
  StringRef raw;
  if (Error err =
          getDataSize(reader, shapeAt, tensor.shape, tensor.dtype, size))
    return err;
  if (Error err = reader.readBytes(size, "data", raw))
    return err;
  // A view of the buffer; readParams sets the owner that keeps it alive.
  tensor.data = ArrayRef<char>(raw.data(), raw.size());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// MXNet
//===----------------------------------------------------------------------===//

/// Tells the NDArray encoding from its first word (at byte `at`).
static Error classifyMXNetMagic(ParamsReader &reader, uint64_t at,
                                uint32_t magic, MXNetVersion &version) {
  if (magic == kMXNetV2Magic)
    version = MXNetVersion::V2;
  else if (magic == kMXNetV3Magic)
    version = MXNetVersion::V3;
  else if (magic == kMXNetV1Magic)
    version = MXNetVersion::V1;
  else if (magic <= kMaxRank)
    version = MXNetVersion::Legacy;
  else
    return reader.error(at, "unknown NDArray magic",
                        "expected " + hex(kMXNetV2Magic) + " (V2) or " +
                            hex(kMXNetV3Magic) + " (V3), found " + hex(magic));
  return Error::success();
}

/// Reads the storage type of a V2/V3 array; only dense storage is supported.
static Error readMXNetStorageType(ParamsReader &reader) {
  uint64_t at = reader.offset();
  int32_t stype;
  if (Error err = reader.read(stype, "storage type"))
    return err;
  if (stype == 0)
    return Error::success();
  StringRef name = stype == 1 ? "row_sparse" : stype == 2 ? "csr" : "unknown";
  return reader.error(at, "unsupported storage type",
                      "expected 0 (dense), found " + Twine(stype) + " (" +
                          name + ")");
}

/// Reads the shape of an array whose first word `magic` was consumed; legacy
/// arrays keep their ndim there. Empty (none) arrays are rejected.
static Error readMXNetShape(ParamsReader &reader, MXNetVersion version,
                            uint32_t magic, std::vector<int64_t> &dims) {
  uint64_t at = reader.offset();
  int64_t ndim = magic;
  if (version == MXNetVersion::Legacy) {
    at -= sizeof(uint32_t);
  } else {
    int32_t stored;
    if (Error err = reader.read(stored, "ndim"))
      return err;
    ndim = stored;
  }
  if (ndim == -1 || (ndim == 0 && version != MXNetVersion::V3))
    return reader.error(at, "empty (none) NDArray",
                        "expected a known shape, found ndim " + Twine(ndim));
  if (ndim < 0 || ndim > kMaxRank)
    return reader.error(at, "absurd ndim",
                        "expected 0 to " + Twine(kMaxRank) + ", found " +
                            Twine(ndim));
  return readDims(reader, ndim, version != MXNetVersion::Legacy, dims);
}

/// Reads the Context of an array; only host memory is supported.
static Error readMXNetContext(ParamsReader &reader) {
  uint64_t at = reader.offset();
  int32_t devType, devId;
  if (Error err = reader.read(devType, "context"))
    return err;
  if (Error err = reader.read(devId, "context"))
    return err;
  if (devType == kMXNetCPU || devType == kMXNetCPUPinned ||
      devType == kMXNetCPUShared)
    return Error::success();
  StringRef name = devType == 2 ? "gpu" : "unknown";
  return reader.error(at, "non-CPU context",
                      "expected dev_type 1 (cpu), found " + Twine(devType) +
                          " (" + name + ")");
}

/// Reads the mshadow type flag of an array.
static Error readMXNetDType(ParamsReader &reader, ParamDType &dtype) {
  uint64_t at = reader.offset();
  int32_t flag;
  if (Error err = reader.read(flag, "dtype"))
    return err;
  if (std::optional<ParamDType> known =
          getParamDType(lookupDTypeByMXNet(flag))) {
    dtype = *known;
    return Error::success();
  }
  static const char *const kUnsupported[] = {"int16", "uint16", "uint32",
                                             "uint64"};
  StringRef name = flag >= 8 && flag <= 11 ? kUnsupported[flag - 8] : "unknown";
  return reader.error(at, "unsupported dtype",
                      "expected an mshadow type flag in 0-7 or 12, found " +
                          Twine(flag) + " (" + name + ")");
}

/// Reads one NDArray of any encoding into `tensor` (name left empty).
static Error readMXNetTensor(ParamsReader &reader, ParamTensor &tensor,
                             MXNetVersion &version) {
  uint64_t at = reader.offset();
  uint32_t magic;
  if (Error err = reader.read(magic, "NDArray magic"))
    return err;
  if (Error err = classifyMXNetMagic(reader, at, magic, version))
    return err;
  if (version == MXNetVersion::V2 || version == MXNetVersion::V3)
    if (Error err = readMXNetStorageType(reader))
      return err;
  uint64_t shapeAt = version == MXNetVersion::Legacy ? at : reader.offset();
  if (Error err = readMXNetShape(reader, version, magic, tensor.shape))
    return err;
  if (Error err = readMXNetContext(reader))
    return err;
  if (Error err = readMXNetDType(reader, tensor.dtype))
    return err;
  return readPayload(reader, shapeAt, tensor);
}

/// Reads the names that follow the arrays: none at all, or one per array.
static Error readMXNetNames(ParamsReader &reader, ParamsFile &file) {
  uint64_t at = reader.offset();
  uint64_t count;
  if (Error err = reader.read(count, "name count"))
    return err;
  if (count != 0 && count != file.tensors.size())
    return reader.error(at, "name count mismatch",
                        "expected 0 or " + Twine(file.tensors.size()) +
                            ", found " + Twine(count));
  StringMap<uint64_t> seen;
  for (uint64_t i = 0; i < count; ++i) {
    reader.setTensor(i);
    uint64_t nameAt = reader.offset();
    std::string &name = file.tensors[i].name;
    if (Error err = reader.readString(name, "name"))
      return err;
    auto [it, inserted] = seen.try_emplace(name, i);
    if (!inserted)
      return reader.error(nameAt, "duplicate name",
                          "expected unique names, found '" + name +
                              "' again (first at tensor " + Twine(it->second) +
                              ")");
  }
  reader.setTensor(std::nullopt);
  return Error::success();
}

static Expected<ParamsFile> readMXNet(StringRef bytes) {
  ParamsReader reader(bytes, "mxnet");
  uint64_t magic, reserved, count;
  if (Error err = reader.read(magic, "magic"))
    return std::move(err);
  if (Error err = reader.read(reserved, "reserved word"))
    return std::move(err);
  if (Error err = reader.readCount(count, kMinMXNetArrayBytes, "tensor count"))
    return std::move(err);
  ParamsFile file;
  file.flavor = ParamsFlavor::MXNet;
  for (uint64_t i = 0; i < count; ++i) {
    reader.setTensor(i);
    ParamTensor tensor;
    MXNetVersion version = MXNetVersion::V2;
    if (Error err = readMXNetTensor(reader, tensor, version))
      return std::move(err);
    file.mxnetNumpyShape |= version == MXNetVersion::V3;
    file.tensors.push_back(std::move(tensor));
  }
  reader.setTensor(std::nullopt);
  if (Error err = readMXNetNames(reader, file))
    return std::move(err);
  if (Error err = reader.expectEnd())
    return std::move(err);
  return file;
}

//===----------------------------------------------------------------------===//
// TVM
//===----------------------------------------------------------------------===//

/// Reads a DLDevice; TVM only saves and loads CPU arrays.
static Error readTVMDevice(ParamsReader &reader) {
  uint64_t at = reader.offset();
  int32_t deviceType, deviceId;
  if (Error err = reader.read(deviceType, "device"))
    return err;
  if (Error err = reader.read(deviceId, "device"))
    return err;
  if (deviceType == kDLCPU)
    return Error::success();
  return reader.error(at, "non-CPU device",
                      "expected device_type 1 (kDLCPU), found " +
                          Twine(deviceType));
}

/// Reads a DLDataType (code, bits, lanes). Booleans are accepted both as
/// uint1 and as DLPack kDLBool (8 bits); `dlBool` tells the latter.
static Error readTVMDType(ParamsReader &reader, ParamDType &dtype,
                          bool &dlBool) {
  uint64_t at = reader.offset();
  uint8_t code, bits;
  uint16_t lanes;
  if (Error err = reader.read(code, "dtype"))
    return err;
  if (Error err = reader.read(bits, "dtype"))
    return err;
  if (Error err = reader.read(lanes, "dtype"))
    return err;
  if (lanes == 1 && code == kDLBool && bits == 8) {
    dtype = ParamDType::Bool;
    dlBool = true;
    return Error::success();
  }
  if (std::optional<ParamDType> known =
          lanes == 1 ? getParamDType(lookupDTypeByDLPack(code, bits))
                     : std::nullopt) {
    dtype = *known;
    return Error::success();
  }
  return reader.error(at, "unsupported dtype",
                      "expected a scalar int, uint, float, bfloat or bool "
                      "type, found code " +
                          Twine(unsigned(code)) + " bits " +
                          Twine(unsigned(bits)) + " lanes " + Twine(lanes));
}

/// Reads the header and shape of one array, up to its data_byte_size.
static Error readTVMHeader(ParamsReader &reader, ParamTensor &tensor,
                           bool &dlBool) {
  uint64_t at = reader.offset();
  uint64_t magic, reserved;
  if (Error err = reader.read(magic, "NDArray magic"))
    return err;
  if (magic != kTVMArrayMagic)
    return reader.error(at, "bad NDArray magic",
                        "expected " + hex(kTVMArrayMagic) + ", found " +
                            hex(magic));
  if (Error err = reader.read(reserved, "NDArray reserved word"))
    return err;
  if (Error err = readTVMDevice(reader))
    return err;
  uint64_t ndimAt = reader.offset();
  int32_t ndim;
  if (Error err = reader.read(ndim, "ndim"))
    return err;
  if (ndim < 0 || ndim > kMaxRank)
    return reader.error(ndimAt, "absurd ndim",
                        "expected 0 to " + Twine(kMaxRank) + ", found " +
                            Twine(ndim));
  if (Error err = readTVMDType(reader, tensor.dtype, dlBool))
    return err;
  return readDims(reader, ndim, /*wide=*/true, tensor.shape);
}

/// Reads one array into `tensor`; `dlBool` tells a kDLBool boolean.
static Error readTVMTensor(ParamsReader &reader, ParamTensor &tensor,
                           bool &dlBool) {
  uint64_t arrayAt = reader.offset();
  if (Error err = readTVMHeader(reader, tensor, dlBool))
    return err;
  uint64_t size;
  if (Error err =
          getDataSize(reader, arrayAt, tensor.shape, tensor.dtype, size))
    return err;
  uint64_t sizeAt = reader.offset();
  int64_t stored;
  if (Error err = reader.read(stored, "data size"))
    return err;
  if (stored < 0 || static_cast<uint64_t>(stored) != size)
    return reader.error(sizeAt, "data size mismatch",
                        "expected " + Twine(size) + " bytes for the " +
                            getDTypeName(tensor.dtype) + " shape, found " +
                            Twine(stored));
  return readPayload(reader, arrayAt, tensor);
}

/// Reads the name list at the start of a TVM file.
static Error readTVMNames(ParamsReader &reader,
                          std::vector<std::string> &names) {
  uint64_t count;
  if (Error err = reader.readCount(count, kMinStringBytes, "name count"))
    return err;
  StringMap<uint64_t> seen;
  for (uint64_t i = 0; i < count; ++i) {
    reader.setTensor(i);
    uint64_t at = reader.offset();
    std::string name;
    if (Error err = reader.readString(name, "name"))
      return err;
    auto [it, inserted] = seen.try_emplace(name, i);
    if (!inserted)
      return reader.error(at, "duplicate name",
                          "expected unique names, found '" + name +
                              "' again (first at tensor " + Twine(it->second) +
                              ")");
    names.push_back(std::move(name));
  }
  reader.setTensor(std::nullopt);
  return Error::success();
}

static Expected<ParamsFile> readTVM(StringRef bytes) {
  ParamsReader reader(bytes, "tvm");
  uint64_t magic, reserved, count;
  std::vector<std::string> names;
  if (Error err = reader.read(magic, "magic"))
    return std::move(err);
  if (Error err = reader.read(reserved, "reserved word"))
    return std::move(err);
  if (Error err = readTVMNames(reader, names))
    return std::move(err);
  uint64_t countAt = reader.offset();
  if (Error err = reader.readCount(count, kMinTVMArrayBytes, "tensor count"))
    return std::move(err);
  if (count != names.size())
    return reader.error(countAt, "tensor count mismatch",
                        "expected " + Twine(names.size()) +
                            " (one per name), found " + Twine(count));
  ParamsFile file;
  file.flavor = ParamsFlavor::TVM;
  for (uint64_t i = 0; i < count; ++i) {
    reader.setTensor(i, names[i]);
    ParamTensor tensor;
    bool dlBool = false;
    if (Error err = readTVMTensor(reader, tensor, dlBool))
      return std::move(err);
    file.tvmBoolIsDLBool |= dlBool;
    tensor.name = std::move(names[i]);
    file.tensors.push_back(std::move(tensor));
  }
  reader.setTensor(std::nullopt);
  if (Error err = reader.expectEnd())
    return std::move(err);
  return file;
}

//===----------------------------------------------------------------------===//
// Writers
//===----------------------------------------------------------------------===//

template <typename T>
static void writeLE(raw_ostream &os, T value) {
  support::endian::write<T>(os, value, endianness::little);
}

static void writeString(raw_ostream &os, StringRef value) {
  writeLE<uint64_t>(os, value.size());
  os << value;
}

/// Writes the shape as i64 dims and checks the payload size in debug builds.
static void writeDims(raw_ostream &os, const ParamTensor &tensor) {
  uint64_t count = 1;
  for (int64_t dim : tensor.shape) {
    writeLE<int64_t>(os, dim);
    count *= static_cast<uint64_t>(dim);
  }
  (void)count;
  assert(tensor.data.size() == count * getDTypeSize(tensor.dtype) &&
         "ParamTensor payload does not match its shape");
}

static void writeMXNet(const ParamsFile &file, raw_ostream &os) {
  bool v3 = file.mxnetNumpyShape ||
            llvm::any_of(file.tensors, [](const ParamTensor &tensor) {
              return tensor.shape.empty();
            });
  bool named = llvm::any_of(file.tensors, [](const ParamTensor &tensor) {
    return !tensor.name.empty();
  });
  writeLE<uint64_t>(os, kMXNetListMagic);
  writeLE<uint64_t>(os, 0);
  writeLE<uint64_t>(os, file.tensors.size());
  for (const ParamTensor &tensor : file.tensors) {
    writeLE<uint32_t>(os, v3 ? kMXNetV3Magic : kMXNetV2Magic);
    writeLE<int32_t>(os, 0); // Dense storage.
    writeLE<int32_t>(os, tensor.shape.size());
    writeDims(os, tensor);
    writeLE<int32_t>(os, kMXNetCPU);
    writeLE<int32_t>(os, 0);
    writeLE<int32_t>(os, getInfo(tensor.dtype).mxnet);
    os.write(tensor.data.data(), tensor.data.size());
  }
  writeLE<uint64_t>(os, named ? file.tensors.size() : 0);
  if (named)
    for (const ParamTensor &tensor : file.tensors)
      writeString(os, tensor.name);
}

static void writeTVM(const ParamsFile &file, raw_ostream &os) {
  writeLE<uint64_t>(os, kTVMListMagic);
  writeLE<uint64_t>(os, 0);
  writeLE<uint64_t>(os, file.tensors.size());
  for (const ParamTensor &tensor : file.tensors)
    writeString(os, tensor.name);
  writeLE<uint64_t>(os, file.tensors.size());
  for (const ParamTensor &tensor : file.tensors) {
    const DTypeInfo &info = getInfo(tensor.dtype);
    writeLE<uint64_t>(os, kTVMArrayMagic);
    writeLE<uint64_t>(os, 0);
    writeLE<int32_t>(os, kDLCPU);
    writeLE<int32_t>(os, 0);
    writeLE<int32_t>(os, tensor.shape.size());
    bool dlBool = file.tvmBoolIsDLBool && tensor.dtype == ParamDType::Bool;
    writeLE<uint8_t>(os, dlBool ? kDLBool : info.dlCode);
    writeLE<uint8_t>(os, dlBool ? 8 : info.dlBits);
    writeLE<uint16_t>(os, 1);
    writeDims(os, tensor);
    writeLE<int64_t>(os, tensor.data.size());
    os.write(tensor.data.data(), tensor.data.size());
  }
}

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

std::optional<ParamDType> mlir::nngraph::nnvm::parseDTypeName(StringRef name) {
  return getParamDType(lookupDTypeByName(name));
}

std::optional<ParamDType>
mlir::nngraph::nnvm::getDTypeForMXNetTypeFlag(int64_t flag) {
  return getParamDType(lookupDTypeByMXNet(flag));
}

int mlir::nngraph::nnvm::getMXNetTypeFlag(ParamDType dtype) {
  return getInfo(dtype).mxnet;
}

StringRef mlir::nngraph::nnvm::getDTypeName(ParamDType dtype) {
  return getInfo(dtype).name;
}

unsigned mlir::nngraph::nnvm::getDTypeSize(ParamDType dtype) {
  return getInfo(dtype).getByteSize();
}

Expected<ParamsFlavor>
mlir::nngraph::nnvm::detectParamsFlavor(MemoryBufferRef buffer) {
  StringRef bytes = buffer.getBuffer();
  if (bytes.size() < sizeof(uint64_t))
    return createStringError("params: truncated magic at byte 0: expected 8 "
                             "bytes, " +
                             Twine(bytes.size()) + " left");
  uint64_t magic =
      support::endian::read<uint64_t, endianness::little>(bytes.data());
  if (magic == kMXNetListMagic)
    return ParamsFlavor::MXNet;
  if (magic == kTVMListMagic)
    return ParamsFlavor::TVM;
  return createStringError("params: unknown magic at byte 0: expected " +
                           hex(kMXNetListMagic) + " (MXNet) or " +
                           hex(kTVMListMagic) + " (TVM), found " + hex(magic));
}

Expected<ParamsFile> mlir::nngraph::nnvm::readParams(
    const std::shared_ptr<const MemoryBuffer> &buffer) {
  Expected<ParamsFlavor> flavor = detectParamsFlavor(buffer->getMemBufferRef());
  if (!flavor)
    return flavor.takeError();
  Expected<ParamsFile> file = *flavor == ParamsFlavor::MXNet
                                  ? readMXNet(buffer->getBuffer())
                                  : readTVM(buffer->getBuffer());
  if (file)
    for (ParamTensor &tensor : file->tensors)
      tensor.owner = buffer;
  return file;
}

Expected<ParamsFile> mlir::nngraph::nnvm::readParams(MemoryBufferRef buffer) {
  return readParams(
      std::shared_ptr<const MemoryBuffer>(MemoryBuffer::getMemBufferCopy(
          buffer.getBuffer(), buffer.getBufferIdentifier())));
}

void ParamTensor::setData(std::vector<char> bytes) {
  auto storage = std::make_shared<const std::vector<char>>(std::move(bytes));
  data = ArrayRef<char>(storage->data(), storage->size());
  owner = std::move(storage);
}

void mlir::nngraph::nnvm::writeParams(const ParamsFile &file, raw_ostream &os) {
  if (file.flavor == ParamsFlavor::MXNet)
    writeMXNet(file, os);
  else
    writeTVM(file, os);
}

StringRef mlir::nngraph::nnvm::getParamVariableName(StringRef key) {
  if (key.starts_with("arg:") || key.starts_with("aux:"))
    return key.drop_front(4);
  return key;
}
