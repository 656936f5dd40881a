#!/usr/bin/env bash
# Every C, C++ and CUDA source of the repository is formatted as .clang-format says
# (clang-format 14, Debian 12's). Fix with: git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.c' '*.h' | xargs clang-format -i
set -u
src=$1
fmt=$(command -v clang-format-14 || command -v clang-format) || { echo "-- skipped: no clang-format"; exit 0; }
cd "$src" || exit 1
bad=$(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.c' '*.h' | while read -r f; do
  "$fmt" --style=file "$f" | cmp -s - "$f" || echo "$f"
done)
if [ -n "$bad" ]; then
  echo "not formatted as .clang-format says:"; echo "$bad"; exit 1
fi
echo "every source is formatted"
