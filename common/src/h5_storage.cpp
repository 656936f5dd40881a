// SPDX-License-Identifier: BSD-3-Clause
// h5_storage.hpp: filters and virtual-dataset sources checked before a dataset is read.
#include "h5_storage.hpp"

#include <cstdlib>
#include <filesystem>
#include <set>
#include <utility>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"

namespace hpcs::h5::detail {
namespace fs = std::filesystem;

namespace {

void check_filters(hid_t dcpl, const std::string& where) {
  const int n = H5Pget_nfilters(dcpl);
  for (int i = 0; i < n; ++i) {
    unsigned flags = 0, config = 0;
    std::size_t n_values = 0;
    char name[256] = {};
    const H5Z_filter_t id =
        H5Pget_filter2(dcpl, static_cast<unsigned>(i), &flags, &n_values, nullptr, sizeof name, name, &config);
    if (id < 0) throw Error(where + " has a filter pipeline that cannot be read (corrupt file?)");
    const std::string label =
        (name[0] ? "'" + std::string(name) + "' " : std::string()) + "(HDF5 filter " + std::to_string(id) + ")";
    // H5Zfilter_avail also looks for a plugin (HDF5_PLUGIN_PATH) and loads it.
    if (H5Zfilter_avail(id) <= 0)
      throw Error(where + " is compressed with filter " + label +
                  ", which is not available in this HDF5 build (filter not available: install its plugin "
                  "on HDF5_PLUGIN_PATH, or rewrite the file without it, e.g. h5repack -f NONE)");
    unsigned info = 0;
    if (H5Zget_filter_info(id, &info) < 0 || !(info & H5Z_FILTER_CONFIG_DECODE_ENABLED))
      throw Error(where + " is compressed with filter " + label +
                  ", whose decoder is not available in this HDF5 build (filter not available for reading)");
  }
}

std::string virtual_string(hid_t dcpl, std::size_t i, bool file_name) {
  const auto get = [&](char* buf, std::size_t size) {
    return file_name ? H5Pget_virtual_filename(dcpl, i, buf, size) : H5Pget_virtual_dsetname(dcpl, i, buf, size);
  };
  const ssize_t len = get(nullptr, 0);
  if (len < 0) return {};
  std::string s(static_cast<std::size_t>(len) + 1, '\0');
  get(s.data(), s.size());
  s.resize(static_cast<std::size_t>(len));
  return s;
}

// Where HDF5 looks for a VDS source file (H5F_prefix_open_file, HDF5 1.10-1.14): the name
// if absolute, then (by its last component if it was absolute) every directory of
// HDF5_VDS_PREFIX, the directory of the VDS file, and the working directory.
std::vector<fs::path> source_candidates(const std::string& source, const std::string& vds_path) {
  std::vector<fs::path> out;
  fs::path name(source);
  if (name.is_absolute()) {
    out.push_back(name);
    name = name.filename();
  }
  if (const char* prefix = std::getenv("HDF5_VDS_PREFIX")) {
    std::string list(prefix);
    for (std::size_t pos = 0; pos <= list.size();) {
      std::size_t end = list.find(':', pos);
      if (end == std::string::npos) end = list.size();
      if (end > pos) out.push_back(fs::path(list.substr(pos, end - pos)) / name);
      pos = end + 1;
    }
  }
  out.push_back(fs::absolute(fs::path(vds_path)).parent_path() / name);
  out.push_back(name);
  return out;
}

bool has_dataset(hid_t file, const std::string& name) {
  // Every group on the way must exist, or H5Lexists fails instead of answering no.
  for (std::size_t pos = name[0] == '/' ? 1 : 0; pos <= name.size();) {
    std::size_t next = name.find('/', pos);
    if (next == std::string::npos) next = name.size();
    const std::string partial = name.substr(0, next);
    if (!partial.empty() && partial != "/" && H5Lexists(file, partial.c_str(), H5P_DEFAULT) <= 0) return false;
    pos = next + 1;
  }
  H5O_info_t info;
#if H5_VERSION_GE(1, 12, 0)
  if (H5Oget_info_by_name3(file, name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return false;
#else
  if (H5Oget_info_by_name2(file, name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return false;
#endif
  return info.type == H5O_TYPE_DATASET;
}

void check_virtual_sources(hid_t file, hid_t dcpl, const std::string& path, const std::string& where) {
  std::size_t count = 0;
  if (H5Pget_virtual_count(dcpl, &count) < 0)
    throw Error(where + " is a virtual dataset whose mappings cannot be read (corrupt file?)");
  std::set<std::pair<std::string, std::string>> seen;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string source = virtual_string(dcpl, i, true), dataset = virtual_string(dcpl, i, false);
    if (source.empty() || dataset.empty())
      throw Error(where + " is a virtual dataset whose mapping " + std::to_string(i) +
                  " cannot be read (corrupt file?)");
    // printf-style names (%b: a block number, in unlimited mappings) name many files; HDF5
    // fills what is missing with the fill value by design there, so only fixed names are checked.
    if (source.find('%') != std::string::npos || dataset.find('%') != std::string::npos) continue;
    if (!seen.insert({source, dataset}).second) continue;
    const std::string what = where + " is a virtual dataset whose source";
    if (source == ".") {  // the source dataset is in the same file
      if (!has_dataset(file, dataset)) throw Error(what + " dataset '" + dataset + "' (in this file) is missing");
      continue;
    }
    std::string found;
    std::error_code ec;
    for (const fs::path& p : source_candidates(source, path))
      if (fs::is_regular_file(p, ec)) {
        found = p.string();
        break;
      }
    if (found.empty())
      throw Error(what + " file '" + source + "' is missing (looked beside " + path +
                  ", in the working directory and on HDF5_VDS_PREFIX); it would read as fill values");
    if (H5Fis_hdf5(found.c_str()) <= 0) throw Error(what + " file '" + found + "' is not an HDF5 file");
    Id src(H5Fopen(found.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
    if (!src) throw Error(what + " file '" + found + "' cannot be opened: " + failure_cause());
    if (!has_dataset(src.get(), dataset))
      throw Error(what + " file '" + found + "' has no dataset '" + dataset + "'; it would read as fill values");
    // The source's own storage must be readable too (its filters).
    Id src_ds(H5Dopen2(src.get(), dataset.c_str(), H5P_DEFAULT), H5Dclose);
    Id src_dcpl(src_ds ? H5Dget_create_plist(src_ds.get()) : H5I_INVALID_HID, H5Pclose);
    if (!src_dcpl) throw Error(what + " dataset '" + dataset + "' in '" + found + "' cannot be opened (corrupt file?)");
    check_filters(src_dcpl.get(), where + " (its source '" + dataset + "' in '" + found + "')");
  }
}

}  // namespace

void check_dataset_storage(hid_t file, hid_t ds, const std::string& path, const std::string& name) {
  const std::string where = path + ": dataset '" + name + "'";
  Id dcpl(H5Dget_create_plist(ds), H5Pclose);
  if (!dcpl) throw Error(where + ": its storage properties cannot be read (corrupt file?)");
  check_filters(dcpl.get(), where);
  if (H5Pget_layout(dcpl.get()) == H5D_VIRTUAL) check_virtual_sources(file, dcpl.get(), path, where);
}

}  // namespace hpcs::h5::detail
