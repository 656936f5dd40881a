# SPDX-License-Identifier: BSD-3-Clause
"""The suite's JSON-lines records (a mini-app's --json output), read once for every script in
benchmarks/: lines that are not records (the table, notes) are skipped; a line that starts a
record but does not parse is one error line naming the file and line."""
import json
import sys


def read_numbered(path):
    """[(line number, record)] of one file."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                out.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                sys.exit("error: %s:%d: not a JSON record (%s)" % (path, n, e.msg))
    return out


def read_records(path):
    """The records of one file."""
    return [r for _, r in read_numbered(path)]
