//===- Params.h - MXNet and TVM .params weight files ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the reader and writer of the binary weight files that
// accompany NNVM-family graphs: MXNet NDArray lists (`arg:`/`aux:` names) and
// TVM parameter blobs (magic 0xF7E58D4F05049CB7). No MLIR types appear here;
// the importer turns tensors into `dense_resource` constants.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_PARAMS_H
#define NNGRAPH_TARGET_NNVM_PARAMS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {
namespace nnvm {

/// Which container a .params file uses.
enum class ParamsFlavor { MXNet, TVM };

/// Element types a .params tensor may hold (DLPack codes in TVM files, mshadow
/// type flags in MXNet files).
enum class ParamDType { F32, F64, F16, BF16, U8, I8, I32, I64, Bool };

/// Returns the name used in diagnostics and in `--export-params` listings:
/// "float32", "int64", ... as MXNet and TVM spell them.
llvm::StringRef getDTypeName(ParamDType dtype);
/// Size of one element in bytes.
unsigned getDTypeSize(ParamDType dtype);
/// The dtype named `name` ("float32"), or nullopt.
std::optional<ParamDType> parseDTypeName(llvm::StringRef name);
/// MXNet's type flag (mshadow::TypeFlag, the `__dtype__` code) of `dtype`,
/// and the dtype of a flag (nullopt for an unknown one).
int getMXNetTypeFlag(ParamDType dtype);
std::optional<ParamDType> getDTypeForMXNetTypeFlag(int64_t flag);

/// One named tensor of a .params file. `name` is the key as stored (MXNet keys
/// keep their `arg:`/`aux:` prefix); `data` is the little-endian payload,
/// exactly shapeProduct(shape) * getDTypeSize(dtype) bytes.
///
/// `data` is a view: `owner` keeps the bytes alive, so that a tensor read
/// from a mapped file points into the mapping instead of holding a copy.
/// Copies of a tensor share the bytes.
struct ParamTensor {
  std::string name;
  ParamDType dtype = ParamDType::F32;
  std::vector<int64_t> shape;
  llvm::ArrayRef<char> data;
  /// Keeps `data` alive: the buffer the tensor was read from, storage of its
  /// own (setData), or null where the caller guarantees the lifetime (an
  /// exporter writing blobs of a module it holds).
  std::shared_ptr<const void> owner;

  /// Makes the tensor own `bytes`.
  void setData(std::vector<char> bytes);
};

/// The decoded file.
struct ParamsFile {
  ParamsFlavor flavor = ParamsFlavor::MXNet;
  std::vector<ParamTensor> tensors;
  /// MXNet only: the arrays carry NDARRAY_V3_MAGIC (numpy shape semantics)
  /// instead of NDARRAY_V2_MAGIC. Added beside the fixed API because the magic
  /// decides which MXNet mode may load the file (V3 needs `np_shape`), so the
  /// writer must keep it for a byte-exact round trip. writeParams also uses V3
  /// whenever a tensor is 0-d, which V2 cannot represent.
  bool mxnetNumpyShape = false;
  /// TVM only: booleans are DLPack kDLBool (code 6, 8 bits), as tvm-ffi based
  /// TVM (0.27) writes them, instead of uint1 (code 1, 1 bit) as graph
  /// executor era TVM does. Added for the same reason: each TVM generation
  /// misreads the other's encoding, so the writer must keep it.
  bool tvmBoolIsDLBool = false;
};

/// Tells the flavour from the first 8 bytes; fails on anything else.
llvm::Expected<ParamsFlavor> detectParamsFlavor(llvm::MemoryBufferRef buffer);

/// Decodes a whole .params file of either flavour. Errors name the flavour,
/// the byte offset, the tensor index and name when known, and what was
/// expected, e.g. "mxnet params: truncated data of tensor 3 'arg:fc1_weight'
/// at byte 1024: expected 4000 bytes, 96 left". Sparse storage, unknown dtypes
/// and non-CPU contexts are errors. Never reads past the buffer, and checks
/// every count and size against the bytes left before allocating for it.
///
/// The tensors' data are views of `buffer`, which they keep alive: nothing is
/// copied, so a buffer that maps the file (MemoryBuffer::getFile with
/// RequiresNullTerminator=false) puts no weight in memory twice.
llvm::Expected<ParamsFile>
readParams(const std::shared_ptr<const llvm::MemoryBuffer> &buffer);
/// As above for a buffer the caller owns: the bytes are copied once, so that
/// the tensors outlive `buffer`.
llvm::Expected<ParamsFile> readParams(llvm::MemoryBufferRef buffer);

/// The graph variable a .params key names: MXNet keys carry "arg:" or
/// "aux:", TVM keys are plain names.
llvm::StringRef getParamVariableName(llvm::StringRef key);

/// Writes `file` in its flavour, byte-compatible with what MXNet 1.x
/// (`mx.nd.save`) and TVM (`tvm.runtime.save_param_dict`) write.
void writeParams(const ParamsFile &file, llvm::raw_ostream &os);

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_PARAMS_H
