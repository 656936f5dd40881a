// SPDX-License-Identifier: BSD-3-Clause
#include "sw_input.hpp"

#include <algorithm>
#include <random>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/io/sequence_dataset.hpp"

namespace hpcs::sw {

namespace {
void check_codes(const Codes& c, const Alphabet& al, const std::string& where, std::int64_t offset) {
  for (std::size_t k = 0; k < c.size(); ++k)
    if (c[k] >= al.size())
      throw Error(where + " holds code " + std::to_string(c[k]) + " at position " + std::to_string(offset + k + 1) +
                  ", outside the " + al.name + " alphabet of " + std::to_string(al.size()) + " letters");
}
}  // namespace

SequencePair load_pair(const MpiContext& mpi, const std::string& path) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    const auto alphabet_name = r.string_attribute("/", "alphabet");
    if (!alphabet_name) throw Error(path + ": no 'alphabet' attribute (dna or protein) on the root group");
    SequencePair p;
    try {
      p.alphabet = Alphabet::by_name(*alphabet_name);
    } catch (const Error& e) {
      throw Error(path + ": " + e.what());
    }
    // The code table is required: letter codes are small integers, so a file written with
    // another order (say ACGU or TGCA) passes every range check and aligns other letters.
    const auto letters = r.string_attribute("/", "letters");
    if (!letters)
      throw Error(path + ": no 'letters' attribute on the root group (the code table; " + p.alphabet.name + ": '" +
                  p.alphabet.letters + "'), so codes 0.." + std::to_string(p.alphabet.size() - 1) +
                  " cannot be checked to mean the " + p.alphabet.name + " alphabet's letters");
    if (*letters != p.alphabet.letters)
      throw Error(path + ": letters '" + *letters + "' differ from the " + p.alphabet.name + " alphabet's '" +
                  p.alphabet.letters + "'");
    p.len_a = sequence_dataset_length(r, "a");
    const std::int64_t len_b = sequence_dataset_length(r, "b");
    const hpcs::Block blk = block_of(static_cast<std::uint64_t>(p.len_a), mpi.size(), mpi.rank());
    check_fits_in_memory(blk.count + static_cast<std::uint64_t>(len_b),
                         path + ": the rows of rank " + std::to_string(mpi.rank()));
    p.a_begin = static_cast<std::int64_t>(blk.begin);
    p.a_rows.resize(blk.count);
    p.b.resize(static_cast<std::size_t>(len_b));
    r.read_1d("a", blk.begin, blk.count, p.a_rows.data());
    r.read_1d("b", 0, static_cast<std::uint64_t>(len_b), p.b.data());
    check_codes(p.a_rows, p.alphabet, path + ": dataset 'a'", p.a_begin);
    check_codes(p.b, p.alphabet, path + ": dataset 'b'", 0);
    p.name_a = r.string_attribute("a", "name").value_or("a");
    p.name_b = r.string_attribute("b", "name").value_or("b");
    return p;
  });
}

void check_planted_region(const PlantedRegion& plant, std::int64_t len_a, std::int64_t len_b) {
  if (plant.length <= 0) return;
  if (plant.length > std::min(len_a, len_b))
    throw Error("--plant " + std::to_string(plant.length) + ": longer than the shorter sequence (--len-a " +
                std::to_string(len_a) + ", --len-b " + std::to_string(len_b) + ")");
  if (plant.mutation < 0 || plant.mutation > 1) throw Error("--mutation: expected a rate in [0, 1]");
  if ((plant.at_a >= 0 && plant.at_a + plant.length > len_a) || (plant.at_b >= 0 && plant.at_b + plant.length > len_b))
    throw Error("--plant-at: the planted region does not fit in the sequences");
}

