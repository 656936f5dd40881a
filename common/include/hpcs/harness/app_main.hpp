// SPDX-License-Identifier: BSD-3-Clause
// main() of a mini-app: the common options and the app's, then the run loop inside the
// session (hpcs/harness/session.hpp). hpcs_add_miniapp() generates the one-line main that calls it.
#pragma once
#include <CLI/CLI.hpp>

#include "hpcs/harness/run_loop.hpp"
#include "hpcs/harness/session.hpp"

namespace hpcs {

template <class App>
int app_main(int argc, char** argv) {
  App app;
  const AppInfo info = app.info();
  CommonOptions o;
  o.reps = info.reps;
  o.warmup = info.warmup;
  CLI::App cli{info.description, info.executable};
  add_common_options(cli, o);
  app.add_options(cli);
  add_renamed_flags(cli, info.renamed_flags);
  return run_main(argc, argv, cli, [&](const MpiContext& mpi) {
    o.given_options = given_options(cli);
    return run_app(app, mpi, o, argc, argv);
  });
}

}  // namespace hpcs
