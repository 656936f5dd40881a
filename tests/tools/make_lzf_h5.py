#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# usage: make_lzf_h5.py FILE [DATASET]: a float32 dataset (default 'data', 1000 elements)
# compressed with LZF, h5py's own filter, which libhdf5 itself does not have: a reader
# built on libhdf5 alone must say "filter ... not available". Exit 77 without h5py.
import sys

try:
    import h5py
    import numpy
except ImportError as e:
    print(f"python3-h5py is not installed ({e}); cannot write an LZF dataset")
    sys.exit(77)

with h5py.File(sys.argv[1], "w") as f:
    f.create_dataset(sys.argv[2] if len(sys.argv) > 2 else "data", data=numpy.arange(1000, dtype=numpy.float32),
                     chunks=(250,), compression="lzf")
