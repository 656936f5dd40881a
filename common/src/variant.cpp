// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/variant.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>

#include "hpcs/base/error.hpp"

namespace hpcs {

namespace {
std::vector<std::string> items_of(const std::string& spec) {
  std::vector<std::string> items;
  std::stringstream ss(spec);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}
}  // namespace

void agree_on_reasons(const MpiContext& mpi, std::vector<std::optional<std::string>>& why) {
  std::vector<int> blocked(why.size()), any(why.size());
  for (std::size_t k = 0; k < why.size(); ++k) blocked[k] = why[k] ? 1 : 0;
  MPI_Allreduce(blocked.data(), any.data(), static_cast<int>(why.size()), MPI_INT, MPI_MAX, mpi.comm());
  for (std::size_t k = 0; k < why.size(); ++k)
    if (any[k] && !why[k]) why[k] = "cannot run on another rank (its reason is in that rank's --list)";
}

bool glob_match(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), FNM_PATHNAME) == 0;
}

std::vector<std::string> select_variants(const std::string& spec, const std::vector<std::string>& known) {
  std::vector<std::string> patterns;
  for (const auto& item : items_of(spec)) patterns.push_back(item == "all" || item == "*" ? "*/*" : item);
  if (patterns.empty()) throw Error("--variant: empty list");
  std::vector<bool> chosen(known.size(), false);
  for (const auto& p : patterns) {
    bool any = false;
    for (std::size_t i = 0; i < known.size(); ++i)
      if (glob_match(p, known[i])) chosen[i] = any = true;
    if (!any) throw Error("--variant: no variant matches '" + p + "' (see --list)");
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; i < known.size(); ++i)
    if (chosen[i]) out.push_back(known[i]);
  return out;
}

std::vector<std::size_t> choose_variants(const std::string& spec, const std::vector<std::string>& names,
                                         const std::vector<std::optional<std::string>>& why_not, std::ostream* notes) {
  const auto chosen = select_variants(spec, names);
  const auto named = items_of(spec);  // entries given as plain names must run
  std::vector<std::size_t> out;
  std::map<std::string, std::string> skipped;  // reason -> variants
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (std::find(chosen.begin(), chosen.end(), names[k]) == chosen.end()) continue;
    if (const auto& why = why_not[k]) {
      if (std::find(named.begin(), named.end(), names[k]) != named.end())
        throw Error("--variant " + names[k] + ": cannot run here: " + one_line(*why));
      skipped[one_line(*why)] += (skipped[one_line(*why)].empty() ? "" : ", ") + names[k];
      continue;
    }
    out.push_back(k);
  }
  if (notes)
    for (const auto& [why, list] : skipped) *notes << "note: skipped " << list << ": " << why << "\n";
  if (out.empty()) throw Error("--variant " + spec + ": nothing this machine can run");
  return out;
}

}  // namespace hpcs
