//===- NpyFile.cpp - NumPy .npy arrays --------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the .npy reader and writer declared in NpyFile.h.
// The header is a Python dict literal: only 'descr', 'fortran_order' and
// 'shape' are read, and every size is checked against the file.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/NpyFile.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::nngraph;

std::string nngraph::getNpyDType(Type t) {
  const DTypeInfo *d = lookupDType(t);
  return d ? d->numpy.str() : "";
}

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

unsigned NpyArray::elementSize() const {
  return dtype.size() > 2 ? dtype.back() - '0' : 0;
}

double NpyArray::get(int64_t i) const {
  const char *p = bytes.data() + i * elementSize();
  char kind = dtype[1];
  switch (elementSize()) {
  case 1:
    return kind == 'u' || kind == 'b' ? double(uint8_t(*p))
                                      : double(int8_t(*p));
  case 2: {
    int16_t v;
    std::memcpy(&v, p, 2);
    if (kind != 'f')
      return v;
    // float16: expand by hand.
    uint16_t h = uint16_t(v);
    int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    double m = exp ? 1.0 + mant / 1024.0 : mant / 1024.0;
    double r = std::ldexp(m, exp ? exp - 15 : -14);
    return (h & 0x8000) ? -r : r;
  }
  case 4: {
    if (kind == 'f') {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case 8: {
    if (kind == 'f') {
      double v;
      std::memcpy(&v, p, 8);
      return v;
    }
    int64_t v;
    std::memcpy(&v, p, 8);
    return double(v);
  }
  }
  return 0;
}

void NpyArray::set(int64_t i, double value) {
  char *p = bytes.data() + i * elementSize();
  char kind = dtype[1];
  switch (elementSize()) {
  case 1:
    *p = kind == 'b' ? char(value != 0) : char(int64_t(value));
    return;
  case 2: {
    int16_t v = int16_t(value);
    if (kind == 'f') {
      // float16: round through float with truncation of the mantissa.
      float f = float(value);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      int exp = int((bits >> 23) & 0xff) - 127 + 15;
      uint16_t h = uint16_t((bits >> 16) & 0x8000);
      if (exp > 0 && exp < 31)
        h |= uint16_t(exp << 10) | uint16_t((bits >> 13) & 0x3ff);
      v = int16_t(h);
    }
    std::memcpy(p, &v, 2);
    return;
  }
  case 4:
    if (kind == 'f') {
      float f = float(value);
      std::memcpy(p, &f, 4);
    } else {
      int32_t v = int32_t(value);
      std::memcpy(p, &v, 4);
    }
    return;
  case 8:
    if (kind == 'f') {
      std::memcpy(p, &value, 8);
    } else {
      int64_t v = int64_t(value);
      std::memcpy(p, &v, 8);
    }
    return;
  }
}

std::string NpyArray::describe() const {
  const DTypeInfo *d = lookupDTypeByNumPy(dtype);
  std::string s = (d ? d->name.str() : dtype) + " [";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

static llvm::Error npyError(llvm::StringRef path, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "'" + path + "': " + msg);
}

llvm::Expected<NpyArray> nngraph::readNpy(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return npyError(path, buffer.getError().message());
  llvm::StringRef data = (*buffer)->getBuffer();
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return npyError(path, "not a .npy file (bad magic)");
  unsigned major = uint8_t(data[6]);
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = uint8_t(data[8]) | (size_t(uint8_t(data[9])) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return npyError(path, "truncated header");
    headerLen = uint8_t(data[8]) | (size_t(uint8_t(data[9])) << 8) |
                (size_t(uint8_t(data[10])) << 16) |
                (size_t(uint8_t(data[11])) << 24);
    offset = 12;
  } else {
    return npyError(path, "unsupported .npy version " + llvm::Twine(major));
  }
  if (offset + headerLen > data.size())
    return npyError(path, "truncated header");
  llvm::StringRef header = data.substr(offset, headerLen);
  NpyArray a;
  auto field = [&](llvm::StringRef key) -> llvm::StringRef {
    size_t at = header.find("'" + key.str() + "'");
    if (at == llvm::StringRef::npos)
      return {};
    return header.drop_front(at + key.size() + 2).ltrim(" :");
  };
  llvm::StringRef descr = field("descr");
  if (!descr.consume_front("'") || descr.find('\'') == llvm::StringRef::npos)
    return npyError(path, "header has no 'descr'");
  a.dtype = descr.take_until([](char c) { return c == '\''; }).str();
  // Aliases ("f4") read as the table's spelling ("<f4").
  const DTypeInfo *known = lookupDTypeByNumPy(a.dtype);
  if (known)
    a.dtype = known->numpy.str();
  if (field("fortran_order").starts_with("True"))
    return npyError(path, "Fortran-order arrays are not supported");
  llvm::StringRef shape = field("shape");
  if (!shape.consume_front("("))
    return npyError(path, "header has no 'shape'");
  shape = shape.take_until([](char c) { return c == ')'; });
  SmallVector<llvm::StringRef> dims;
  shape.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v) || v < 0)
      return npyError(path, "bad shape '(" + shape + ")'");
    a.shape.push_back(v);
  }
  if (!known)
    return npyError(path, "unsupported dtype '" + a.dtype + "'");
  size_t size = a.numElements() * a.elementSize();
  size_t start = offset + headerLen;
  if (data.size() - start != size)
    return npyError(path, "expected " + llvm::Twine(size) +
                              " bytes of data, got " +
                              llvm::Twine(data.size() - start));
  a.bytes.assign(data.begin() + start, data.end());
  return a;
}

llvm::Error nngraph::writeNpy(const NpyArray &a, llvm::StringRef path) {
  std::string header =
      "{'descr': '" + a.dtype + "', 'fortran_order': False, 'shape': (";
  for (int64_t d : a.shape)
    header += std::to_string(d) + ", ";
  if (a.shape.size() > 1)
    header.resize(header.size() - 1); // "(2, 3)" not "(2, 3, )"
  if (a.shape.size() > 1)
    header.back() = ')';
  else
    header += ")";
  header += ", }";
  // Pad with spaces so that the data starts on a 64-byte boundary.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return npyError(path, ec.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  os.write(a.bytes.data(), a.bytes.size());
  return llvm::Error::success();
}
