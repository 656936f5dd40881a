# Runs CMD (a ;-list) and checks a bad-input failure the way a user sees it:
# non-zero exit (not a timeout), exactly one "error:" line on stderr that matches
# EXPECT (a regex naming the file and the problem), and no OUTPUT file (or its
# temporary) left behind.
# CMD and GEN arrive with "@@" between arguments (a ;-list does not survive -D).
string(REPLACE "@@" ";" CMD "${CMD}")
string(REPLACE "@@" ";" GEN "${GEN}")
file(REMOVE "${OUTPUT}")
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(rc MATCHES "timeout")
  message(FATAL_ERROR "hung (timeout): ${CMD}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit code 0 for bad input: ${CMD}\nstdout:\n${out}\nstderr:\n${err}")
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
