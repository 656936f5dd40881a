// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_input.hpp"

#include <cstdint>
#include <cstdio>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/finite.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/base/splitmix64.hpp"

namespace hpcs::reduction {

namespace {

template <class T>
std::vector<T> generate(std::uint64_t seed, std::uint64_t begin, std::uint64_t count) {
  std::vector<T> v(count);
  const std::uint64_t key = splitmix64(seed);
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t h = splitmix64(key ^ (begin + k) * 0xD1B54A32D192ED03ull);
    if constexpr (std::is_same_v<T, std::int32_t>) {
      v[k] = static_cast<std::int32_t>(static_cast<std::int64_t>(h >> 33) - (std::int64_t{1} << 30));
    } else if constexpr (std::is_same_v<T, float>) {
      v[k] = static_cast<float>(h >> 40) * 0x1p-23f - 1.0f;  // 24 random bits: exact in float
    } else {
      v[k] = static_cast<double>(h >> 11) * 0x1p-52 - 1.0;  // 53 random bits: exact in double
    }
  }
  return v;
}

}  // namespace

HostArray generate_slice(DType type, std::uint64_t seed, std::uint64_t begin, std::uint64_t count) {
  switch (type) {
    case DType::Int32: return generate<std::int32_t>(seed, begin, count);
    case DType::Float32: return generate<float>(seed, begin, count);
    default: return generate<double>(seed, begin, count);
  }
}

InputSlice generate_input(const MpiContext& mpi, DType type, std::uint64_t n, std::uint64_t seed) {
  return collective(mpi, [&] {
    if (n == 0) throw Error("--n 0: the vector must have at least one element");
    const Block b = block_of(n, mpi.size(), mpi.rank());
    check_fits_in_memory(b.count * dtype_bytes(type),
                         "--n " + std::to_string(n) + ": the slice of rank " + std::to_string(mpi.rank()));
    return InputSlice{generate_slice(type, seed, b.begin, b.count), n, b.begin};
  });
}

InputSlice load_slice(const MpiContext& mpi, const std::string& path, const std::string& dataset) {
  // The reader opens the file on every rank (collectively with parallel HDF5); errors in
  // the checks below are the same on all ranks, so they leave together.
  return collective(mpi, [&] {
    h5::Reader reader(path, mpi.comm());
    const h5::DatasetInfo info = reader.dataset_info(dataset);
    const std::string where = path + ": dataset '" + dataset + "'";
    if (info.dims.size() != 1)
      throw Error(where + " has " + std::to_string(info.dims.size()) + " dimensions; expected a 1-D vector");
    DType type;
    if (info.kind == h5::Kind::Integer && info.is_signed && info.bytes == 4) type = DType::Int32;
    else if (info.kind == h5::Kind::Float && info.bytes == 4) type = DType::Float32;
    else if (info.kind == h5::Kind::Float && info.bytes == 8) type = DType::Float64;
    else throw Error(where + " holds " + info.type_name() + "; expected int32, float32 or float64");
    const std::uint64_t n = info.dims[0];
    if (n == 0) throw Error(where + " is empty");
    const Block b = block_of(n, mpi.size(), mpi.rank());
    // Saturated: a declared size near 2^64 would wrap the byte count to a small one.
    const std::uint64_t bytes = b.count > UINT64_MAX / dtype_bytes(type) ? UINT64_MAX : b.count * dtype_bytes(type);
    check_fits_in_memory(bytes, where + ": the slice of rank " + std::to_string(mpi.rank()));
    InputSlice s{HostArray{}, n, b.begin};
    switch (type) {
      case DType::Int32: s.data = std::vector<std::int32_t>(b.count); break;
      case DType::Float32: s.data = std::vector<float>(b.count); break;
      default: s.data = std::vector<double>(b.count);
    }
    std::visit(
        [&](auto& v) {
          reader.read_1d(dataset, b.begin, b.count, v.data());
          if (auto i = first_non_finite(v.data(), v.size()))
            throw Error(where + " holds a value that is not finite (NaN or infinite) at element " +
                        std::to_string(b.begin + *i) + "; non-finite input is refused");
        },
        s.data);
    return s;
  });
}

}  // namespace hpcs::reduction
