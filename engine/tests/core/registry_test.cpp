#include "core/registry.h"

#include <gtest/gtest.h>

#include "core/trace.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

ModelInfo dummy(const std::string& name) {
  return {name, "Dummy", "d", "c", {{"p", "P", "", 1, 0, 2, 1, true, ""}},
          [](const ParamValues&, Rng) -> std::unique_ptr<Model> { return nullptr; }};
}

TEST(ModelRegistry, GetUnknownModelListsValidNames) {
  ModelRegistry r;
  r.add(dummy("a"));
  r.add(dummy("b"));
  try {
    r.get("c");
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown model 'c'; valid: a, b");
  }
}

TEST(ModelRegistry, RejectsDuplicateNames) {
  ModelRegistry r;
  r.add(dummy("a"));
  EXPECT_THROW(r.add(dummy("a")), std::invalid_argument);
}

TEST(ModelRegistry, RejectsDefaultOutsideRange) {
  ModelRegistry r;
  ModelInfo bad = dummy("a");
  bad.params[0].default_value = 5;
  EXPECT_THROW(r.add(bad), ParamError);
}

ModelInfo with_list(std::size_t max_items, std::vector<double> default_list) {
  ModelInfo info = dummy("a");
  info.params[0].max_items = max_items;
  info.params[0].default_list = std::move(default_list);
  return info;
}

TEST(ModelRegistry, AcceptsAValidDefaultList) {
  ModelRegistry r;
  EXPECT_NO_THROW(r.add(with_list(3, {0, 2, 1})));
}

TEST(ModelRegistry, AConditionNamesAChoiceOfTheModelAndSomeOfItsValues) {
  ModelInfo info = dummy("a");
  info.params.push_back(choice_param("shape", "Shape").choices({"ring", "line"}));
  info.params[0].when = {{"shape", {"ring"}}};
  EXPECT_NO_THROW(ModelRegistry().add(info));
  for (const ParamCondition& bad : {ParamCondition{"shape", {"star"}}, ParamCondition{"shape", {}},
                                    ParamCondition{"p", {"1"}}, ParamCondition{"size", {"ring"}}}) {
    info.params[0].when = {bad};
    EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument) << bad.param;
  }
}

TEST(ModelRegistry, AForeignNameIsOfAChoiceTheModelHas) {
  ModelInfo info = dummy("a");
  info.params.push_back(choice_param("shape", "Shape").choices({"ring", "line"}));
  info.foreign_names = {{"Sim", "shape", "ring", "circle", {"2d"}, ""}};
  EXPECT_NO_THROW(ModelRegistry().add(info));
  for (const ForeignName& bad : {ForeignName{"Sim", "shape", "star", "s", {}, ""},
                                 ForeignName{"Sim", "p", "ring", "r", {}, ""},
                                 ForeignName{"", "shape", "ring", "r", {}, ""},
                                 ForeignName{"Sim", "shape", "ring", "", {}, ""}}) {
    info.foreign_names = {bad};
    EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument) << bad.value << bad.name;
  }
}

TEST(ModelRegistry, RejectsAnInvalidDefaultList) {
  ModelRegistry r;
  EXPECT_THROW(r.add(with_list(3, {})), ParamError);
  EXPECT_THROW(r.add(with_list(2, {0, 1, 2})), ParamError);
  EXPECT_THROW(r.add(with_list(3, {1, 5})), ParamError);
  EXPECT_THROW(r.add(with_list(3, {0.5})), ParamError);
}

TEST(ModelRegistry, RejectsADefaultListOnASingleNumber) {
  ModelRegistry r;
  try {
    r.add(with_list(0, {1}));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "model 'a': parameter 'p' has a default list but max_items 0");
  }
}

