// SPDX-License-Identifier: BSD-3-Clause
// Private to h5.cpp and h5_writer.cpp: the HDF5 native type of each element type that
// hpcs::h5 reads and writes.
#pragma once
#include <hdf5.h>

#include <cstdint>
#include <type_traits>

namespace hpcs::h5::detail {

template <class T>
hid_t native_type() {
  if constexpr (std::is_same_v<T, float>) return H5T_NATIVE_FLOAT;
  else if constexpr (std::is_same_v<T, double>) return H5T_NATIVE_DOUBLE;
  else if constexpr (std::is_same_v<T, std::int32_t>) return H5T_NATIVE_INT32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return H5T_NATIVE_INT64;
  else if constexpr (std::is_same_v<T, std::uint8_t>) return H5T_NATIVE_UINT8;
  else static_assert(sizeof(T) == 0, "unsupported HDF5 element type");
}

}  // namespace hpcs::h5::detail
