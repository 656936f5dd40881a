// SPDX-License-Identifier: BSD-3-Clause
// How h5::Writer survives a full disk. HDF5 1.10 cannot close a file whose flush failed
// half-way (its metadata cache keeps "flushing" switched on, so every later flush and the
// close fail) and then keeps the file's ID with its structure already freed; closing that
// ID again at library shutdown (MPI_Finalize, exit) crashed every app after its one-line
// error. So the writer reserves the file's final size before it flushes (a full disk is
// then an error before HDF5 flushes), and a file it gives up is closed into memory.
#pragma once
#include <hdf5.h>

#include <string>

namespace hpcs::h5::detail {

// 0 when the disk holds `file`'s final size (reserved with fallocate, or a file
// system that cannot reserve); else the error number (ENOSPC, EDQUOT, EFBIG).
int reserve_final_size(hid_t file);

// Gives back what reserve_final_size() set aside past the end of the closed file at `path`
// (truncating a file to its own size frees such blocks).
void release_reservation(const std::string& path);

// Points the file's descriptor at an anonymous memory file, so closing a file that will
// be deleted writes nothing to disk and cannot fail for want of space.
void discard_writes(hid_t file);

// Test hook (tests/cli: disk_full_*, tests/unit): HPCS_TEST_FILE_SIZE_LIMIT=<bytes> limits
// the files this process writes (RLIMIT_FSIZE, SIGXFSZ ignored), so writes and reservations
// past it fail with EFBIG where a full disk fails them, without mounting a small file
// system. The limit stands for the output's disk: discard_writes() lifts it. Text outputs
// (write_text_file_atomically) apply it too, so every write path can be tested.
void apply_test_file_size_limit();

// Test hook (tests/cli: signal_*): HPCS_TEST_COMMIT_DELAY_S=<seconds> holds a writer's commit
// that long while its temporary file exists, so a signal test lands before the rename on any
// machine (a fast disk finished the write first, and the test raced it).
void apply_test_commit_delay();

}  // namespace hpcs::h5::detail
