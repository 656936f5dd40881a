// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_input.hpp"

#include <algorithm>
#include <cmath>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/base/splitmix64.hpp"
#include "hpcs/base/value_by_name.hpp"

namespace hpcs::matrixchain {

namespace {
std::string dataset_name(int m) { return "/A" + std::to_string(m); }

double round_to(Precision p, double v) {
  return p == Precision::Float32 ? static_cast<double>(static_cast<float>(v)) : v;
}

// Host bytes of a rank's chain: its band of A1 and all of A2..An in doubles, twice (the
// executors' converted copies and the reference's intermediates are of the same order).
std::uint64_t host_bytes(const Dims& dims, std::int64_t rows) {
  double elements = static_cast<double>(rows) * static_cast<double>(dims[1]);
  for (std::size_t m = 2; m < dims.size(); ++m)
    elements += static_cast<double>(dims[m - 1]) * static_cast<double>(dims[m]);
  return static_cast<std::uint64_t>(std::min(elements * 8 * 2, 1.8e19));
}

Block rows_of_rank(const MpiContext& mpi, const Dims& dims, const std::string& what) {
  const auto p0 = static_cast<std::uint64_t>(dims[0]);
  require_share_per_rank(p0, mpi.size(), "rows", what);
  return block_of(p0, mpi.size(), mpi.rank());
}

// Finite values everywhere; integer-valued chains get the bound of their partial sums:
// (|A_1| ... |A_n|) and every sub-chain's entries are at most the product of the row sums
// of A_1 .. A_{n-1} (each at least 1) times the largest |entry| of A_n.
void check_values(const MpiContext& mpi, LoadedChain& c, const std::string& what) {
  const ChainData& d = c.data;
  std::optional<std::string> error;
  bool integers = true;
  double bound = 1;
  for (int m = 1; m <= d.n(); ++m) {
    const std::vector<double>& a = d.matrices[static_cast<std::size_t>(m - 1)];
    const std::int64_t cols = d.cols_of(m);
    double largest = 0;  // row sum (m < n) or entry (m = n)
    for (std::int64_t r = 0; r < d.rows_of(m) && !error; ++r) {
      double row = 0;
      for (std::int64_t k = 0; k < cols; ++k) {
        const double v = a[static_cast<std::size_t>(r * cols + k)];
        if (!std::isfinite(v)) {
          error = what + ": dataset 'A" + std::to_string(m) + "' holds a value that is not finite at row " +
                  std::to_string(r + (m == 1 ? d.first_row : 0)) + ", column " + std::to_string(k);
          break;
        }
        integers = integers && v == std::floor(v);
        row = m < d.n() ? row + std::fabs(v) : std::max(row, std::fabs(v));
      }
      largest = std::max(largest, row);
    }
    if (m == 1) MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
    bound *= std::max(1.0, largest);
  }
  mpi.agree(error);
  int all = integers ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  c.integers = all == 1;
  c.integer_bound = bound;
}
}  // namespace

std::string to_string(Values v) { return v == Values::Uniform ? "uniform" : "integer"; }

Values values_by_name(const std::string& name) {
  return value_by_name<Values>("--values", name, {{"uniform", Values::Uniform}, {"integer", Values::Integer}});
}

std::int64_t integer_row_nonzeros(const Dims& dims, int m) {
  const int products = static_cast<int>(dims.size()) - 2;  // n - 1
  if (products <= 0) return 1;
  // the largest c with c^(n-1) <= 2^24: the root, corrected for its rounding
  auto c = static_cast<std::int64_t>(std::floor(std::pow(16777216.0, 1.0 / products)));
  while (std::pow(static_cast<double>(c + 1), products) <= 16777216.0) ++c;
  while (c > 1 && std::pow(static_cast<double>(c), products) > 16777216.0) --c;
  return std::min<std::int64_t>(c, dims[static_cast<std::size_t>(m)]);
}

double generated_value(const Dims& dims, int m, std::int64_t r, std::int64_t c, Values values, std::uint64_t seed) {
  const auto cols = dims[static_cast<std::size_t>(m)];
  const std::uint64_t matrix_seed = splitmix64(seed ^ (0x5DEECE66Dull * static_cast<std::uint64_t>(m)));
  const std::uint64_t h = splitmix64(matrix_seed + static_cast<std::uint64_t>(r * cols + c));
  if (values == Values::Uniform) return static_cast<double>(h >> 11) * 0x1p-52 - 1.0;
  const double sign = (h >> 63) ? -1.0 : 1.0;
  if (m == static_cast<int>(dims.size()) - 1) return sign;  // A_n: +-1 everywhere
  // A_m, m < n: a window of c_m columns at a random offset per row
  const std::int64_t window = integer_row_nonzeros(dims, m);
  const auto offset = static_cast<std::int64_t>(splitmix64(matrix_seed ^ (0xA5A5ull + static_cast<std::uint64_t>(r))) %
                                                static_cast<std::uint64_t>(cols));
  return (c - offset + cols) % cols < window ? sign : 0.0;
}

Dims inspect_chain_file(const MpiContext& mpi, const std::string& path) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    Dims dims;
    int m = 1;
    if (!r.has_dataset(dataset_name(1))) throw Error(path + ": no dataset '/A1' (a chain file holds /A1 .. /An)");
    for (; r.has_dataset(dataset_name(m)); ++m) {
      const h5::DatasetInfo info = r.dataset_info(dataset_name(m));
      const std::string where = path + ": dataset '" + dataset_name(m) + "'";
      if (info.dims.size() != 2)
        throw Error(where + " has " + std::to_string(info.dims.size()) + " dimensions; expected a 2-D matrix");
      if (info.kind != h5::Kind::Float || (info.bytes != 4 && info.bytes != 8))
        throw Error(where + " holds " + info.type_name() + "; expected float32 or float64");
      const auto rows = static_cast<std::int64_t>(info.dims[0]), cols = static_cast<std::int64_t>(info.dims[1]);
      if (m == 1) dims.push_back(rows);
      else if (rows != dims.back())
        throw Error(where + " is " + std::to_string(rows) + " x " + std::to_string(cols) + " but '/A" +
                    std::to_string(m - 1) + "' has " + std::to_string(dims.back()) +
                    " columns: the matrices do not chain");
      dims.push_back(cols);
    }
    // What the chain would leave out is an error, not a shorter chain: /A1, /A3 with no /A2
    // once ran as A1 alone.
    const int n = m - 1;
    for (const std::string& name : r.root_names()) {
      bool in_chain = false;
      for (int k = 1; k <= n && !in_chain; ++k) in_chain = "/" + name == dataset_name(k);
      if (in_chain) continue;
      if (name.size() > 1 && name[0] == 'A' && name.find_first_not_of("0123456789", 1) == std::string::npos)
        throw Error(path + ": '/" + name + "' is not part of the chain: '" + dataset_name(n + 1) +
                    "' is missing, so the chain would end at '" + dataset_name(n) + "'");
      throw Error(path + ": '/" + name + "' is not part of a chain (a chain file holds /A1 .. /An and nothing else)");
    }
    check_dims(dims, path);
    if (const auto text = r.string_attribute("/", "dims")) {
      const Dims stated = parse_dims(*text, path + ": attribute 'dims'");
      if (stated != dims)
        throw Error(path + ": attribute 'dims' says " + *text + " but the datasets chain " + format_dims(dims));
    }
    if (const auto n = r.int_attribute("/", "matrices"); n && *n != static_cast<std::int64_t>(dims.size()) - 1)
      throw Error(path + ": attribute 'matrices' says " + std::to_string(*n) + " but the file holds " +
                  std::to_string(dims.size() - 1) + " (/A1 .. /A" + std::to_string(dims.size() - 1) + ")");
    return dims;
  });
}

