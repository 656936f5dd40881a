// SPDX-License-Identifier: BSD-3-Clause
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"
#include "hpcs/version.hpp"
#include "sw_fasta.hpp"
#include "sw_input.hpp"

namespace hpcs::inputs {

namespace {
struct PairArgs {
  std::int64_t len_a = 1 << 16, len_b = 1 << 16;
  std::string alphabet = "dna";
  std::uint64_t seed = 42;
  sw::PlantedRegion plant;
  std::string output;
};

struct FastaArgs {
  std::string a, b, alphabet = "auto", output;
};

void write_random_pair(const PairArgs& p) {
  const sw::Alphabet alphabet = sw::Alphabet::by_name(p.alphabet);
  const sw::GeneratedPair g = sw::generate_pair(alphabet, p.len_a, p.len_b, p.seed, p.plant);
  std::vector<std::pair<std::string, std::int64_t>> attrs = {{"seed", static_cast<std::int64_t>(p.seed)}};
  if (g.plant_a >= 0) {  // 1-based starts, as the mini-app reports cells
    attrs.push_back({"plant_start_a", g.plant_a + 1});
    attrs.push_back({"plant_start_b", g.plant_b + 1});
    attrs.push_back({"plant_length_a", p.plant.length});
    attrs.push_back({"plant_length_b", g.plant_len_b});
  }
  sw::write_pair(p.output, alphabet, g.a, g.b, "random a", "random b", attrs);
  std::cout << p.output << ": A " << g.a.size() << " x B " << g.b.size() << " " << alphabet.name;
  if (g.plant_a >= 0)
    std::cout << ", planted A[" << g.plant_a + 1 << ".." << g.plant_a + p.plant.length << "] ~ B[" << g.plant_b + 1
              << ".." << g.plant_b + g.plant_len_b << "]";
  std::cout << "\n";
}

void write_fasta_pair(const FastaArgs& f) {
  check_outputs_spare_inputs({f.output}, {f.a, f.b});
  auto records_a = sw::read_fasta(f.a);
  std::vector<sw::FastaRecord> records_b;
  std::string path_b = f.b.empty() ? f.a : f.b;
  if (f.b.empty()) {
    if (records_a.size() < 2) throw Error(f.a + ": one record; give --b or a file with two records");
    records_b.push_back(records_a[1]);
  } else {
    records_b = sw::read_fasta(f.b);
  }
  std::vector<sw::FastaRecord> both = {records_a[0], records_b[0]};
  const std::string name = f.alphabet == "auto" ? sw::guess_alphabet(both) : f.alphabet;
  const sw::Alphabet alphabet = sw::Alphabet::by_name(name);
  const sw::Codes a = sw::encode(records_a[0], alphabet, f.a), b = sw::encode(records_b[0], alphabet, path_b);
  sw::write_pair(f.output, alphabet, a, b, records_a[0].name, records_b[0].name, {});
  std::cout << f.output << ": " << records_a[0].name << " (" << a.size() << ") x " << records_b[0].name << " ("
            << b.size() << ") " << alphabet.name << "\n";
}
}  // namespace

void add_sw_commands(CLI::App& app) {
  auto p = std::make_shared<PairArgs>();
  CLI::App* gen = app.add_subcommand("sw", "A random sequence pair for sw_miniapp");
  gen->add_option("--len-a", p->len_a, "Length of A")->check(hpcs::non_negative_number())->capture_default_str();
  gen->add_option("--len-b", p->len_b, "Length of B")->check(hpcs::non_negative_number())->capture_default_str();
  gen->add_option("--alphabet", p->alphabet, "dna or protein")
      ->check(CLI::IsMember({"dna", "protein"}))
      ->capture_default_str();
  gen->add_option("--seed", p->seed, "Seed")->capture_default_str();
  gen->add_option("--plant", p->plant.length, "Length of a similar region copied from A into B (0: none)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  gen->add_option("--mutation", p->plant.mutation, "Substitution rate of the copy (indels at a tenth)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  gen->add_option("--plant-at-a", p->plant.at_a, "0-based start of the region in A (default random)");
  gen->add_option("--plant-at-b", p->plant.at_b, "0-based start of the region in B (default random)");
  gen->add_option("--output,-o", p->output, "Output HDF5 file")->required();
  gen->callback([p] { write_random_pair(*p); });

  auto f = std::make_shared<FastaArgs>();
  CLI::App* fasta = app.add_subcommand("fasta", "Two FASTA sequences as a pair file for sw_miniapp");
  fasta->add_option("--a", f->a, "FASTA file of A (its first record; the second is B if --b is not given)")->required();
  fasta->add_option("--b", f->b, "FASTA file of B (its first record)");
  fasta->add_option("--alphabet", f->alphabet, "dna, protein or auto")
      ->check(CLI::IsMember({"dna", "protein", "auto"}))
      ->capture_default_str();
  fasta->add_option("--output,-o", f->output, "Output HDF5 file")->required();
  fasta->callback([f] { write_fasta_pair(*f); });
}

}  // namespace hpcs::inputs
