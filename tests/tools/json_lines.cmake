# Helpers of the command-line test scripts (cmake -P).
#
# hpcs_run_json_lines(<out-var> <command>...): runs a mini-app with --json (a ;-list
# command), fails the test on a non-zero exit (with its output), and sets <out-var> to the
# list of its non-empty JSON lines (a ";" inside a record becomes ",").
function(hpcs_run_json_lines out_var)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "exit code ${rc}: ${ARGN}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  string(REPLACE ";" "," out "${out}")
  string(REPLACE "\n" ";" all "${out}")
  set(lines "")
  foreach(line IN LISTS all)
    if(NOT line STREQUAL "")
      list(APPEND lines "${line}")
    endif()
  endforeach()
  if(NOT lines)
    message(FATAL_ERROR "no JSON records: ${ARGN}\nstderr:\n${err}")
  endif()
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# hpcs_run_writing(<out-var> <command> <output>): removes <output> (a run must write it
# afresh), runs <command> ("@@" between arguments), fails the test on a non-zero exit (with
# its output) and sets <out-var> to the run's standard output.
function(hpcs_run_writing out_var command output)
  string(REPLACE "@@" ";" command "${command}")
  file(REMOVE "${output}")
  execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "exit code ${rc}: ${command}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

# hpcs_expect_complete_file(<path>): the output exists and no temporary (<path>.tmp.*) is left.
function(hpcs_expect_complete_file path)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "no output file ${path}")
  endif()
  file(GLOB leftovers "${path}.tmp.*")
  if(leftovers)
    message(FATAL_ERROR "temporary file left behind: ${leftovers}")
  endif()
endfunction()
