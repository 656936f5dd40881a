// SPDX-License-Identifier: BSD-3-Clause
// Chain files and generated chains. A chain file holds A1 .. An as 2-D datasets /A1 .. /An
// (row-major, float32 or float64, A_m of P[m-1] x P[m]) with the root attributes
// `dims` ("936,1008,552,...") and `matrices` (n). A rank reads its block of A1's rows and
// all of A2..An. Generated values are uniform in [-1, 1) or, for exact checks, small
// integers whose sums provably stay below 2^24 (every row of A_m, m < n, holds exactly c_m
// entries of +-1; A_n holds entries +-1; the product of the c_m is at most 2^24).
#pragma once
#include <cstdint>
#include <string>

#include "hpcs/parallel/mpi_context.hpp"
#include "matrixchain_problem.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

enum class Values { Uniform, Integer };
std::string to_string(Values v);
Values values_by_name(const std::string& name);  // throws hpcs::Error

struct ChainSource {
  std::string path;                 // empty: generated
  Values values = Values::Uniform;  // generated
  std::uint64_t seed = 42;          // generated
};

struct LoadedChain {
  ChainData data;
  Precision file_precision = Precision::Float32;  // the datasets' type (generated: the one asked for)
  std::string source;                             // what the chain came from, for the header and metadata
  // Every value an integer and the largest partial sum of any product of the chain at most
  // `integer_bound`: float32 (2^24) / float64 (2^53) arithmetic is then exact.
  bool integers = false;
  double integer_bound = 0;
};

// The dims of a chain file (checked: 2-D float datasets that chain, `dims` attribute
// consistent); throws hpcs::Error naming the file.
Dims inspect_chain_file(const MpiContext& mpi, const std::string& path);

// Collective: this rank's rows of A1 and all of A2..An, from the file or generated (the
// same matrices on any rank count); values rounded to `precision`. Refuses more ranks
// than rows of A1, non-finite values, and chains that do not fit in memory.
LoadedChain load_chain(const MpiContext& mpi, const std::string& path, Precision precision);
LoadedChain generate_chain(const MpiContext& mpi, const Dims& dims, Values values, std::uint64_t seed,
                           Precision precision);

// Entry (r, c) of generated matrix A_m, the same on every rank (counter-based).
double generated_value(const Dims& dims, int m, std::int64_t r, std::int64_t c, Values values, std::uint64_t seed);

// Writes a whole generated chain (gen_inputs), atomically.
void write_chain_file(const std::string& path, const Dims& dims, Values values, std::uint64_t seed,
                      Precision precision);

// Nonzeros per row of A_m (m < n) of the integer chains: the largest c with c^(n-1) <= 2^24,
// at most P[m].
std::int64_t integer_row_nonzeros(const Dims& dims, int m);

}  // namespace hpcs::matrixchain
