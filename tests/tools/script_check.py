# SPDX-License-Identifier: BSD-3-Clause
"""What every benchmarks/ script check (tests/<app>/check_*.py, hpcs_script_check_test) starts
with: its arguments PYTHON SCRIPT WORKDIR, the skip (exit 77) where PYTHON cannot import what
the script needs, and the work directory."""
import os
import subprocess
import sys


def start(modules):
    """(python, script, workdir) from sys.argv; exits 77 without `modules` (a comma list)."""
    python, script, work = sys.argv[1:4]
    if subprocess.run([python, "-c", "import " + modules], capture_output=True).returncode != 0:
        print("-- skipped: no %s for %s" % (modules, python))
        sys.exit(77)
    os.makedirs(work, exist_ok=True)
    return python, script, work
