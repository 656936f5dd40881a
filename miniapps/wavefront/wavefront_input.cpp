// SPDX-License-Identifier: BSD-3-Clause
#include "wavefront_input.hpp"

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/io/sequence_dataset.hpp"
#include "wavefront_cell.hpp"

namespace hpcs::wavefront {

namespace {
constexpr const char* kDnaLetters = "ACGTN";  // sw_miniapp's DNA codes 0..4

std::uint8_t letter(std::uint64_t seed, std::uint64_t stream, std::int64_t k) {
  return static_cast<std::uint8_t>(mix64(mix64(seed * 2 + stream) + static_cast<std::uint64_t>(k)) & 3u);
}

std::int64_t sequence_length(const h5::Reader& r, const std::string& name) {
  if (!r.has_dataset(name)) throw Error(r.path() + ": no dataset '" + name + "' (a pair file holds /a and /b)");
  const std::int64_t n = sequence_dataset_length(r, name);
  if (n == 0) throw Error(r.path() + ": dataset '" + name + "' is empty");
  return n;
}

void check_codes(const std::vector<std::uint8_t>& codes, const std::string& where, std::int64_t offset) {
  for (std::size_t k = 0; k < codes.size(); ++k)
    if (codes[k] > 4)
      throw Error(where + " holds code " + std::to_string(codes[k]) + " at position " +
                  std::to_string(offset + static_cast<std::int64_t>(k) + 1) + ", outside the dna alphabet ACGTN");
}
}  // namespace

Sequences generate_sequences(std::int64_t len_a, std::int64_t len_b, std::uint64_t seed, std::int64_t row_begin,
                             std::int64_t rows) {
  Sequences s;
  s.len_a = len_a;
  s.len_b = len_b;
  s.a_rows.resize(static_cast<std::size_t>(rows));
  for (std::int64_t k = 0; k < rows; ++k) s.a_rows[k] = letter(seed, 0, row_begin + k);
  s.b.resize(static_cast<std::size_t>(len_b));
  for (std::int64_t k = 0; k < len_b; ++k) s.b[k] = letter(seed, 1, k);
  return s;
}

PairShape read_pair_shape(const MpiContext& mpi, const std::string& path) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    const auto alphabet = r.string_attribute("/", "alphabet");
    if (!alphabet) throw Error(path + ": no 'alphabet' attribute on the root group (expected dna)");
    if (*alphabet != "dna")
      throw Error(path + ": alphabet '" + *alphabet + "'; lcs and sw-linear compare DNA (match/mismatch scores)");
    const auto letters = r.string_attribute("/", "letters");
    if (!letters || *letters != kDnaLetters)
      throw Error(path + ": letters '" + letters.value_or("") + "' are not the dna code table '" + kDnaLetters + "'");
    return PairShape{sequence_length(r, "a"), sequence_length(r, "b")};
  });
}

Sequences read_pair(const MpiContext& mpi, const std::string& path, std::int64_t row_begin, std::int64_t rows) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    Sequences s;
    s.len_a = sequence_length(r, "a");
    s.len_b = sequence_length(r, "b");
    // every rank holds all of b: a declared length beyond memory is an error, not bad_alloc
    check_fits_in_memory(static_cast<std::uint64_t>(rows) + static_cast<std::uint64_t>(s.len_b),
                         path + ": the rows of rank " + std::to_string(mpi.rank()) + " and all of b");
    s.a_rows.resize(static_cast<std::size_t>(rows));
    s.b.resize(static_cast<std::size_t>(s.len_b));
    r.read_1d("a", static_cast<std::uint64_t>(row_begin), static_cast<std::uint64_t>(rows), s.a_rows.data());
    r.read_1d("b", 0, static_cast<std::uint64_t>(s.len_b), s.b.data());
    check_codes(s.a_rows, path + ": dataset 'a'", row_begin);
    check_codes(s.b, path + ": dataset 'b'", 0);
    return s;
  });
}

}  // namespace hpcs::wavefront
