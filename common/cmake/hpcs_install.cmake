# `cmake --install`: GNUInstallDirs places, relocatable. Binaries go to bin/ (the per-app
# rules are in hpcs_add_miniapp(), gen_inputs' in inputs/), job scripts and run-time data
# (calibration files, tuning models) to share/hpc_miniapps/, README and docs/ to share/doc/hpc_miniapps/.
#
# Run-time data is found relative to the executable: HPCS_DATA_FROM_BIN is the path from the
# binary directory to the data directory ("../share/hpc_miniapps"), the same in the install
# tree and, through a symbolic link, in the build tree; no absolute path is compiled in.
set(HPCS_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/hpc_miniapps)
file(RELATIVE_PATH HPCS_DATA_FROM_BIN ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_DATADIR}/hpc_miniapps)

# Libraries found outside the system directories (a Kokkos or CUDA install) stay found from
# the installed binaries.
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

# Build tree: <build>/bin/<HPCS_DATA_FROM_BIN>/calibration is the source's inputs/calibration,
# so a file jacobi_calibrate just wrote there is found at once.
cmake_path(ABSOLUTE_PATH HPCS_DATA_FROM_BIN BASE_DIRECTORY ${CMAKE_RUNTIME_OUTPUT_DIRECTORY} NORMALIZE
           OUTPUT_VARIABLE _hpcs_build_data)
file(MAKE_DIRECTORY ${_hpcs_build_data})
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/inputs/calibration ${_hpcs_build_data}/calibration SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/inputs/tuning ${_hpcs_build_data}/tuning SYMBOLIC)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/inputs/calibration/ DESTINATION ${HPCS_INSTALL_DATADIR}/calibration
        FILES_MATCHING PATTERN "*.json")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/inputs/tuning/ DESTINATION ${HPCS_INSTALL_DATADIR}/tuning
        FILES_MATCHING PATTERN "*.json")
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
