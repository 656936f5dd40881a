// SPDX-License-Identifier: BSD-3-Clause
// Smith-Waterman's pair-file loader (load_pair): /a and /b uint8 codes with "name"
// attributes, root attributes "alphabet" and "letters".
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "sw_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  const std::string dna = hpcs::sw::Alphabet::dna().letters, protein = hpcs::sw::Alphabet::protein().letters;
  constexpr auto text = hpcs::fuzz::H5Type::VarString;
  const hpcs::fuzz::FileSpec spec =
      hpcs::fuzz::pair_file_spec(in, 3,
                                 {{"/", "alphabet", text, {"dna", "protein", "DNA", "rna", ""}, 0},
                                  {"/", "letters", text, {dna, protein, dna + "X", "", "acgtn"}, 0},
                                  {"a", "name", text, {"seq a", "", "\xff\xfe"}, 0},
                                  {"b", "name", hpcs::fuzz::H5Type::FixedString, {"seq b"}, 0}});
  const std::string path = hpcs::fuzz::scratch_path("pair.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::sw::load_pair(mpi, path); });
  return 0;
}
