# ctest helpers shared by every mini-app.
#
# Environment for Open MPI under ctest: CI runs as root and has 2 cores, so allow root and
# oversubscription; romio321 instead of OMPIO avoids the parallel-HDF5 1.10.8 collective hang;
# vader's single-copy mechanism (CMA) is often blocked in containers; a rank's non-zero exit
# kills the others at once (odls_base_sigkill_timeout 0): by default mpiexec then waits 2 s,
# which the many bad-input tests paid one by one (the signal tests keep the grace period
# their clean-up needs: HPCS_MPI_SIGNAL_TEST_ENV). Ranks times threads exceed the cores
# there, so OpenMP's threads sleep at barriers instead of spinning (OMP_WAIT_POLICY).
set(HPCS_MPI_TEST_ENV
    OMPI_ALLOW_RUN_AS_ROOT=1
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    OMPI_MCA_rmaps_base_oversubscribe=1
    OMPI_MCA_io=romio321
    OMPI_MCA_btl_vader_single_copy_mechanism=none
    PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe
    OMPI_MCA_odls_base_sigkill_timeout=0
    OMP_WAIT_POLICY=passive)
set(HPCS_MPI_SIGNAL_TEST_ENV ${HPCS_MPI_TEST_ENV})
list(REMOVE_ITEM HPCS_MPI_SIGNAL_TEST_ENV OMPI_MCA_odls_base_sigkill_timeout=0)

# hpcs_isolate_mpi_session_dirs(): every test of the calling directory gets its own Open MPI
# session-directory base (OMPI_MCA_orte_tmpdir_base under tests/mpi-session/<test>). Open MPI
# makes /tmp/ompi.<host>.<uid> at each job's start and removes it at the job's end when empty;
# two tests doing both at once race ("A call to mkdir was unable to create the desired directory
# ... File exists", then orte_init fails: two CI failures). Runs once, at the end of the
# directory, so it sees the directory's last test; the helpers below call it, and so does each
# test directory that adds tests without them. tests/cli's test session_dirs_everywhere checks
# that no test is left out.
function(hpcs_isolate_mpi_session_dirs)
  get_property(scheduled DIRECTORY PROPERTY HPCS_SESSION_DIRS_SCHEDULED)
  if(NOT scheduled)
    set_property(DIRECTORY PROPERTY HPCS_SESSION_DIRS_SCHEDULED TRUE)
    cmake_language(DEFER CALL _hpcs_isolate_mpi_session_dirs_now)
  endif()
endfunction()

function(_hpcs_isolate_mpi_session_dirs_now)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t IN LISTS tests)
    set(dir ${PROJECT_BINARY_DIR}/tests/mpi-session/${t})
    file(MAKE_DIRECTORY ${dir})
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT OMPI_MCA_orte_tmpdir_base=${dir})
  endforeach()
endfunction()
hpcs_isolate_mpi_session_dirs()  # the directory that includes this file: make_fifo and friends

# hpcs_mpi_command(<out-var> RANKS <n> COMMAND <exe> [args...])
function(hpcs_mpi_command out)
  cmake_parse_arguments(A "" "RANKS" "COMMAND" ${ARGN})
  set(${out} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${A_RANKS} ${MPIEXEC_PREFLAGS}
      ${A_COMMAND} ${MPIEXEC_POSTFLAGS} PARENT_SCOPE)
endfunction()

# hpcs_add_mpi_test(NAME <name> RANKS <n> COMMAND <exe> [args...] [LABELS ...] [TIMEOUT s])
function(hpcs_add_mpi_test)
  hpcs_isolate_mpi_session_dirs()
  cmake_parse_arguments(A "" "NAME;RANKS;TIMEOUT" "COMMAND;LABELS" ${ARGN})
  hpcs_mpi_command(cmd RANKS ${A_RANKS} COMMAND ${A_COMMAND})
  add_test(NAME ${A_NAME} COMMAND ${cmd})
  if(NOT A_TIMEOUT)
    set(A_TIMEOUT 600)
  endif()
  set_tests_properties(${A_NAME} PROPERTIES ENVIRONMENT "${HPCS_MPI_TEST_ENV}"
                       PROCESSORS ${A_RANKS} TIMEOUT ${A_TIMEOUT} LABELS "mpi;${A_LABELS}")
