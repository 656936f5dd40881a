// SPDX-License-Identifier: BSD-3-Clause
// The checks every dataset read runs before H5Dread, on the dataset's creation property
// list: how it is stored must be readable here. Without them a dataset compressed with a
// filter this HDF5 build lacks (LZF, Blosc, ... from h5py or PyTables) fails in H5Dread and
// is reported as "truncated or corrupt", and a virtual dataset (VDS) whose source file or
// source dataset is missing reads as its fill value: zeros, and a run that "passes".
#pragma once
#include <hdf5.h>

#include <string>

namespace hpcs::h5::detail {

// Throws hpcs::Error "<path>: dataset '<name>' is compressed with filter 'lzf' (HDF5 filter
// 32000), which is not available in this HDF5 build ..." or "<path>: dataset '<name>' is a
// virtual dataset whose source file 'part1.h5' is missing (looked for ...)".
// `file` is the open file holding dataset `ds`; `path` its name as given.
void check_dataset_storage(hid_t file, hid_t ds, const std::string& path, const std::string& name);

}  // namespace hpcs::h5::detail