TEST(ModelRegistry, RejectsAUnitFromAnythingButAChoiceNamingItsDefault) {
  ModelInfo info = dummy("a");
  info.params.push_back(choice_param("scale", "Scale").choices({"PEs", "nodes"}));
  info.params[0].unit = "PEs";
  info.params[0].unit_from = "scale";
  EXPECT_NO_THROW(ModelRegistry().add(info));
  info.params[0].unit = "nodes";
  EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument);
  info.params[0].unit_from = "p";
  EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument);
}

TEST(BuiltinRegistry, EveryModelIsDocumented) {
  const ModelRegistry r = builtin_registry();
  ASSERT_FALSE(r.models().empty());
  for (const auto& m : r.models()) {
    EXPECT_FALSE(m.title.empty()) << m.name;
    EXPECT_FALSE(m.description.empty()) << m.name;
    EXPECT_FALSE(m.citation.empty()) << m.name;
    for (const auto& p : m.params) {
      EXPECT_FALSE(p.label.empty()) << m.name << "." << p.name;
      EXPECT_FALSE(p.description.empty()) << m.name << "." << p.name;
    }
  }
}

TEST(ModelRegistry, RejectsASignatureNamingAnUndeclaredOutputOrParameter) {
  ModelInfo logp = dummy("a");
  logp.outputs = {{"one_way_us_*", OutputKind::kSeries, "us", "one-way time"}};
  logp.logp = LogpSignature{"one_way_us_*", "one_way_cycles_*", {}, {"overlap", "", ""}, ""};
  try {
    ModelRegistry().add(logp);
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "model 'a': its LogP one-way series 'one_way_cycles_*' is not a "
                           "declared series");
  }
  ModelInfo costs = dummy("b");
  costs.outputs = {{"overhead_*", OutputKind::kSeries, "us", "cost models"}};
  costs.cost_models = CostModelSignature{"overhead_*", "overhead_self", "p", "p"};
  // p is a single number, not a list of each curve's Ts.
  EXPECT_THROW(ModelRegistry().add(costs), std::invalid_argument);
  costs.cost_models->own = "self";
  EXPECT_THROW(ModelRegistry().add(costs), std::invalid_argument);
}

TEST(ModelRegistry, RejectsReadsOfAnUnknownParameterOrByANumber) {
  ModelInfo info = dummy("a");
  ParamSpec parts = number_param("parts", "Parts").value(0).range(0, 1).whole().max_items(2)
                        .default_list({0});
  info.params.push_back(parts);
  info.reads = ChoiceReads{"parts", {"parts"}, {{"p"}, {}}};
  EXPECT_NO_THROW(ModelRegistry().add(info));
  info.reads->by_value[1] = {"q"};
  try {
    ModelRegistry().add(info);
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "model 'a': its reads name 'q', which is not one of its parameters");
  }
  // p is a single number; and parts has two values, not one.
  info.reads = ChoiceReads{"p", {}, {{}, {}, {}}};
  EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument);
  info.reads = ChoiceReads{"parts", {}, {{"p"}}};
  EXPECT_THROW(ModelRegistry().add(info), std::invalid_argument);
}

TEST(BuiltinRegistry, EveryModelSaysWhetherItRecordsATrace) {
  const ModelRegistry r = builtin_registry();
  int tracing = 0;
  for (const auto& m : r.models()) {
    const ParamValues params = resolve_params(m.name, m.params, {});
    const std::unique_ptr<Model> model =
        m.sweep ? m.sweep->point(params, Rng(1), 0) : m.factory(params, Rng(1));
    TraceRecorder recorder{TraceRequest{}};
    EXPECT_EQ(model->attach_trace(recorder), m.records_trace) << m.name;
    tracing += m.records_trace ? 1 : 0;
  }
  EXPECT_GT(tracing, 0);
}

TEST(BuiltinRegistry, EachCallBuildsAnIndependentRegistry) {
  ModelRegistry a = builtin_registry();
  const ModelRegistry b = builtin_registry();
  a.add(dummy("extra"));
  EXPECT_EQ(a.models().size(), b.models().size() + 1);
}

}  // namespace
}  // namespace archex