endfunction()

# Where the command-line tests write their inputs and outputs; a file that is not HDF5 is
# every app's first bad input.
set(HPCS_TEST_DATA ${PROJECT_BINARY_DIR}/tests/data)
file(MAKE_DIRECTORY ${HPCS_TEST_DATA})
file(WRITE ${HPCS_TEST_DATA}/not_hdf5.h5 "this is a text file, not HDF5\n")
set(HPCS_TEST_SCRIPTS ${PROJECT_SOURCE_DIR}/tests/tools)
# A FIFO as input once hung every reader (open() waits for a writer): fifo.h5, made fresh
# for the fixture bad_inputs, is every app's bad input too.
add_test(NAME make_fifo COMMAND sh -c "rm -f \"$0\" && mkfifo \"$0\"" ${HPCS_TEST_DATA}/fifo.h5)
set_tests_properties(make_fifo PROPERTIES FIXTURES_SETUP bad_inputs LABELS cli)
# Two links pointing at each other: a path that resolves to nothing, forever.
add_test(NAME make_symlink_loop COMMAND sh -c "ln -sfn symlink_loop_b.h5 \"$0/symlink_loop.h5\" && ln -sfn symlink_loop.h5 \"$0/symlink_loop_b.h5\"" ${HPCS_TEST_DATA})
set_tests_properties(make_symlink_loop PROPERTIES FIXTURES_SETUP bad_inputs LABELS cli)

# hpcs_cli_test(NAME n APP exe RANKS r SCRIPT failure|success [EXPECT re] [MIN_RECORDS n] [GEN ...]
#               [ENV VAR=value ...] ARGS ...)
# A mini-app run as a user runs it: SCRIPT failure expects one "error:" line matching EXPECT,
# exit code 1 (an error) or CLI11's 100-114 (a usage error), never a crash, and no
# NAME.out.h5 left; SCRIPT success expects every JSON record verified (GEN first writes the
# input). ENV adds to the run's environment (test hooks). Tests that need the apps'
# bad-input files require the fixture bad_inputs, which each app's tests/<app>/ sets up.
function(hpcs_cli_test)
  hpcs_isolate_mpi_session_dirs()
  cmake_parse_arguments(A "" "NAME;RANKS;SCRIPT;EXPECT;APP;MIN_RECORDS" "ARGS;GEN;ENV" ${ARGN})
  if(NOT A_MIN_RECORDS)
    set(A_MIN_RECORDS 2)
  endif()
  hpcs_mpi_command(cmd RANKS ${A_RANKS} COMMAND $<TARGET_FILE:${A_APP}> ${A_ARGS})
  set(out ${HPCS_TEST_DATA}/${A_NAME}.out.h5)
  string(REPLACE ";" "@@" cmd "${cmd}")
  string(REPLACE ";" "@@" gen "${A_GEN}")
  add_test(NAME ${A_NAME}
           COMMAND ${CMAKE_COMMAND} "-DCMD=${cmd}" "-DGEN=${gen}" "-DEXPECT=${A_EXPECT}" "-DOUTPUT=${out}"
                   -DMIN_RECORDS=${A_MIN_RECORDS} -P ${HPCS_TEST_SCRIPTS}/expect_${A_SCRIPT}.cmake)
  get_filename_component(app_label ${CMAKE_CURRENT_SOURCE_DIR} NAME)  # tests/<app>/
  set(env ${HPCS_MPI_TEST_ENV} ${A_ENV})
  set_tests_properties(${A_NAME} PROPERTIES ENVIRONMENT "${env}" LABELS "cli;${app_label};mpi"
                       FIXTURES_REQUIRED bad_inputs PROCESSORS ${A_RANKS} TIMEOUT 300)
endfunction()

# hpcs_bad_input_maker(<target> <source>): an app's maker of malformed input files (it
# includes tests/tools/bad_h5.hpp), run as a setup test of the fixture bad_inputs.
function(hpcs_bad_input_maker target source)
  hpcs_isolate_mpi_session_dirs()
  add_executable(${target} ${source})
  target_link_libraries(${target} PRIVATE hpcs::hdf5)
  target_include_directories(${target} PRIVATE ${HPCS_TEST_SCRIPTS})
  add_test(NAME ${target} COMMAND ${target} ${HPCS_TEST_DATA})
  set_tests_properties(${target} PROPERTIES FIXTURES_SETUP bad_inputs LABELS cli)
