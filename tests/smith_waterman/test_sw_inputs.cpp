// SPDX-License-Identifier: BSD-3-Clause
// Alphabets, scoring (built-in BLOSUM62, NCBI matrix parsing, validation), FASTA reading,
// generated pairs and the pair file round trip.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "expect_error.hpp"
#include "hpcs/base/error.hpp"
#include "mpi_test_context.hpp"
#include "sw_fasta.hpp"
#include "sw_input.hpp"
#include "sw_scoring.hpp"
#include "temp_file.hpp"

namespace hpcs::sw {
namespace {
namespace fs = std::filesystem;

using hpcs::testing::expect_error;
using hpcs::testing::temp_file;

TEST(SwAlphabet, Codes) {
  const Alphabet dna = Alphabet::dna(), protein = Alphabet::protein();
  EXPECT_EQ(dna.encode('A'), 0);
  EXPECT_EQ(dna.encode('t'), 3);
  EXPECT_EQ(dna.encode('U'), 3) << "uracil reads as T";
  EXPECT_EQ(dna.encode('R'), dna.encode('N')) << "IUPAC ambiguity reads as N";
  EXPECT_EQ(dna.encode('J'), -1);
  EXPECT_EQ(dna.encode('1'), -1);
  EXPECT_EQ(protein.size(), 25);
  EXPECT_EQ(protein.encode('W'), 17);
  EXPECT_EQ(protein.encode('u'), protein.encode('X'));
  EXPECT_EQ(protein.encode('-'), -1);
  EXPECT_THROW(Alphabet::by_name("rna"), Error);
}

TEST(SwScoring, Blosum62AndDna) {
  const Alphabet p = Alphabet::protein();
  const Scoring b = blosum62(p, 11, 1);
  EXPECT_EQ(b.score(p.encode('W'), p.encode('W')), 11);
  EXPECT_EQ(b.score(p.encode('A'), p.encode('A')), 4);
  EXPECT_EQ(b.score(p.encode('A'), p.encode('W')), -3);
  EXPECT_EQ(b.score(p.encode('*'), p.encode('*')), 1);
  EXPECT_EQ(b.score(p.encode('E'), p.encode('Z')), 4);
  EXPECT_EQ(b.max_score(), 11);
  const Alphabet d = Alphabet::dna();
  const Scoring s = dna_scoring(2, -3, 7, 2);
  EXPECT_EQ(s.score(d.encode('C'), d.encode('C')), 2);
  EXPECT_EQ(s.score(d.encode('C'), d.encode('G')), -3);
  EXPECT_EQ(s.score(d.encode('N'), d.encode('N')), -3) << "N never matches";
  expect_error([] { dna_scoring(2, -3, 0, 1); }, "--gap-open 0");
  expect_error([] { dna_scoring(2, -3, 5, -1); }, "--gap-extend -1");
  expect_error([] { dna_scoring(-1, -3, 5, 1); }, "no positive score");
}

TEST(SwScoring, RefusesScoresBeyondInt32Headroom) {
  const Scoring s = dna_scoring(1000, -3, 7, 2);
  check_score_range(s, 1073740, 5'000'000'000, "pair.h5");  // 1000 x 1073740 < 2^30
  check_score_range(s, 0, 5'000'000'000, "pair.h5");
  expect_error([&] { check_score_range(s, 1073742, 1073742, "pair.h5"); }, "pair.h5: scores could reach 1073742000");
  expect_error(
      [&] { check_score_range(dna_scoring(2, -3, 7, 2), std::int64_t{1} << 29, std::int64_t{1} << 40, "p.h5"); },
      "limit 2^30");
}

TEST(SwScoring, NcbiMatrixFiles) {
  const Alphabet d = Alphabet::dna();
  const std::string good =
      "# a comment\n   A  C  G  T  N\nA 5 -4 -4 -4 -2\nC -4 5 -4 -4 -2\nG -4 -4 5 -4 -2\n"
      "T -4 -4 -4 5 -2\nN -2 -2 -2 -2 -1\n";
  const Scoring s = matrix_scoring_file(temp_file("good.mat", good), d, 10, 1);
  EXPECT_EQ(s.score(d.encode('G'), d.encode('G')), 5);
  EXPECT_EQ(s.score(d.encode('N'), d.encode('A')), -2);
  expect_error([&] { matrix_scoring_file("/nonexistent/x.mat", d, 10, 1); }, "/nonexistent/x.mat: cannot read");
  const std::string no_n = "   A  C  G  T\nA 5 -4 -4 -4\nC -4 5 -4 -4\nG -4 -4 5 -4\nT -4 -4 -4 5\n";
  expect_error([&] { matrix_scoring_file(temp_file("non.mat", no_n), d, 10, 1); }, "for letter 'N' of alphabet dna");
  const std::string bad_num = "   A C G T N\nA 5 x -4 -4 -2\n";
  expect_error([&] { matrix_scoring_file(temp_file("bad.mat", bad_num), d, 10, 1); }, "'x' is not an integer");
  const std::string short_row = "   A C G T N\nA 5 -4 -4\n";
  expect_error([&] { matrix_scoring_file(temp_file("short.mat", short_row), d, 10, 1); }, "3 scores for 5 columns");
  expect_error([&] { matrix_scoring_file(temp_file("empty.mat", "# nothing\n"), d, 10, 1); }, "no matrix");
}

// A UTF-8 byte-order mark before the first record once made it "not FASTA" (or dropped a
// matrix's header row): skipped by every text reader.
TEST(SwTextInputs, ByteOrderMarkIsSkipped) {
  const auto recs = read_fasta(temp_file("bom.fa", "\xEF\xBB\xBF>s1\nACGT\n"));
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0].name, "s1");
  EXPECT_EQ(recs[0].letters, "ACGT");
  const Alphabet d = Alphabet::dna();
  const std::string mat =
      "\xEF\xBB\xBF   A  C  G  T  N\nA 5 -4 -4 -4 -2\nC -4 5 -4 -4 -2\nG -4 -4 5 -4 -2\n"
      "T -4 -4 -4 5 -2\nN -2 -2 -2 -2 -1\n";
  EXPECT_EQ(matrix_scoring_file(temp_file("bom.mat", mat), d, 10, 1).score(d.encode('A'), d.encode('A')), 5);
}

TEST(SwFasta, ReadsMultiLineLowerCaseAndReportsErrors) {
  const std::string path = temp_file("ok.fa", ">s1 some description\nACGT\nacgtNr\n\n;comment\n>s2\nGG TT\n");
  const auto recs = read_fasta(path);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].name, "s1");
  EXPECT_EQ(recs[0].letters, "ACGTacgtNr");
  EXPECT_EQ(recs[1].letters, "GGTT");
  EXPECT_EQ(guess_alphabet(recs), "dna");
  const Codes c = encode(recs[0], Alphabet::dna(), path);
  EXPECT_EQ(c[4], 0);
  EXPECT_EQ(c[9], Alphabet::dna().encode('N'));
  expect_error([] { read_fasta("/nonexistent/q.fa"); }, "/nonexistent/q.fa: cannot read");
  expect_error([] { read_fasta(temp_file("nohdr.fa", "ACGT\n")); }, "line 1: not FASTA");
  expect_error([] { read_fasta(temp_file("empty.fa", "")); }, "no FASTA record");
  expect_error([] { read_fasta(temp_file("emptyrec.fa", ">a\n>b\nAC\n")); }, "record 'a' (line 1) is empty");
  const std::string bad = temp_file("bad.fa", ">a\nACGT\nAC1T\n");
  expect_error([&] { encode(read_fasta(bad)[0], Alphabet::dna(), bad); }, "line 3, column 3: '1' is not a dna letter");
  EXPECT_EQ(guess_alphabet(read_fasta(temp_file("prot.fa", ">p\nMKVLW\n"))), "protein");
}

