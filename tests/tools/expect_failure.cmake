# Runs CMD (a ;-list) and checks a bad-input failure the way a user sees it:
# exit code 1 (an error) or 100-114 (CLI11's usage errors) - not a timeout, not a crash
# after the message -, exactly one "error:" line on stderr that matches EXPECT (a regex
# naming the file and the problem), and no OUTPUT file (or its temporary) left behind.
# CMD and GEN arrive with "@@" between arguments (a ;-list does not survive -D).
string(REPLACE "@@" ";" CMD "${CMD}")
string(REPLACE "@@" ";" GEN "${GEN}")
# "@EMPTY@" stands for an empty argument (a CMake list drops one): such a command runs
# through sh, every argument quoted.
if(CMD MATCHES "@EMPTY@")
  set(line "")
  foreach(arg IN LISTS CMD)
    if(arg STREQUAL "@EMPTY@")
      set(arg "")
    endif()
    string(APPEND line " '${arg}'")
  endforeach()
  set(CMD sh -c "exec${line}")
endif()
# GEN, if given, first writes the bad input; a GEN that exits 77 (a tool it needs is not
# installed) skips the test with its reason (the test sets SKIP_REGULAR_EXPRESSION "-- skipped:").
if(GEN)
  execute_process(COMMAND ${GEN} RESULT_VARIABLE gen_rc OUTPUT_VARIABLE gen_out ERROR_VARIABLE gen_err)
  if(gen_rc EQUAL 77)
    message(STATUS "skipped: ${gen_out}${gen_err}")
    return()
  elseif(NOT gen_rc EQUAL 0)
    message(FATAL_ERROR "generator failed (exit ${gen_rc}): ${GEN}\n${gen_out}${gen_err}")
  endif()
endif()
if(OUTPUT)  # what an earlier (crashed) run may have left
  file(GLOB stale "${OUTPUT}" "${OUTPUT}.tmp.*")
  file(REMOVE "${OUTPUT}" ${stale})
endif()
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(rc MATCHES "timeout")
  message(FATAL_ERROR "hung (timeout): ${CMD}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit code 0 for bad input: ${CMD}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT rc MATCHES "^(1|10[0-9]|11[0-4])$")  # 139 or "Segmentation fault": a crash
  message(FATAL_ERROR "exit code ${rc} (expected 1 or a usage error, 100-114): ${CMD}\nstderr:\n${err}")
endif()
string(REPLACE ";" "," err_flat "${err}")  # a ";" in a message would split the list
string(REGEX MATCHALL "(^|\n)error:[^\n]*" errors "${err_flat}")
list(LENGTH errors n_errors)
if(NOT n_errors EQUAL 1)
  message(FATAL_ERROR "expected exactly one 'error:' line, got ${n_errors}:\n${err}")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "error line does not match '${EXPECT}':\n${err}")
endif()
if(OUTPUT)
  file(GLOB leftovers "${OUTPUT}" "${OUTPUT}.tmp.*")
  if(leftovers)
    message(FATAL_ERROR "output left behind after a failure: ${leftovers}")
  endif()
endif()
message(STATUS "ok (exit ${rc}): ${errors}")
