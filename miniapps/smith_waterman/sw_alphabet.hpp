// SPDX-License-Identifier: BSD-3-Clause
// Alphabets: which letters a sequence may hold and their codes.
//   dna:     A C G T N        (IUPAC ambiguity letters R Y K M S W B D H V read as N, U as T)
//   protein: A R N D C Q E G H I L K M F P S T W Y V B J Z X *  (NCBI matrix order;
//            U and O read as X)
// Lower case is accepted; anything else (digits, punctuation) is an invalid letter.
#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace hpcs::sw {

struct Alphabet {
  std::string name;                         // "dna" or "protein"
  std::string letters;                      // code c is letters[c]
  std::array<std::int16_t, 256> code_of{};  // -1: not a letter of this alphabet

  static Alphabet dna();
  static Alphabet protein();
  static Alphabet by_name(const std::string& name);  // throws hpcs::Error
  int size() const { return static_cast<int>(letters.size()); }
  int encode(char c) const { return code_of[static_cast<unsigned char>(c)]; }
};

}  // namespace hpcs::sw
