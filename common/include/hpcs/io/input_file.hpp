// SPDX-License-Identifier: BSD-3-Clause
// The one check every reader runs before it opens an input: a FIFO given as input would
// block open() until some writer appears (a hang), and a directory or device is never a
// file we can parse, so anything but a regular file is refused with a one-line error.
#pragma once
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

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

// An output is written to "<path>.tmp.<pid>" and renamed over `path`: throws when `path` is
// a directory, a device, a FIFO or a socket (renaming would replace it: --csv /dev/full as
// root replaced the device node). A missing path or a regular file passes. Every writer
// (h5::Writer, write_text_file_atomically) and check_outputs_spare_inputs call it.
void require_replaceable_output(const std::string& path);

// Whether two paths name the same file: the same inode, or the same string when one does
// not exist (an output must never replace an input).
bool same_file(const std::string& a, const std::string& b);

// The one check of every program and gen_inputs subcommand before it writes: no output may
// replace one of its inputs (the same file through a link too), and no two outputs may be
// one file, nor an existing directory, device or FIFO (outputs are renamed over their path,
// which would replace it). Empty paths are skipped. Throws "<output>: the output would
// replace the input <input>; choose another name", "<output>: given for two outputs; ...",
// "<output>: is a directory" or "<output>: not a regular file (a FIFO); ...".
void check_outputs_spare_inputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

}  // namespace hpcs
