// SPDX-License-Identifier: BSD-3-Clause
// hpcs/io/h5.hpp, reading side: the Id handle, dataset type info, and Reader (checks before
// opening, datasets, blocks and attributes). Writing is in h5_writer.cpp.
#include "hpcs/io/h5.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "h5_attribute_shape.hpp"
#include "h5_native_type.hpp"
#include "h5_storage.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"

namespace hpcs::h5 {
namespace fs = std::filesystem;
using detail::check_attribute_shape;
using detail::native_type;

Id& Id::operator=(Id&& o) noexcept {
  if (this != &o) {
    reset();
    id_ = o.id_;
    closer_ = o.closer_;
    o.id_ = H5I_INVALID_HID;
  }
  return *this;
}

void Id::reset() {
  if (id_ >= 0 && closer_) closer_(id_);
  id_ = H5I_INVALID_HID;
}

void quiet_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

std::string DatasetInfo::type_name() const {
  switch (kind) {
    case Kind::Integer: return (is_signed ? "int" : "uint") + std::to_string(8 * bytes);
    case Kind::Float: return "float" + std::to_string(8 * bytes);
    case Kind::String: return "string";
    default: return "non-numeric";
  }
}

namespace {

// Why `path` cannot be opened as HDF5, checked before HDF5 sees it so the message is plain.
void check_readable_hdf5(const std::string& path) {
  require_regular_file(path, "an HDF5 file");  // before anything opens it: a FIFO would block; a link loop
  std::error_code ec;
  if (!fs::exists(path, ec)) throw Error(path + (ec ? ": cannot be reached (" + ec.message() + ")" : ": no such file"));
  if (::access(path.c_str(), R_OK) != 0) throw Error(path + ": cannot be read (" + std::strerror(errno) + ")");
#if H5_VERSION_GE(1, 12, 0)
  const htri_t is_h5 = H5Fis_accessible(path.c_str(), H5P_DEFAULT);
#else
  const htri_t is_h5 = H5Fis_hdf5(path.c_str());
#endif
  if (is_h5 <= 0) throw Error(path + ": not an HDF5 file");
}

// A dataset of `file` opened for reading and checked (h5_storage.hpp). Parallel HDF5 1.10
// cannot read a virtual dataset through the MPI-IO driver (H5Dread fails), so such a
// dataset is read through a second, serial handle of the file that each rank opens on its
// own (reads are independent: nothing collective is lost).
struct OpenDataset {
  Id serial_file;  // declared first: closed after the dataset
  Id ds;
};

OpenDataset open_for_read(hid_t file, const std::string& path, const std::string& name) {
  OpenDataset o;
  o.ds = Id(H5Dopen2(file, name.c_str(), H5P_DEFAULT), H5Dclose);
  if (!o.ds) throw Error(path + ": no dataset '" + name + "'");
  detail::check_dataset_storage(file, o.ds.get(), path, name);
#ifdef H5_HAVE_PARALLEL
  Id dcpl(H5Dget_create_plist(o.ds.get()), H5Pclose);
  Id fapl(H5Fget_access_plist(file), H5Pclose);
  if (dcpl && fapl && H5Pget_layout(dcpl.get()) == H5D_VIRTUAL && H5Pget_driver(fapl.get()) == H5FD_MPIO) {
    o.ds.reset();
    o.serial_file = Id(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
    if (o.serial_file) o.ds = Id(H5Dopen2(o.serial_file.get(), name.c_str(), H5P_DEFAULT), H5Dclose);
    if (!o.ds) throw Error(path + ": cannot open virtual dataset '" + name + "' for reading");
  }
#endif
  return o;
}

}  // namespace

Reader::Reader(const std::string& path, MPI_Comm comm) : path_(path) {
  quiet_errors();
  check_readable_hdf5(path);
  Id fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
#ifdef H5_HAVE_PARALLEL
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  if (ranks > 1) H5Pset_fapl_mpio(fapl.get(), comm, MPI_INFO_NULL);
#else
  (void)comm;
#endif
  file_ = Id(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose);
  if (!file_) throw Error(path + ": cannot open as HDF5 (corrupt or locked file?)");
}

std::vector<std::string> Reader::root_names() const {
  std::vector<std::string> names;
  hsize_t index = 0;
  const auto collect = [](hid_t, const char* name, const H5L_info_t*, void* out) -> herr_t {
    static_cast<std::vector<std::string>*>(out)->push_back(name);
    return 0;
  };
  if (H5Literate(file_.get(), H5_INDEX_NAME, H5_ITER_INC, &index, collect, &names) < 0)
    throw Error(path_ + ": cannot list the root group");
  return names;
}

bool Reader::has_dataset(const std::string& name) const {
  if (name.empty()) return false;
  // Walk the path so a missing intermediate group is "absent", not an HDF5 error.
  std::string partial;
  std::size_t pos = name[0] == '/' ? 1 : 0;
  while (pos <= name.size()) {
    std::size_t next = name.find('/', pos);
    if (next == std::string::npos) next = name.size();
    partial = name.substr(0, next);
    if (!partial.empty() && partial != "/" && H5Lexists(file_.get(), partial.c_str(), H5P_DEFAULT) <= 0) return false;
    pos = next + 1;
  }
  H5O_info_t info;
#if H5_VERSION_GE(1, 12, 0)
  if (H5Oget_info_by_name3(file_.get(), name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return false;
#else
  if (H5Oget_info_by_name2(file_.get(), name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return false;
#endif
  return info.type == H5O_TYPE_DATASET;
}

DatasetInfo Reader::dataset_info(const std::string& name) const {
  if (!has_dataset(name)) throw Error(path_ + ": no dataset '" + name + "'");
  Id ds(H5Dopen2(file_.get(), name.c_str(), H5P_DEFAULT), H5Dclose);
  Id type(H5Dget_type(ds.get()), H5Tclose);
  Id space(H5Dget_space(ds.get()), H5Sclose);
  if (!ds || !type || !space) throw Error(path_ + ": cannot open dataset '" + name + "'");
  detail::check_dataset_storage(file_.get(), ds.get(), path_, name);
  DatasetInfo info;
  switch (H5Tget_class(type.get())) {
    case H5T_INTEGER:
      info.kind = Kind::Integer;
      info.is_signed = H5Tget_sign(type.get()) == H5T_SGN_2;
      break;
    case H5T_FLOAT: info.kind = Kind::Float; break;
    case H5T_STRING: info.kind = Kind::String; break;
    default: info.kind = Kind::Other;
  }
  info.bytes = H5Tget_size(type.get());
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) throw Error(path_ + ": dataset '" + name + "' has no simple dataspace");
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  info.dims.assign(dims.begin(), dims.end());
  return info;
}

template <class T>
void Reader::read_1d(const std::string& name, std::uint64_t begin, std::uint64_t count, T* out) const {
  const OpenDataset opened = open_for_read(file_.get(), path_, name);
  const Id& ds = opened.ds;
  Id file_space(H5Dget_space(ds.get()), H5Sclose);
  const hsize_t start = begin, n = count;
  Id mem_space(H5Screate_simple(1, &n, nullptr), H5Sclose);
  if (count == 0) {  // a rank with nothing to read still takes part in an MPI-IO file
    H5Sselect_none(file_space.get());
    H5Sselect_none(mem_space.get());
  } else if (H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, &start, nullptr, &n, nullptr) < 0) {
    throw Error(path_ + ": cannot select elements [" + std::to_string(begin) + ", " + std::to_string(begin + count) +
                ") of '" + name + "'");
  }
  if (H5Dread(ds.get(), native_type<T>(), mem_space.get(), file_space.get(), H5P_DEFAULT, out) < 0)
    throw Error(path_ + ": cannot read dataset '" + name + "' (truncated or corrupt file?)");
}

template void Reader::read_1d<float>(const std::string&, std::uint64_t, std::uint64_t, float*) const;
template void Reader::read_1d<double>(const std::string&, std::uint64_t, std::uint64_t, double*) const;
template void Reader::read_1d<std::int32_t>(const std::string&, std::uint64_t, std::uint64_t, std::int32_t*) const;
template void Reader::read_1d<std::int64_t>(const std::string&, std::uint64_t, std::uint64_t, std::int64_t*) const;
template void Reader::read_1d<std::uint8_t>(const std::string&, std::uint64_t, std::uint64_t, std::uint8_t*) const;

template <class T>
void Reader::read_block(const std::string& name, const std::vector<std::uint64_t>& start,
                        const std::vector<std::uint64_t>& count, T* out) const {
  const OpenDataset opened = open_for_read(file_.get(), path_, name);
  const Id& ds = opened.ds;
  Id file_space(H5Dget_space(ds.get()), H5Sclose);
  if (H5Sget_simple_extent_ndims(file_space.get()) != static_cast<int>(start.size()) || start.size() != count.size())
    throw Error(path_ + ": dataset '" + name + "' does not have " + std::to_string(start.size()) + " dimensions");
  const std::vector<hsize_t> s(start.begin(), start.end()), n(count.begin(), count.end());
  bool empty = n.empty();
  for (hsize_t c : n) empty = empty || c == 0;
  const hsize_t one = 1;
  Id mem_space(
      empty ? H5Screate_simple(1, &one, nullptr) : H5Screate_simple(static_cast<int>(n.size()), n.data(), nullptr),
      H5Sclose);
  if (empty) {
    H5Sselect_none(file_space.get());
    H5Sselect_none(mem_space.get());
  } else if (H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, s.data(), nullptr, n.data(), nullptr) < 0) {
    throw Error(path_ + ": cannot select a block of '" + name + "'");
  }
  if (H5Dread(ds.get(), native_type<T>(), mem_space.get(), file_space.get(), H5P_DEFAULT, out) < 0)
    throw Error(path_ + ": cannot read dataset '" + name + "' (truncated or corrupt file?)");
}

template void Reader::read_block<float>(const std::string&, const std::vector<std::uint64_t>&,
                                        const std::vector<std::uint64_t>&, float*) const;
template void Reader::read_block<double>(const std::string&, const std::vector<std::uint64_t>&,
                                         const std::vector<std::uint64_t>&, double*) const;

std::string Reader::attribute_where(const std::string& object, const std::string& name) const {
  return path_ + ": attribute '" + name + "'" + (object == "/" ? "" : " of '" + object + "'");
}

Id Reader::open_attribute(const std::string& object, const std::string& name, Kind expected) const {
  if (H5Aexists_by_name(file_.get(), object.c_str(), name.c_str(), H5P_DEFAULT) <= 0) return Id();
  Id attr(H5Aopen_by_name(file_.get(), object.c_str(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  const std::string where = attribute_where(object, name);
  if (!attr) throw Error(where + " cannot be opened (corrupt file?)");
  Id type(H5Aget_type(attr.get()), H5Tclose);
  Id space(H5Aget_space(attr.get()), H5Sclose);
  if (!type || !space) throw Error(where + " cannot be read (corrupt file?)");
  check_attribute_shape(where, type.get(), space.get(), expected);
  return attr;
}

std::optional<std::string> Reader::string_attribute(const std::string& object, const std::string& name) const {
  Id attr = open_attribute(object, name, Kind::String);
  if (!attr) return std::nullopt;
  Id type(H5Aget_type(attr.get()), H5Tclose);
  const std::string where = attribute_where(object, name);
  // The memory type takes the file's character set: HDF5 does not convert ASCII <-> UTF-8,
  // and Group::attribute writes UTF-8.
  const H5T_cset_t cset = H5Tget_cset(type.get());
  if (H5Tis_variable_str(type.get()) > 0) {
    char* s = nullptr;
    Id mem(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(mem.get(), H5T_VARIABLE);
    H5Tset_cset(mem.get(), cset);
    if (H5Aread(attr.get(), mem.get(), &s) < 0 || !s) throw Error(where + " cannot be read (corrupt file?)");
    std::string out(s);
    H5free_memory(s);
    return out;
  }
  const std::size_t size = H5Tget_size(type.get());
  std::string out(size, '\0');
  Id mem(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(mem.get(), size);
  H5Tset_cset(mem.get(), cset);
  if (H5Aread(attr.get(), mem.get(), out.data()) < 0) throw Error(where + " cannot be read (corrupt file?)");
  out.resize(out.find('\0') == std::string::npos ? size : out.find('\0'));
  return out;
}

std::optional<double> Reader::double_attribute(const std::string& object, const std::string& name) const {
  Id attr = open_attribute(object, name, Kind::Float);
  double v = 0;
  if (!attr) return std::nullopt;
  if (H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &v) < 0)
    throw Error(attribute_where(object, name) + " cannot be read as a number (corrupt file?)");
  return v;
}

std::optional<std::int64_t> Reader::int_attribute(const std::string& object, const std::string& name) const {
  Id attr = open_attribute(object, name, Kind::Integer);
  std::int64_t v = 0;
  if (!attr) return std::nullopt;
  if (H5Aread(attr.get(), H5T_NATIVE_INT64, &v) < 0)
    throw Error(attribute_where(object, name) + " cannot be read as an integer (out of range or corrupt?)");
  return v;
}

}  // namespace hpcs::h5
