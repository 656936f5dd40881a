"""Every ctest test must carry its own Open MPI session-directory base (hpcs_testing.cmake's
hpcs_isolate_mpi_session_dirs): a test without one races the others on /tmp/ompi.<host>.<uid>.
Usage: check_session_dirs.py CTEST BUILD_DIR"""
import json
import subprocess
import sys

ctest, build = sys.argv[1], sys.argv[2]
listing = json.loads(subprocess.run([ctest, "--show-only=json-v1"], cwd=build, check=True,
                                    capture_output=True, text=True).stdout)
tests = listing["tests"]
bases = {}
missing = []
for test in tests:
    env = next((p["value"] for p in test.get("properties", []) if p["name"] == "ENVIRONMENT"), [])
    base = [e for e in env if e.startswith("OMPI_MCA_orte_tmpdir_base=")]
    if len(base) != 1:
        missing.append(test["name"])
    else:
        bases.setdefault(base[0], []).append(test["name"])
shared = {b: names for b, names in bases.items() if len(names) > 1}
for name in missing:
    print(f"error: test {name} has no OMPI_MCA_orte_tmpdir_base of its own: call "
          "hpcs_isolate_mpi_session_dirs() in the directory that adds it")
for b, names in shared.items():
    print(f"error: tests {', '.join(names)} share {b}")
print(f"{len(tests)} tests, {len(missing)} without a session-directory base, {len(shared)} bases shared")
sys.exit(1 if missing or shared or not tests else 0)
