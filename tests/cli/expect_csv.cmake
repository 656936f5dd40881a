# --csv: CMD ("@@" between arguments) must succeed and leave OUTPUT, a CSV table whose header
# is the shared column list and with one row per JSON record the run printed; no temporary
# file beside it.
include(${CMAKE_CURRENT_LIST_DIR}/../tools/json_lines.cmake)
hpcs_run_writing(out "${CMD}" "${OUTPUT}")
hpcs_expect_complete_file("${OUTPUT}")
file(STRINGS "${OUTPUT}" lines)
list(LENGTH lines n)
list(GET lines 0 header)
if(NOT header MATCHES "^app,variant,backend,config,dtype,items,item,ranks,step,reps,time_kind,time_s,")
  message(FATAL_ERROR "unexpected CSV header: ${header}")
endif()
string(REGEX MATCHALL "\"variant\":" records "${out}")
list(LENGTH records nrec)
math(EXPR rows "${n} - 1")
if(NOT rows EQUAL nrec OR rows LESS 1)
  message(FATAL_ERROR "${rows} CSV rows for ${nrec} JSON records")
endif()
message(STATUS "${OUTPUT}: ${rows} row(s)")
