// SPDX-License-Identifier: BSD-3-Clause
// The check every attribute read runs before H5Aread: exactly one value (a scalar, or an
// array of one element) of the class asked for. Without it an array attribute is read
// into the buffer of one value (memory overwritten, or a crash), and a string is taken
// for "absent" when a number was asked for, or the reverse.
#pragma once
#include <hdf5.h>

#include <string>

#include "hpcs/io/h5.hpp"

namespace hpcs::h5::detail {

// Fixed-length string attributes longer than this are refused before any allocation (a
// corrupt size would otherwise allocate gigabytes).
constexpr std::size_t kMaxStringAttributeBytes = std::size_t{1} << 20;

// Throws "<where> is an array of 100000 strings; expected a scalar string". `expected`:
// String, Integer, or Float (any number: integers convert).
void check_attribute_shape(const std::string& where, hid_t type, hid_t space, Kind expected);

}  // namespace hpcs::h5::detail
