// SPDX-License-Identifier: BSD-3-Clause
#include "sw_alphabet.hpp"

#include <cctype>

#include "hpcs/base/error.hpp"

namespace hpcs::sw {

namespace {
Alphabet make(const std::string& name, const std::string& letters, const std::string& aliases, char alias_to) {
  Alphabet a;
  a.name = name;
  a.letters = letters;
  a.code_of.fill(-1);
  for (std::size_t c = 0; c < letters.size(); ++c) {
    a.code_of[static_cast<unsigned char>(letters[c])] = static_cast<std::int16_t>(c);
    a.code_of[static_cast<unsigned char>(std::tolower(letters[c]))] = static_cast<std::int16_t>(c);
  }
  const auto target = a.code_of[static_cast<unsigned char>(alias_to)];
  for (char c : aliases) {
    a.code_of[static_cast<unsigned char>(c)] = target;
    a.code_of[static_cast<unsigned char>(std::tolower(c))] = target;
  }
  return a;
}
}  // namespace

Alphabet Alphabet::dna() {
  Alphabet a = make("dna", "ACGTN", "RYKMSWBDHV", 'N');
  a.code_of['U'] = a.code_of['u'] = a.code_of['T'];  // RNA's uracil pairs like thymine
  return a;
}
Alphabet Alphabet::protein() { return make("protein", "ARNDCQEGHILKMFPSTWYVBJZX*", "UO", 'X'); }

Alphabet Alphabet::by_name(const std::string& name) {
  if (name == "dna") return dna();
  if (name == "protein") return protein();
  throw Error("alphabet '" + name + "': expected dna or protein");
}

}  // namespace hpcs::sw
