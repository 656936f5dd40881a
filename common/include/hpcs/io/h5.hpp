// SPDX-License-Identifier: BSD-3-Clause
// A thin RAII layer over HDF5's C API: reading slices of input datasets (every rank
// reads only its hyperslab) and writing result files atomically (temporary name,
// renamed when complete). Every error names the file and what is wrong.
#pragma once
#include <hdf5.h>
#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/base/non_copyable.hpp"

namespace hpcs::h5 {

// Owns one HDF5 identifier and closes it with the matching H5?close function.
class Id {
 public:
  using Closer = herr_t (*)(hid_t);
  Id() = default;
  Id(hid_t id, Closer closer) : id_(id), closer_(closer) {}
  ~Id() { reset(); }
  Id(Id&& o) noexcept : id_(o.id_), closer_(o.closer_) { o.id_ = H5I_INVALID_HID; }
  Id& operator=(Id&& o) noexcept;
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  hid_t get() const { return id_; }
  explicit operator bool() const { return id_ >= 0; }
  void reset();

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

enum class Kind { Integer, Float, String, Other };

struct DatasetInfo {
  Kind kind = Kind::Other;
  bool is_signed = false;
  std::size_t bytes = 0;            // size of one element
  std::vector<std::uint64_t> dims;  // empty for a scalar dataset
  std::string type_name() const;    // "int32", "uint8", "float64", "string", ...
};

// Opens an existing file for reading. With parallel HDF5 and a communicator of more
// than one rank the file is opened with the MPI-IO driver (collectively: construct
// and destroy on every rank of comm); reads are independent, so a rank may read an
// empty slice. With serial HDF5 each rank opens the file itself.
class Reader {
 public:
  Reader(const std::string& path, MPI_Comm comm);
  const std::string& path() const { return path_; }
  bool has_dataset(const std::string& name) const;
  // Names of the root group's members (datasets, groups, links), in name order: for readers
  // that must refuse what they would otherwise ignore.
  std::vector<std::string> root_names() const;
  DatasetInfo dataset_info(const std::string& name) const;  // throws if missing
  // Reads elements [begin, begin+count) of a 1-D dataset, converting to T.
  template <class T>
  void read_1d(const std::string& name, std::uint64_t begin, std::uint64_t count, T* out) const;
  // Reads the block [start, start + count) of an N-D dataset (row-major into `out`),
  // converting to T; a zero count selects nothing (an MPI-IO rank with no share).
  template <class T>
  void read_block(const std::string& name, const std::vector<std::uint64_t>& start,
                  const std::vector<std::uint64_t>& count, T* out) const;
  // Attributes of a dataset (or "/" for the file); nullopt if absent. One value of the kind
  // asked for or an error naming the file, the attribute and what it holds instead ("is an
  // array of 100000 strings; expected a scalar string"); integers read as doubles too.
  std::optional<std::string> string_attribute(const std::string& object, const std::string& name) const;
  std::optional<double> double_attribute(const std::string& object, const std::string& name) const;
  std::optional<std::int64_t> int_attribute(const std::string& object, const std::string& name) const;

 private:
  // The attribute checked to hold one value of `expected` (h5_attribute_shape.hpp); empty if absent.
  Id open_attribute(const std::string& object, const std::string& name, Kind expected) const;
  std::string attribute_where(const std::string& object, const std::string& name) const;
  std::string path_;
  Id file_;
};

// A group of a file being written: attributes (scalars, strings) and 1-D datasets.
class Group {
 public:
  explicit Group(Id id, std::string where) : id_(std::move(id)), where_(std::move(where)) {}
  Group group(const std::string& name);  // creates a child group
  void attribute(const std::string& name, const std::string& value);
  void attribute(const std::string& name, const char* value) { attribute(name, std::string(value)); }
  void attribute(const std::string& name, double value);
  void attribute(const std::string& name, std::int64_t value);
  void attribute(const std::string& name, bool value);
  template <class T>
  void dataset(const std::string& name, const T* data, std::uint64_t count);
  template <class T>
  void dataset(const std::string& name, const std::vector<T>& v) {
    dataset(name, v.data(), v.size());
  }
  // A string attribute on a dataset of this group.
  void dataset_attribute(const std::string& dataset, const std::string& name, const std::string& value);
  hid_t id() const { return id_.get(); }
  const std::string& where() const { return where_; }  // "<file>:/<group>", for messages

 private:
  Id id_;
  std::string where_;
};

// Writes `path` atomically: everything goes to a temporary file in the same directory,
// which commit() closes and renames to `path`. Without commit() (an exception, a full
// disk, SIGINT/SIGTERM: hpcs/io/temporary_files.hpp) the temporary file is removed and `path`
// is left untouched.
class Writer : NonCopyable {
 public:
  explicit Writer(const std::string& path);
  ~Writer();
  Group root();
  void commit();
  const std::string& temporary_path() const { return temp_; }

 private:
  std::string path_, temp_;
  int temp_slot_ = -1;  // hpcs/io/temporary_files.hpp
  Id file_;
  bool committed_ = false;
};

// Silences HDF5's automatic error-stack printing (our errors are one line each).
void quiet_errors();

// Why the HDF5 call that just failed failed, for the end of a one-line error: the system's
// reason from HDF5's error stack ("No space left on device", "File too large"), else
// strerror(fallback_errno) when that is not 0, else HDF5's own innermost message.
std::string failure_cause(int fallback_errno = 0);

}  // namespace hpcs::h5