LoadedChain load_chain(const MpiContext& mpi, const std::string& path, Precision precision) {
  const Dims dims = inspect_chain_file(mpi, path);
  LoadedChain c = collective(mpi, [&] {
    const Block band = rows_of_rank(mpi, dims, path + ": dataset '/A1'");
    check_fits_in_memory(host_bytes(dims, static_cast<std::int64_t>(band.count)), path + ": the chain on one rank");
    h5::Reader r(path, mpi.comm());
    LoadedChain out;
    out.data.dims = dims;
    out.data.rows = static_cast<std::int64_t>(band.count);
    out.data.first_row = static_cast<std::int64_t>(band.begin);
    out.file_precision = r.dataset_info("/A1").bytes == 4 ? Precision::Float32 : Precision::Float64;
    for (int m = 1; m < static_cast<int>(dims.size()); ++m) {
      const auto cols = static_cast<std::uint64_t>(dims[static_cast<std::size_t>(m)]);
      const std::uint64_t first = m == 1 ? band.begin : 0;
      const std::uint64_t rows =
          m == 1 ? band.count : static_cast<std::uint64_t>(dims[static_cast<std::size_t>(m - 1)]);
      std::vector<double> a(rows * cols);
      r.read_block(dataset_name(m), {first, 0}, {rows, cols}, a.data());
      for (double& v : a) v = round_to(precision, v);
      out.data.matrices.push_back(std::move(a));
    }
    out.source = path;
    return out;
  });
  check_values(mpi, c, path);
  return c;
}

