// SPDX-License-Identifier: BSD-3-Clause
// The wavefront app's pair-file reader (read_pair_shape, then read_pair of every row, as one
// rank does): sw_miniapp's layout, /a and /b uint8 codes 0..4, root attributes
// alphabet = "dna" and letters = "ACGTN" (anything else is refused).
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "wavefront_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  constexpr auto text = hpcs::fuzz::H5Type::VarString;
  const hpcs::fuzz::FileSpec spec =
      hpcs::fuzz::pair_file_spec(in, 4,
                                 {{"/", "alphabet", text, {"dna", "protein", "DNA", ""}, 0},
                                  {"/", "letters", text, {"ACGTN", "ACGT", "acgtn", "ACGTNX", ""}, 0}});
  const std::string path = hpcs::fuzz::scratch_path("wavefront_pair.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] {
    const hpcs::wavefront::PairShape shape = hpcs::wavefront::read_pair_shape(mpi, path);
    hpcs::wavefront::read_pair(mpi, path, 0, shape.len_a);
  });
  return 0;
}
