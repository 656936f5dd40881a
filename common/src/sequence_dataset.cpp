// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/sequence_dataset.hpp"

#include "hpcs/base/error.hpp"

namespace hpcs {

std::int64_t sequence_dataset_length(const h5::Reader& r, const std::string& name) {
  const h5::DatasetInfo info = r.dataset_info(name);
  const std::string where = r.path() + ": dataset '" + name + "'";
  if (info.dims.size() != 1)
    throw Error(where + " has " + std::to_string(info.dims.size()) + " dimensions; expected a 1-D sequence");
  if (info.kind != h5::Kind::Integer || info.is_signed || info.bytes != 1)
    throw Error(where + " holds " + info.type_name() + "; expected uint8 letter codes");
  return static_cast<std::int64_t>(info.dims[0]);
}

}  // namespace hpcs
