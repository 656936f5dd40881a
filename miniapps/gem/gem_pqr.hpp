// SPDX-License-Identifier: BSD-3-Clause
// PQR atoms (APBS, pdb2pqr, GEM's own test files): ATOM and HETATM records give a centre,
// a partial charge and a radius; every other record is ignored. Both layouts in use read:
//  - whitespace-separated (record serial name residue [chain] resnum[icode] x y z q r):
//    the LAST FIVE fields are x y z charge radius, so a chain id or an insertion code
//    does not shift them;
//  - fixed columns, for lines where numbers run together ("58.817-142.686-35.930"):
//    x, y, z in columns 31-38, 39-46, 47-54, then charge and radius separated by blanks.
//    It is used only when the last five whitespace fields are not all numbers.
#pragma once
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "gem_problem.hpp"

namespace hpcs::gem {

// Throws hpcs::Error ("<path>:<line>: ...", one line) for a missing, unreadable or
// directory path, an ATOM/HETATM line whose numbers do not parse, a NaN or infinite
// value, a negative radius (zero is allowed: force fields give some hydrogens none),
// or a file without atoms.
Atoms read_pqr(const std::string& path);

// One whitespace-separated ATOM line per atom (serial, name X, residue GEM 1, then the
// shortest decimal that reads back to the same double), written to path.tmp.<pid> and
// renamed, so a reader never sees half a file. Throws hpcs::Error on a write failure,
// inconsistent array sizes or a non-finite value.
void write_pqr(const std::string& path, const Atoms& atoms);

// Text helpers shared by the PQR and MSMS .vert readers.
namespace text {

// Bytes outside printable ASCII as \xNN, cut after max_len characters, so an error
// message never carries raw control bytes.
std::string printable(std::string_view s, std::size_t max_len = 40);

// "<path>:<line>" for error messages (the path made printable).
std::string where(const std::string& path, long line);

// Opens a text file; throws "<path>: cannot read (...)" or "<path>: is a directory".
std::ifstream open_input(const std::string& path, const std::string& kind);

std::vector<std::string_view> split(std::string_view line);  // on blanks and tabs

// Whole-token decimal number (a leading '+' allowed). NotFinite: NaN, inf or overflow.
enum class Parse { Ok, NotNumber, NotFinite };
Parse parse_double(std::string_view token, double& out);

}  // namespace text
}  // namespace hpcs::gem