GeneratedPair generate_pair(const Alphabet& alphabet, std::int64_t len_a, std::int64_t len_b, std::uint64_t seed,
                            const PlantedRegion& plant) {
  if (len_a < 0 || len_b < 0) throw Error("sequence lengths must not be negative");
  check_planted_region(plant, len_a, len_b);  // before the letters are drawn
  check_fits_in_memory(static_cast<std::uint64_t>(len_a) + static_cast<std::uint64_t>(len_b),
                       "--len-a " + std::to_string(len_a) + " --len-b " + std::to_string(len_b));
  const int proper = alphabet.name == "dna" ? 4 : 20;  // ACGT / the 20 standard amino acids
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> letter(0, proper - 1);
  GeneratedPair g;
  g.alphabet = alphabet;
  g.a.resize(static_cast<std::size_t>(len_a));
  g.b.resize(static_cast<std::size_t>(len_b));
  for (auto& c : g.a) c = static_cast<std::uint8_t>(letter(rng));
  for (auto& c : g.b) c = static_cast<std::uint8_t>(letter(rng));
  if (plant.length <= 0) return g;
  std::uniform_int_distribution<std::int64_t> pos_a(0, len_a - plant.length), pos_b(0, len_b - plant.length);
  g.plant_a = plant.at_a >= 0 ? plant.at_a : pos_a(rng);
  g.plant_b = plant.at_b >= 0 ? plant.at_b : pos_b(rng);
  if (g.plant_a + plant.length > len_a || g.plant_b + plant.length > len_b)
    throw Error("--plant-at: the planted region does not fit in the sequences");
  // A mutated copy of A's segment: substitutions at `mutation`, single-letter indels at a tenth of it.
  std::uniform_real_distribution<double> u(0, 1);
  Codes copy;
  for (std::int64_t k = 0; k < plant.length; ++k) {
    const double x = u(rng);
    const std::uint8_t c = g.a[static_cast<std::size_t>(g.plant_a + k)];
    if (x < plant.mutation / 20) continue;  // deletion
    copy.push_back(x < plant.mutation ? static_cast<std::uint8_t>(letter(rng)) : c);
    if (x > 1 - plant.mutation / 20) copy.push_back(static_cast<std::uint8_t>(letter(rng)));  // insertion
  }
  copy.resize(
      static_cast<std::size_t>(std::min<std::int64_t>(static_cast<std::int64_t>(copy.size()), len_b - g.plant_b)));
  std::copy(copy.begin(), copy.end(), g.b.begin() + g.plant_b);
  g.plant_len_b = static_cast<std::int64_t>(copy.size());
  return g;
}

SequencePair generated_slice(const MpiContext& mpi, GeneratedPair g) {
  SequencePair p;
  p.alphabet = g.alphabet;
  p.len_a = static_cast<std::int64_t>(g.a.size());
  const hpcs::Block blk = block_of(static_cast<std::uint64_t>(p.len_a), mpi.size(), mpi.rank());
  p.a_begin = static_cast<std::int64_t>(blk.begin);
  p.a_rows.assign(g.a.begin() + static_cast<std::ptrdiff_t>(blk.begin),
                  g.a.begin() + static_cast<std::ptrdiff_t>(blk.begin + blk.count));
  p.b = std::move(g.b);
  p.name_a = "generated a";
  p.name_b = "generated b";
  return p;
}

void write_pair(const std::string& path, const Alphabet& alphabet, const Codes& a, const Codes& b,
                const std::string& name_a, const std::string& name_b,
                const std::vector<std::pair<std::string, std::int64_t>>& extra_attributes) {
  h5::Writer w(path);
  {
    h5::Group root = w.root();
    root.attribute("miniapp", "smith_waterman");
    root.attribute("alphabet", alphabet.name);
    root.attribute("letters", alphabet.letters);
    for (const auto& [key, value] : extra_attributes) root.attribute(key, value);
    root.dataset("a", a);
    root.dataset("b", b);
    root.dataset_attribute("a", "name", name_a);
    root.dataset_attribute("b", "name", name_b);
  }
  w.commit();
}

}  // namespace hpcs::sw
