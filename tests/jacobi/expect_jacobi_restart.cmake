# The final grid file is a valid input that continues the run: CMD (generated grid) with
# --steps A+B --json, then with --steps A --output-grid GRID, then GRID as the input with
# --steps B. Each run must exit 0 with every record passed, and the third run's checksums
# must equal the first's exactly (same ranks, so the same summation order); the grid file
# must exist with no temporary beside it.
# CMD, FIRST, SECOND, TOTAL arrive with "@@" between arguments (a ;-list does not survive -D).
string(REPLACE "@@" ";" CMD "${CMD}")
file(REMOVE "${GRID}")

include(${CMAKE_CURRENT_LIST_DIR}/../tools/json_lines.cmake)
function(run_json out_var)
  hpcs_run_json_lines(lines ${ARGN})
  set(sums "")
  foreach(line IN LISTS lines)
    string(JSON variant GET "${line}" variant)
    string(JSON status GET "${line}" verification status)
    string(JSON checksum GET "${line}" result checksum)
    if(NOT status STREQUAL "passed")
      message(FATAL_ERROR "${variant}: verification ${status}\n${line}")
    endif()
    list(APPEND sums "${variant}=${checksum}")
  endforeach()
  set(${out_var} "${sums}" PARENT_SCOPE)
endfunction()

run_json(whole ${CMD} --steps ${TOTAL})
run_json(first ${CMD} --steps ${FIRST} --output-grid ${GRID})
hpcs_expect_complete_file(${GRID})
# The continuation reads the grid file; generator options would conflict with the input.
string(REGEX REPLACE ";--(ny|nx|nz|n|dims|seed|pattern);[^;]*" "" CONTINUE "${CMD}")
run_json(rest ${CONTINUE} ${GRID} --steps ${SECOND})
if(NOT whole STREQUAL rest)
  message(FATAL_ERROR "continuing from the grid file differs:\n  ${TOTAL} steps: ${whole}\n  ${FIRST} + ${SECOND}: ${rest}")
endif()
message(STATUS "ok: ${whole}")
