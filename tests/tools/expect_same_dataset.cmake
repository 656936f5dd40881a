# A variant's output is the same bits on any rank count: CMD1 and CMD2 (the same run on
# different rank counts, "@@" between arguments) write OUT1 and OUT2; h5diff must find
# DATASET identical in both (no tolerance). GEM's /potential, the matrix chain's /R.
include(${CMAKE_CURRENT_LIST_DIR}/json_lines.cmake)
foreach(i 1 2)
  hpcs_run_writing(out "${CMD${i}}" "${OUT${i}}")
endforeach()
execute_process(COMMAND ${H5DIFF} -r "${OUT1}" "${OUT2}" ${DATASET} ${DATASET} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${DATASET} differs between the rank counts (h5diff exit ${rc}):\n${out}")
endif()
message(STATUS "identical ${DATASET}: ${OUT1} ${OUT2}")
