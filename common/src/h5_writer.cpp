// SPDX-License-Identifier: BSD-3-Clause
// hpcs/io/h5.hpp, writing side: Group (subgroups, attributes, datasets) and Writer, which
// writes to a temporary file and renames it into place on commit.
#include "hpcs/io/h5.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "h5_native_type.hpp"
#include "h5_write_faults.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"
#include "hpcs/io/temporary_files.hpp"

namespace hpcs::h5 {
namespace fs = std::filesystem;
using detail::native_type;

Group Group::group(const std::string& name) {
  Id g(H5Gcreate2(id_.get(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
  if (!g) throw Error(where_ + ": cannot create group '" + name + "': " + failure_cause());
  return Group(std::move(g), where_ + (where_.back() == '/' ? "" : "/") + name);
}

namespace {
void write_attribute(hid_t obj, const std::string& where, const std::string& name, hid_t type, const void* value) {
  Id space(H5Screate(H5S_SCALAR), H5Sclose);
  Id attr(H5Acreate2(obj, name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (!attr || H5Awrite(attr.get(), type, value) < 0)
    throw Error(where + ": cannot write attribute '" + name + "': " + failure_cause());
}
}  // namespace

void Group::attribute(const std::string& name, const std::string& value) {
  // Variable-length UTF-8 strings: h5py reads them back as str.
  Id type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type.get(), H5T_VARIABLE);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  const char* p = value.c_str();
  write_attribute(id_.get(), where_, name, type.get(), &p);
}
void Group::attribute(const std::string& name, double value) {
  write_attribute(id_.get(), where_, name, H5T_NATIVE_DOUBLE, &value);
}
void Group::attribute(const std::string& name, std::int64_t value) {
  write_attribute(id_.get(), where_, name, H5T_NATIVE_INT64, &value);
}
void Group::attribute(const std::string& name, bool value) {
  const std::uint8_t v = value ? 1 : 0;
  write_attribute(id_.get(), where_, name, H5T_NATIVE_UINT8, &v);
}

void Group::dataset_attribute(const std::string& dataset, const std::string& name, const std::string& value) {
  Id ds(H5Dopen2(id_.get(), dataset.c_str(), H5P_DEFAULT), H5Dclose);
  if (!ds) throw Error(where_ + ": no dataset '" + dataset + "' for attribute '" + name + "'");
  Group(std::move(ds), where_ + "/" + dataset).attribute(name, value);
}

template <class T>
void Group::dataset(const std::string& name, const T* data, std::uint64_t count) {
  const hsize_t n = count;
  Id space(H5Screate_simple(1, &n, nullptr), H5Sclose);
  Id ds(H5Dcreate2(id_.get(), name.c_str(), native_type<T>(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
        H5Dclose);
  if (!ds || (count && H5Dwrite(ds.get(), native_type<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0))
    throw Error(where_ + ": cannot write dataset '" + name + "': " + failure_cause());
}

template void Group::dataset<float>(const std::string&, const float*, std::uint64_t);
template void Group::dataset<double>(const std::string&, const double*, std::uint64_t);
template void Group::dataset<std::int32_t>(const std::string&, const std::int32_t*, std::uint64_t);
template void Group::dataset<std::int64_t>(const std::string&, const std::int64_t*, std::uint64_t);
template void Group::dataset<std::uint8_t>(const std::string&, const std::uint8_t*, std::uint64_t);

Writer::Writer(const std::string& path) : path_(path) {
  quiet_errors();
  detail::apply_test_file_size_limit();
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw Error(path + ": cannot write (directory " + dir.string() + " does not exist)");
  require_replaceable_output(path);
  // A read-only directory (file system mounted read-only, no write permission) named plainly;
  // HDF5 would only say that the create failed.
  if (::access(dir.c_str(), W_OK) != 0) {
    const int e = errno;
    throw Error(path + ": cannot write (directory " + dir.string() + ": " + std::strerror(e) + ")");
  }
  temp_ = path + ".tmp." + std::to_string(::getpid());
  temp_slot_ = register_temporary_file(temp_);  // removed if SIGINT/SIGTERM ends the run
  file_ = Id(H5Fcreate(temp_.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
  if (!file_) {
    const std::string why = failure_cause(errno);
    unregister_temporary_file(temp_slot_);
    std::remove(temp_.c_str());
    throw Error(path + ": cannot create: " + why);
  }
}

Writer::~Writer() {
  if (!committed_) {
    if (file_) detail::discard_writes(file_.get());
    file_.reset();
    std::remove(temp_.c_str());
  }
  unregister_temporary_file(temp_slot_);
}

Group Writer::root() { return Group(Id(H5Gopen2(file_.get(), "/", H5P_DEFAULT), H5Gclose), path_ + ":/"); }

void Writer::commit() {
  detail::apply_test_commit_delay();
  // On failure the destructor discards the file. The space is reserved first: a flush
  // that fails half-way leaves HDF5 1.10 unable to close the file (h5_write_faults.hpp).
  if (const int e = detail::reserve_final_size(file_.get())) throw Error(path_ + ": cannot write: " + std::strerror(e));
  if (H5Fflush(file_.get(), H5F_SCOPE_GLOBAL) < 0) throw Error(path_ + ": cannot write: " + failure_cause());
  file_.reset();
  detail::release_reservation(temp_);
  std::error_code ec;
  fs::rename(temp_, path_, ec);
  if (ec) {
    std::remove(temp_.c_str());
    throw Error(path_ + ": cannot rename the finished file into place: " + ec.message());
  }
  committed_ = true;
}

}  // namespace hpcs::h5
