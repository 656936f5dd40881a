// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/tuning_model.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <optional>

#include "hpcs/io/data_files.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs {

namespace {
[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw Error("tuning model '" + path + "': " + what);
}

bool is_expression(const std::string& e) {
  const auto wrapped = [&](const char* f) {
    const std::string p = std::string(f) + "(";
    return e.size() > p.size() + 1 && e.compare(0, p.size(), p) == 0 && e.back() == ')';
  };
  return !e.empty() && (wrapped("log2") || wrapped("pred") || e.find('(') == std::string::npos);
}

void check_node(const std::string& path, const nlohmann::json& n, const std::string& where, int depth) {
  if (depth > 64) bad(path, where + ": deeper than 64 levels");
  if (!n.is_object()) bad(path, where + ": a node must be an object");
  if (n.contains("split")) {
    if (!n["split"].is_string() || !is_expression(n["split"].get<std::string>()))
      bad(path, where + ": 'split' must be a feature expression");
    if (!n.contains("at") || !n["at"].is_number()) bad(path, where + ": a split needs a number 'at'");
    if (!n.contains("le") || !n.contains("gt")) bad(path, where + ": a split needs 'le' and 'gt' nodes");
    check_node(path, n["le"], where + ".le", depth + 1);
    check_node(path, n["gt"], where + ".gt", depth + 1);
    return;
  }
  if (!n.contains("intercept") || !n["intercept"].is_number())
    bad(path, where + ": a leaf needs a number 'intercept' (or the node a 'split')");
  if (n.contains("coef")) {
    if (!n["coef"].is_object()) bad(path, where + ": 'coef' must be an object of expression: number");
    for (auto it = n["coef"].begin(); it != n["coef"].end(); ++it)
      if (!is_expression(it.key()) || !it.value().is_number())
        bad(path, where + ": coef '" + it.key() + "' must be a feature expression with a number");
  }
}

std::string text(const std::string& path, const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_string() || j[key].get<std::string>().empty())
    bad(path, std::string("needs a text '") + key + "'");
  return j[key].get<std::string>();
}

struct Evaluator {
  const std::string& path;
  const nlohmann::json& features;
  const std::map<std::string, double>& predicted;

  double value(const std::string& e) const {
    if (e.rfind("pred(", 0) == 0) {
      const std::string name = e.substr(5, e.size() - 6);
      const auto it = predicted.find(name);
      if (it == predicted.end()) bad(path, "'" + e + "' is read before " + name + " is predicted");
      return it->second;
    }
    const bool log = e.rfind("log2(", 0) == 0;
    const std::string name = log ? e.substr(5, e.size() - 6) : e;
    if (!features.contains(name) || !features[name].is_number())
      bad(path, "reads feature '" + name + "', which this run does not have (it has " + features.dump() + ")");
    const double x = features[name].get<double>();
    return log ? std::log2(std::max(x, 1e-300)) : x;
  }
  double eval(const nlohmann::json& n) const {
    if (n.contains("split"))
      return eval(value(n["split"].get<std::string>()) <= n["at"].get<double>() ? n["le"] : n["gt"]);
    double y = n["intercept"].get<double>();
    if (n.contains("coef"))
      for (auto it = n["coef"].begin(); it != n["coef"].end(); ++it) y += it.value().get<double>() * value(it.key());
    return y;
  }
};

bool holds(const Evaluator& ev, const nlohmann::json& when) {
  for (const auto& c : when) {
    const double x = ev.value(c["feature"].get<std::string>());
    if (c.contains("min") && x < c["min"].get<double>()) return false;
    if (c.contains("max") && x > c["max"].get<double>()) return false;
  }
  return true;
}
}  // namespace

TuningModel load_tuning_model(const std::string& path) {
  std::ifstream in(path);
  if (!in) bad(path, "cannot be read");
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    bad(path, std::string("not JSON (") + e.what() + ")");
  }
  if (!doc.is_object()) bad(path, "must be a JSON object");
  if (doc.value("format", std::string()) != "hpcs-tuning-model 1")
    bad(path, "'format' must be \"hpcs-tuning-model 1\"");
  TuningModel m;
  m.path = path;
  m.app = text(path, doc, "app");
  m.variant = text(path, doc, "variant");
  m.device = text(path, doc, "device");
  m.name = doc.value("name", std::string("model"));
  if (!doc.contains("models") || !doc["models"].is_array() || doc["models"].empty())
    bad(path, "needs a non-empty array 'models'");
  for (std::size_t k = 0; k < doc["models"].size(); ++k) {
    const auto& mod = doc["models"][k];
    const std::string where = "models[" + std::to_string(k) + "]";
    if (!mod.is_object()) bad(path, where + " must be an object");
    if (mod.contains("when")) {
      if (!mod["when"].is_array()) bad(path, where + ".when must be an array");
      for (const auto& c : mod["when"])
        if (!c.is_object() || !c.contains("feature") || !c["feature"].is_string() ||
            !is_expression(c["feature"].get<std::string>()) || (c.contains("min") && !c["min"].is_number()) ||
            (c.contains("max") && !c["max"].is_number()))
          bad(path, where + ".when: each condition is {\"feature\": EXPR, \"min\": x, \"max\": y}");
    }
    if (!mod.contains("predict") || !mod["predict"].is_array() || mod["predict"].empty())
      bad(path, where + " needs a non-empty array 'predict'");
    for (std::size_t t = 0; t < mod["predict"].size(); ++t) {
      const auto& p = mod["predict"][t];
      const std::string pw = where + ".predict[" + std::to_string(t) + "]";
      if (!p.is_object() || !p.contains("tunable") || !p["tunable"].is_string() || !p.contains("tree"))
        bad(path, pw + " must be {\"tunable\": NAME, \"tree\": NODE}");
      check_node(path, p["tree"], pw + ".tree", 0);
    }
  }
  m.models = doc["models"];
  return m;
}

Prediction predict_tuning(const TuningModel& m, const nlohmann::json& features) {
  std::map<std::string, double> predicted;
  const Evaluator ev{m.path, features, predicted};
  for (const auto& mod : m.models) {
    if (mod.contains("when") && !holds(ev, mod["when"])) continue;
    Prediction out;
    out.model_class = mod.value("class", std::string("universal"));
    for (const auto& p : mod["predict"]) {
      const double y = ev.eval(p["tree"]);
      if (!std::isfinite(y)) bad(m.path, "predicts a non-finite " + p["tunable"].get<std::string>());
      predicted[p["tunable"].get<std::string>()] = y;
      out.coordinates.emplace_back(p["tunable"].get<std::string>(), y);
    }
    return out;
  }
  bad(m.path, "no model's 'when' holds for this instance (" + features.dump() + ")");
}

std::string tuning_model_relative_path(const std::string& app, const std::string& device_name) {
  return "tuning/" + app + "/" + device_slug(device_name) + ".json";
}

std::optional<std::string> find_tuning_model(const std::string& app, const std::string& device_name) {
  if (device_slug(device_name).empty()) return std::nullopt;
  return find_data_file(tuning_model_relative_path(app, device_name));
}

}  // namespace hpcs