endfunction()

# hpcs_bad_file_tests(APP <exe> PREFIX <p> CASES "file|why" ... [ARGS ...]): on 1 and 2 ranks,
# a run on ${HPCS_TEST_DATA}/<file>.h5 must fail with "<file>.h5: <why>" (a regex; write "."
# for a ";") and leave no output; a missing file, a file that is not HDF5, a FIFO and a loop of
# symbolic links come first.
function(hpcs_bad_file_tests)
  cmake_parse_arguments(A "" "APP;PREFIX" "CASES;ARGS" ${ARGN})
  foreach(np 1 2)
    foreach(case "does_not_exist|no such file" "not_hdf5|not an HDF5 file" "fifo|not a regular file .a FIFO."
                 "symlink_loop|a loop of symbolic links"
                 ${A_CASES})
      string(REGEX MATCH "^([^|]*)\\|(.*)$" _ "${case}")
      set(name cli_${A_PREFIX}_${CMAKE_MATCH_1}_np${np})
      hpcs_cli_test(APP ${A_APP} NAME ${name} RANKS ${np} SCRIPT failure EXPECT "${CMAKE_MATCH_1}\\.h5: ${CMAKE_MATCH_2}"
                    ARGS ${HPCS_TEST_DATA}/${CMAKE_MATCH_1}.h5 ${A_ARGS} -o ${HPCS_TEST_DATA}/${name}.out.h5)
    endforeach()
  endforeach()
endfunction()

# hpcs_bad_option_tests(APP <exe> PREFIX <p> RANKS <n> CASES "name|expect|arg@@arg..." ...
#                       [ARGS ...]): per case a test cli_<p>_<name>: the app run with ARGS and
# the case's arguments ("@@" between them) must fail with one error line matching expect.
function(hpcs_bad_option_tests)
  cmake_parse_arguments(A "" "APP;PREFIX;RANKS" "CASES;ARGS" ${ARGN})
  foreach(case IN LISTS A_CASES)
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 name)
    list(GET parts 1 expect)
    list(GET parts 2 args)
    string(REPLACE "@@" ";" args "${args}")
    hpcs_cli_test(APP ${A_APP} NAME cli_${A_PREFIX}_${name} RANKS ${A_RANKS} SCRIPT failure EXPECT "${expect}"
                  ARGS ${A_ARGS} ${args} -o ${HPCS_TEST_DATA}/cli_${A_PREFIX}_${name}.out.h5)
  endforeach()
endfunction()

# hpcs_same_bits_tests(APP <exe> PREFIX <p> DATASET </path> OUTPUT_OPTION <--output-...>
#                      VARIANTS <v>... ARGS ...): per variant, a run of the app on 1 rank and
# one on 3 ranks (verification off) must write DATASET with the same bits: h5diff, no
# tolerance. Tests <p>_same_bits_<variant>; a variant that cannot run here skips. Without
# h5diff there are none.
function(hpcs_same_bits_tests)
  hpcs_isolate_mpi_session_dirs()
  cmake_parse_arguments(A "" "APP;PREFIX;DATASET;OUTPUT_OPTION" "VARIANTS;ARGS" ${ARGN})
  find_program(HPCS_H5DIFF h5diff)
  if(NOT HPCS_H5DIFF)
    return()
  endif()
  get_filename_component(app_label ${CMAKE_CURRENT_SOURCE_DIR} NAME)  # tests/<app>/
  foreach(v ${A_VARIANTS})
    string(REPLACE "/" "_" vname ${v})
    foreach(np 1 3)
      set(out${np} ${HPCS_TEST_DATA}/${A_PREFIX}_same_${vname}_np${np}.h5)
      hpcs_mpi_command(cmd${np} RANKS ${np} COMMAND $<TARGET_FILE:${A_APP}> ${A_ARGS} --variant ${v} --no-verify
                       --reps 1 --warmup 0 --energy-window 0 --idle-window 0 ${A_OUTPUT_OPTION} ${out${np}})
      string(REPLACE ";" "@@" cmd${np} "${cmd${np}}")
    endforeach()
    set(name ${A_PREFIX}_same_bits_${vname})
    add_test(NAME ${name}
             COMMAND ${CMAKE_COMMAND} "-DCMD1=${cmd1}" "-DCMD2=${cmd3}" -DOUT1=${out1} -DOUT2=${out3}
                     -DH5DIFF=${HPCS_H5DIFF} -DDATASET=${A_DATASET} -P ${HPCS_TEST_SCRIPTS}/expect_same_dataset.cmake)
    set_tests_properties(${name} PROPERTIES LABELS "${app_label};mpi" ENVIRONMENT "${HPCS_MPI_TEST_ENV}"
                         PROCESSORS 3 TIMEOUT 300 SKIP_REGULAR_EXPRESSION "cannot run here")
  endforeach()
