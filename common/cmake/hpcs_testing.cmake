# ctest helpers shared by every mini-app.
#
# Environment for Open MPI under ctest: CI runs as root and has 2 cores, so allow root and
# oversubscription; romio321 instead of OMPIO avoids the parallel-HDF5 1.10.8 collective hang;
# vader's single-copy mechanism (CMA) is often blocked in containers.
set(HPCS_MPI_TEST_ENV
    OMPI_ALLOW_RUN_AS_ROOT=1
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    OMPI_MCA_rmaps_base_oversubscribe=1
    OMPI_MCA_io=romio321
    OMPI_MCA_btl_vader_single_copy_mechanism=none
    PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe)

# hpcs_mpi_command(<out-var> RANKS <n> COMMAND <exe> [args...])
function(hpcs_mpi_command out)
  cmake_parse_arguments(A "" "RANKS" "COMMAND" ${ARGN})
  set(${out} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${A_RANKS} ${MPIEXEC_PREFLAGS}
      ${A_COMMAND} ${MPIEXEC_POSTFLAGS} PARENT_SCOPE)
endfunction()

# hpcs_add_mpi_test(NAME <name> RANKS <n> COMMAND <exe> [args...] [LABELS ...] [TIMEOUT s])
function(hpcs_add_mpi_test)
  cmake_parse_arguments(A "" "NAME;RANKS;TIMEOUT" "COMMAND;LABELS" ${ARGN})
  hpcs_mpi_command(cmd RANKS ${A_RANKS} COMMAND ${A_COMMAND})
  add_test(NAME ${A_NAME} COMMAND ${cmd})
  if(NOT A_TIMEOUT)
    set(A_TIMEOUT 600)
  endif()
  set_tests_properties(${A_NAME} PROPERTIES ENVIRONMENT "${HPCS_MPI_TEST_ENV}"
                       PROCESSORS ${A_RANKS} TIMEOUT ${A_TIMEOUT} LABELS "mpi;${A_LABELS}")
endfunction()
