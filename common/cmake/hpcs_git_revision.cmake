# The git revision recorded in every result file. Override with -DHPCS_GIT_REVISION=<sha>
# (e.g. when the source tree was copied without its .git directory).
if(NOT HPCS_GIT_REVISION)
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                    OUTPUT_VARIABLE _rev OUTPUT_STRIP_TRAILING_WHITESPACE
                    ERROR_QUIET RESULT_VARIABLE _rc)
  endif()
  if(NOT _rc EQUAL 0 OR NOT _rev)
    set(_rev "unknown")
  endif()
  set(HPCS_GIT_REVISION_DETECTED "${_rev}")
else()
  set(HPCS_GIT_REVISION_DETECTED "${HPCS_GIT_REVISION}")
endif()
