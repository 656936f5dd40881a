// SPDX-License-Identifier: BSD-3-Clause
// Named tunings are points of the variant's tuning space (hpcs/harness/variant.hpp): set through the
// space's tunables, so a name and --tune agree; switches outside the space stay functions. And
// when a run takes the shipped model's point by default (model_by_default).
#include <gtest/gtest.h>

#include <stdexcept>

#include "hpcs/harness/variant.hpp"

namespace hpcs {
namespace {

struct Shape {
  int block = 0, unroll = 0;
  bool graph = true;
};
struct Problem {};
using V = Variant<Problem, Shape, int>;

TuningSpace<Problem, Shape> space() {
  Tunable<Problem, Shape> block{"block",
                                [](const Problem&) {
                                  return std::vector<std::int64_t>{64, 128};
                                },
                                [](const Shape& s) { return s.block; },
                                [](Shape& s, std::int64_t v) { s.block = static_cast<int>(v); }};
  Tunable<Problem, Shape> unroll{"unroll",
                                 [](const Problem&) {
                                   return std::vector<std::int64_t>{1, 4};
                                 },
                                 [](const Shape& s) { return s.unroll; },
                                 [](Shape& s, std::int64_t v) { s.unroll = static_cast<int>(v); }};
  return {block, unroll};
}

TEST(NamedTunings, ValuesAreNamedPointsOfOneTunable) {
  const auto t = named_values<Shape>("block", "block", {64, 256});
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].name, "block256");
  ASSERT_EQ(t[1].point.size(), 1u);
  EXPECT_EQ(t[1].point[0].first, "block");
  EXPECT_EQ(t[1].point[0].second, 256);
}

TEST(NamedTunings, ExpandSetsThePointThroughTheSpaceAndKeepsTheRest) {
  V v;
  v.name = "cuda/rk7";
  v.space = space();
  v.tunings = named_values<Shape>("block", "block", {256});
  v.tunings.push_back(named_point<Shape>("b64u4", {{"block", 64}, {"unroll", 4}}));
  v.tunings.push_back(named_switch<Shape>("nograph", [](Shape s) {
    s.graph = false;
    return s;
  }));
  const std::vector<V> list{v};
  const auto entries = expand_tunings(list, Shape{512, 2, true});
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].name, "cuda/rk7");
  EXPECT_EQ(entries[0].tuning.block, 512);
  EXPECT_EQ(entries[1].name, "cuda/rk7/block256");
  EXPECT_EQ(entries[1].tuning.block, 256);  // a value outside the candidates is still the named one
  EXPECT_EQ(entries[1].tuning.unroll, 2);   // the command line's unroll stays
  EXPECT_EQ(entries[2].tuning.block, 64);
  EXPECT_EQ(entries[2].tuning.unroll, 4);
  EXPECT_FALSE(entries[3].tuning.graph);
  EXPECT_EQ(entries[3].tuning.block, 512);
}

TEST(NamedTunings, APointOfATunableTheSpaceLacksIsADefectOfTheList) {
  V v;
  v.name = "cuda/rk1";
  v.space = space();
  v.tunings = named_values<Shape>("tile", "tile-t", {4});
  try {
    expand_tunings(std::vector<V>{v}, Shape{});
    FAIL() << "expected a logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "cuda/rk1/tile4: 'tile-t' is not a tunable of cuda/rk1's space");
  }
}

// The shipped model picks a run's point by default only where the command line fixed none of
// the space's tunables, or only resources (the wavefront's --gpu-count 2: its tiles left free).
TEST(ModelByDefault, OnlyWhereTheCommandLineFixedNothingButResources) {
  auto s = space();
  EXPECT_TRUE(model_by_default(s, {}));
  EXPECT_FALSE(model_by_default(s, {"block"}));
  EXPECT_TRUE(model_by_default(s, {"threads"}));  // not a tunable of this space
  s[1].resource = true;                           // unroll: given, not chosen
  EXPECT_TRUE(model_by_default(s, {"unroll"}));
  EXPECT_FALSE(model_by_default(s, {"unroll", "block"}));
}

// A model reads the run's resources beside the instance's features (a two-GPU class), the
// shapes it predicts not.
TEST(ModelInputs, AreTheFeaturesAndTheResources) {
  auto s = space();
  const nlohmann::json features = {{"dim", 500}};
  EXPECT_EQ(model_inputs(s, Shape{64, 4, true}, features), features);
  s[1].resource = true;
  EXPECT_EQ(model_inputs(s, Shape{64, 4, true}, features), (nlohmann::json{{"dim", 500}, {"unroll", 4}}));
}

}  // namespace
}  // namespace hpcs