LoadedChain generate_chain(const MpiContext& mpi, const Dims& dims, Values values, std::uint64_t seed,
                           Precision precision) {
  LoadedChain c = collective(mpi, [&] {
    check_dims(dims, "--dims");
    const Block band = rows_of_rank(mpi, dims, "--dims " + format_dims(dims) + ": A1");
    check_fits_in_memory(host_bytes(dims, static_cast<std::int64_t>(band.count)), "--dims " + format_dims(dims));
    LoadedChain out;
    out.data.dims = dims;
    out.data.rows = static_cast<std::int64_t>(band.count);
    out.data.first_row = static_cast<std::int64_t>(band.begin);
    for (int m = 1; m < static_cast<int>(dims.size()); ++m) {
      const std::int64_t first = m == 1 ? out.data.first_row : 0, rows = out.data.rows_of(m),
                         cols = out.data.cols_of(m);
      std::vector<double> a(static_cast<std::size_t>(rows * cols));
      for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t k = 0; k < cols; ++k)
          a[static_cast<std::size_t>(r * cols + k)] =
              round_to(precision, generated_value(dims, m, first + r, k, values, seed));
      out.data.matrices.push_back(std::move(a));
    }
    out.file_precision = precision;
    out.source = "generated " + to_string(values) + " values, seed " + std::to_string(seed);
    return out;
  });
  check_values(mpi, c, "--dims " + format_dims(dims));
  return c;
}

void write_chain_file(const std::string& path, const Dims& dims, Values values, std::uint64_t seed,
                      Precision precision) {
  check_dims(dims, "--dims");
  check_fits_in_memory(host_bytes(dims, dims[0]) / 2, path + ": the chain");
  h5::Writer w(path);
  {
    h5::Group root = w.root();
    root.attribute("miniapp", "matrixchain");
    root.attribute("dims", format_dims(dims));
    root.attribute("matrices", static_cast<std::int64_t>(dims.size() - 1));
    root.attribute("values", to_string(values));
    root.attribute("seed", static_cast<std::int64_t>(seed));
    const hid_t file_type = precision == Precision::Float32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
    for (int m = 1; m < static_cast<int>(dims.size()); ++m) {
      const std::int64_t rows = dims[static_cast<std::size_t>(m - 1)], cols = dims[static_cast<std::size_t>(m)];
      std::vector<double> a(static_cast<std::size_t>(rows * cols));
      for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t k = 0; k < cols; ++k)
          a[static_cast<std::size_t>(r * cols + k)] = round_to(precision, generated_value(dims, m, r, k, values, seed));
      const hsize_t shape[2] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(cols)};
      h5::Id space(H5Screate_simple(2, shape, nullptr), H5Sclose);
      h5::Id ds(H5Dcreate2(root.id(), ("A" + std::to_string(m)).c_str(), file_type, space.get(), H5P_DEFAULT,
                           H5P_DEFAULT, H5P_DEFAULT),
                H5Dclose);
      if (!ds || H5Dwrite(ds.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, a.data()) < 0)
        throw Error(path + ": cannot write dataset '/A" + std::to_string(m) + "': " + h5::failure_cause());
    }
  }
  w.commit();
}

}  // namespace hpcs::matrixchain
