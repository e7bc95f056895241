#include "core/param_table.h"

#include <gtest/gtest.h>

#include "core/simulation.h"

namespace archex {
namespace {

enum class Shape { kMesh, kTorus };

struct Link {
  double rate;
  int buffer;
};

struct Params {
  double load;
  int nodes;
  Shape shape;
  std::vector<double> loads;
  std::vector<int> sizes;
  Link link;
};

ParamTable<Params> table() {
  ParamTable<Link> link;
  link.add(&Link::rate, number_param("rate", "Rate")
                            .unit("words/cycle").value(1).range(0.1, 1).step(0.1)
                            .about(""))
      .add(&Link::buffer, number_param("buffer", "Buffer")
                              .unit("flits").value(8).range(1, 64).whole()
                              .about(""));
  ParamTable<Params> t;
  t.add(&Params::load, number_param("load", "Load")
                           .unit("fraction").value(0.5).range(0, 1).step(0.01)
                           .about(""))
      .add(&Params::nodes, number_param("nodes", "Nodes")
                               .value(16).range(1, 1024).whole()
                               .about(""))
      .add(&Params::shape, choice_param("shape", "Shape")
                               .choices({"mesh", "torus"})
                               .value(0)
                               .about(""))
      .add(&Params::loads,
           number_param("loads", "Loads").value(0.1).range(0, 1).step(0.01).about("")
      .max_items(4).default_list({0.1, 0.2}))
      .add(&Params::sizes,
           number_param("sizes", "Sizes").value(2).range(1, 64).whole().about("")
      .max_items(4).default_list({2, 8}))
      .include(&Params::link, link);
  return t;
}

TEST(ParamTable, DeclaresEverySpecOnceInOrderWithPartsIncluded) {
  const ParamTable<Params> t = table();
  std::vector<std::string> names;
  for (const ParamSpec& s : t.specs()) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"load", "nodes", "shape", "loads", "sizes", "rate",
                                             "buffer"}));
}

TEST(ParamTable, WithoutLeavesOutOneEntryAndKeepsTheOrder) {
  // Kept in a variable: a range-for over a temporary's specs() would read a destroyed table.
  const ParamTable<Params> t = table().without("shape");
  std::vector<std::string> names;
  for (const ParamSpec& s : t.specs()) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"load", "nodes", "loads", "sizes", "rate",
                                             "buffer"}));
}

TEST(ParamTable, ReadFillsTypedFieldsFromResolvedValues) {
  const ParamTable<Params> t = table();
  const ParamValues values =
      resolve_params("m", t.specs(), {{"shape", 1}, {"sizes", std::vector<double>{4}}, {"buffer", 2}});
  const Params p = t.read(values);
  EXPECT_EQ(p.load, 0.5);
  EXPECT_EQ(p.nodes, 16);
  EXPECT_EQ(p.shape, Shape::kTorus);
  EXPECT_EQ(p.loads, (std::vector<double>{0.1, 0.2}));
  EXPECT_EQ(p.sizes, (std::vector<int>{4}));
  EXPECT_EQ(p.link.rate, 1);
  EXPECT_EQ(p.link.buffer, 2);
}

TEST(ParamTable, SetDefaultChangesOnlyThatSpecsDefault) {
  ParamTable<Params> t = table();
  t.set_default("buffer", 1).set_default("loads", std::vector<double>{0.3});
  const Params p = t.read(resolve_params("m", t.specs(), {}));
  EXPECT_EQ(p.link.buffer, 1);
  EXPECT_EQ(p.loads, (std::vector<double>{0.3}));
  EXPECT_THROW(t.set_default("nope", 1), std::invalid_argument);
}

TEST(ParamTable, RejectsAWholeNumberFieldWithAFractionalSpec) {
  ParamTable<Params> t;
  EXPECT_THROW(t.add(&Params::nodes, number_param("nodes", "Nodes")
                                         .value(1).range(0, 9).step(0.5)
                                         .about("")),
               std::invalid_argument);
  EXPECT_THROW(t.add(&Params::loads, number_param("loads", "Loads")
                                         .value(1).range(0, 9).step(1)
                                         .about("")),
               std::invalid_argument);
}

class Echo final : public Model {
 public:
  explicit Echo(const Params& p) : p_(p) {}
  bool advance(std::uint64_t) override { return true; }
  double progress() const override { return 1; }
  Result result() const override {
    Result r;
    r.scalars = {{"nodes", static_cast<double>(p_.nodes)}, {"rate", p_.link.rate}};
    return r;
  }

 private:
  Params p_;
};

TEST(ModelInfoFromTable, TheFactoryReceivesTypedParameters) {
  ModelRegistry registry;
  registry.add(
      model_entry("echo", table())
          .title("Echo")
          .outputs({ScalarOutput("nodes", "nodes", "Nodes"),
                    ScalarOutput("rate", "words/cycle", "Rate")})
          .machine([](const Params& p) {
            return std::vector<NetworkMap>(static_cast<std::size_t>(p.nodes));
          })
          .run([](const Params& p, Rng) { return std::make_unique<Echo>(p); }));
  const Result r = Simulation(registry, "echo", {{"nodes", 64}, {"rate", 0.5}}, 1).run();
  EXPECT_EQ(r.scalar("nodes"), 64);
  EXPECT_EQ(r.scalar("rate"), 0.5);
  // The declared unit reaches the result, and the machine its typed parameters.
  EXPECT_EQ(r.scalars[1].unit, "words/cycle");
  EXPECT_EQ(describe_machine(registry, "echo", {{"nodes", 3}}).size(), 3u);
}

}  // namespace
}  // namespace archex
