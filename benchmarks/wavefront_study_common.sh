# Sourced by the wavefront studies (wavefront_study.sh, wavefront_tune_study.sh) after they
# set OUT and default_parts, with the script's arguments: the binaries (BIN), Open MPI as
# root, the parts to run (the arguments, else default_parts), and small=small under
# SCALE=small (tiny sizes: a smoke test on a CPU machine).
BIN=${BIN:-build/gpu/bin}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=("${default_parts[@]}")
small=${SCALE:-}

# miniapp NAME OUTFILE ARGS...: one wavefront_miniapp process, its output in OUTFILE and its
# errors in $OUT/NAME.err; a failure is one line naming the run and its error.
miniapp() {
  local name=$1 outfile=$2; shift 2
  "$BIN/wavefront_miniapp" "$@" > "$outfile" 2> "$OUT/$name.err" \
    || echo "$name: failed ($(grep -m1 error "$OUT/$name.err"))"
}
