// SPDX-License-Identifier: BSD-3-Clause
#include "h5_attribute_shape.hpp"

#include <vector>

#include "hpcs/base/error.hpp"

namespace hpcs::h5::detail {

namespace {
const char* class_name(H5T_class_t c) {
  switch (c) {
    case H5T_STRING: return "string";
    case H5T_INTEGER: return "integer";
    case H5T_FLOAT: return "float";
    case H5T_COMPOUND: return "compound value";
    case H5T_ENUM: return "enum value";
    case H5T_ARRAY: return "array-typed value";
    case H5T_VLEN: return "variable-length sequence";
    case H5T_REFERENCE: return "reference";
    case H5T_OPAQUE: return "opaque value";
    case H5T_BITFIELD: return "bitfield";
    default: return "value of an unknown type";
  }
}

std::string with_article(const std::string& noun) { return (noun.find_first_of("aeiou") == 0 ? "an " : "a ") + noun; }

// "a string", "an array of 100000 strings", "an array of 3 x 4 integers", "empty (no value)".
std::string describe(H5T_class_t c, hid_t space) {
  const std::string what = class_name(c);
  switch (H5Sget_simple_extent_type(space)) {
    case H5S_SCALAR: return with_article(what);
    case H5S_NULL: return "empty (no value)";
    case H5S_SIMPLE: break;
    default: return "of an unknown shape";
  }
  const int rank = H5Sget_simple_extent_ndims(space);
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank > 0 ? rank : 0));
  if (rank > 0) H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  std::string shape;
  for (hsize_t d : dims) shape += (shape.empty() ? "" : " x ") + std::to_string(d);
  return "an array of " + shape + " " + what + "s";
}

bool class_fits(H5T_class_t c, Kind expected) {
  switch (expected) {
    case Kind::String: return c == H5T_STRING;
    case Kind::Integer: return c == H5T_INTEGER;
    case Kind::Float: return c == H5T_FLOAT || c == H5T_INTEGER;
    default: return false;
  }
}

const char* expected_name(Kind expected) {
  switch (expected) {
    case Kind::String: return "a scalar string";
    case Kind::Integer: return "a scalar integer";
    default: return "a scalar number";
  }
}
}  // namespace

void check_attribute_shape(const std::string& where, hid_t type, hid_t space, Kind expected) {
  const H5T_class_t c = H5Tget_class(type);
  const H5S_class_t shape = H5Sget_simple_extent_type(space);
  const bool one_value = shape == H5S_SCALAR || (shape == H5S_SIMPLE && H5Sget_simple_extent_npoints(space) == 1);
  if (!one_value || !class_fits(c, expected))
    throw Error(where + " is " + describe(c, space) + "; expected " + expected_name(expected));
  if (c == H5T_STRING && H5Tis_variable_str(type) <= 0 && H5Tget_size(type) > kMaxStringAttributeBytes)
    throw Error(where + " is a string of " + std::to_string(H5Tget_size(type)) + " bytes; expected at most " +
                std::to_string(kMaxStringAttributeBytes));
}

}  // namespace hpcs::h5::detail