TEST(SwInput, GeneratedPairsAndFiles) {
  PlantedRegion plant;
  plant.length = 300;
  plant.mutation = 0.0;
  const GeneratedPair g = generate_pair(Alphabet::dna(), 2000, 1500, 9, plant);
  ASSERT_GE(g.plant_a, 0);
  EXPECT_TRUE(std::equal(g.a.begin() + g.plant_a, g.a.begin() + g.plant_a + 300, g.b.begin() + g.plant_b))
      << "without mutation the planted copy is exact";
  const GeneratedPair again = generate_pair(Alphabet::dna(), 2000, 1500, 9, plant);
  EXPECT_EQ(g.a, again.a);
  EXPECT_EQ(g.b, again.b);
  for (auto c : g.a) EXPECT_LT(c, 4);
  expect_error(
      [] {
        PlantedRegion p;
        p.length = 10;
        generate_pair(Alphabet::dna(), 5, 5, 1, p);
      },
      "--plant 10");

  // Round trip through a pair file, read back by slices on every rank.
  const MpiContext& mpi = hpcs::testing::mpi();
  std::string path = (fs::temp_directory_path() / "hpcs_sw_pair.h5").string();
  unsigned long long token = static_cast<unsigned long long>(::getpid());
  MPI_Bcast(&token, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  path += "." + std::to_string(token);
  if (mpi.root()) write_pair(path, Alphabet::dna(), g.a, g.b, "first", "second", {{"seed", 9}});
  mpi.barrier();
  const SequencePair p = load_pair(mpi, path);
  EXPECT_EQ(p.len_a, 2000);
  EXPECT_EQ(p.b, g.b);
  EXPECT_EQ(p.name_a, "first");
  EXPECT_TRUE(std::equal(p.a_rows.begin(), p.a_rows.end(), g.a.begin() + p.a_begin));
  mpi.barrier();
  if (mpi.root()) fs::remove(path);
}

}  // namespace
}  // namespace hpcs::sw
