// SPDX-License-Identifier: BSD-3-Clause
// The one check every reader runs before it opens an input: a FIFO given as input would
// block open() until some writer appears (a hang), and a directory or device is never a
// file we can parse, so anything but a regular file is refused with a one-line error.
#pragma once
#include <fstream>
#include <string>
#include <string_view>

namespace hpcs {

// Throws hpcs::Error "<path>: is a directory, not <what>" or "<path>: not a regular file
// (a FIFO); expected <what>" when `path` exists and is not a regular file (after symlinks).
// A missing or unreadable path passes: each reader names that in its own words.
void require_regular_file(const std::string& path, const std::string& what);

// require_regular_file(), then opens `path` for reading (binary) past a leading UTF-8
// byte-order mark (editors on Windows write one; it once hid a file's first record); throws
// "<path>: cannot read (<errno text>)" if that fails.
std::ifstream open_input_file(const std::string& path, const std::string& what);

// Reads past a UTF-8 byte-order mark (EF BB BF) at the stream's position; true if there was one.
bool skip_utf8_bom(std::istream& in);

// The text without a leading UTF-8 byte-order mark.
std::string_view without_utf8_bom(std::string_view text);

// Whether two paths name the same file: the same inode, or the same string when one does
// not exist (an output must never replace an input).
bool same_file(const std::string& a, const std::string& b);

}  // namespace hpcs