endfunction()

# hpcs_app_test_executable(<target> <prefix> <sources>...): a GoogleTest executable of an
# app's tests: the app with every variant of this build, the MPI test main that starts the
# backends, and HPCS_HAVE_CUDA / HPCS_HAVE_KOKKOS for tests that expect a backend.
function(hpcs_app_test_executable target p)
  hpcs_isolate_mpi_session_dirs()
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE hpcs_${p} hpcs_gtest_app_main)
  foreach(b CUDA KOKKOS)
    if(HPCS_HAVE_${b})
      target_compile_definitions(${target} PRIVATE HPCS_HAVE_${b}=1)
    endif()
  endforeach()
endfunction()

# hpcs_quick_args(<exe> <args>...): the app's small problem for the tests every app inherits
# (tests/cli: results schema, progress, CSV, faults, signals), called in tests/<app>/. The
# defaults are sized for a first run that shows something; under the sanitizers a
# 16384 x 16384 alignment took 50 s per test.
function(hpcs_quick_args exe)
  set_property(GLOBAL PROPERTY HPCS_QUICK_ARGS_${exe} ${ARGN})
endfunction()

# hpcs_tune_test(APP <exe> NAME <n> KOKKOS_RECORDS <k> ARGS ...): --tune=exhaustive on 2 ranks
# over --variant all, each legal point a verified run; at least <k> records where Kokkos runs
# the variants with a space on the CPU (Serial), at least 1 (the untuned variants on the
# tuner's path) where it does not. --tune=X with "=": Open MPI's mpiexec reads a separate
# "--tune X" as its own option.
function(hpcs_tune_test)
  cmake_parse_arguments(A "" "APP;NAME;KOKKOS_RECORDS" "ARGS" ${ARGN})
  set(min 1)
  if(HPCS_HAVE_KOKKOS)
    set(min ${A_KOKKOS_RECORDS})
  endif()
  hpcs_cli_test(APP ${A_APP} NAME ${A_NAME} RANKS 2 SCRIPT success MIN_RECORDS ${min}
                ARGS ${A_ARGS} --variant all --tune=exhaustive --reps 1 --warmup 0 --energy-window 0 --idle-window 0
                     --json -o ${HPCS_TEST_DATA}/${A_NAME}.out.h5)
endfunction()

# A benchmark script checked on synthetic input: CHECK (a tests/<app>/check_*.py) runs as
# `CHECK PYTHON benchmarks/SCRIPT WORKDIR` with Debian's python3; a check exits 77 (the test
# skips) where that python lacks what the script needs (scipy).
#   hpcs_script_check_test(NAME n CHECK file.py SCRIPT bench.py LABELS a;b)
function(hpcs_script_check_test)
  hpcs_isolate_mpi_session_dirs()
  cmake_parse_arguments(A "" "NAME;CHECK;SCRIPT" "LABELS" ${ARGN})
  find_program(HPCS_SCIPY_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
  if(NOT HPCS_SCIPY_PYTHON)
    return()
  endif()
  add_test(NAME ${A_NAME} COMMAND ${HPCS_SCIPY_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/${A_CHECK} ${HPCS_SCIPY_PYTHON}
                                  ${PROJECT_SOURCE_DIR}/benchmarks/${A_SCRIPT} ${HPCS_TEST_DATA}/${A_NAME})
  set_tests_properties(${A_NAME} PROPERTIES LABELS "${A_LABELS}" SKIP_RETURN_CODE 77)
endfunction()
