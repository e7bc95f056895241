#include "core/record.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

struct Sample {
  double time = 0;
  int count = 0;
  bool ok = false;
  std::vector<double> shares;
  std::vector<double> rates;
};

const RecordTable<Sample>& sample_table() {
  static const RecordTable<Sample> table = RecordTable<Sample>()
                                               .add(&Sample::time)
                                               .add(&Sample::count)
                                               .add(&Sample::ok)
                                               .add(&Sample::shares)
                                               .add(&Sample::rates);
  return table;
}

TEST(RecordTable, EncodeThenDecodeGivesTheRecordBack) {
  const Sample s{0.1 + 0.2, 7, true, {0.25, 1e-300}, {}};
  const std::vector<double> numbers = sample_table().encode(s);
  // Numbers in declared order, each list after its length.
  EXPECT_EQ(numbers, (std::vector<double>{0.1 + 0.2, 7, 1, 2, 0.25, 1e-300, 0}));
  const Sample back = sample_table().decode(numbers);
  EXPECT_EQ(back.time, s.time);
  EXPECT_EQ(back.count, 7);
  EXPECT_TRUE(back.ok);
  EXPECT_EQ(back.shares, s.shares);
  EXPECT_TRUE(back.rates.empty());
}

TEST(RecordTable, DecodeRefusesNumbersThatAreNoRecordOfTheTable) {
  const std::vector<std::vector<double>> bad = {
      {},                           // nothing
      {1, 2, 1},                    // ends before the lists
      {1, 2, 1, 3, 0.5, 0},         // a list longer than what follows
      {1, 2, 1, -1, 0},             // a negative length
      {1, 2, 1, 0.5, 0},            // a fractional length
      {1, 2, 1, 0, 0, 9},           // numbers left over
  };
  for (const std::vector<double>& numbers : bad) {
    EXPECT_THROW(sample_table().decode(numbers), std::invalid_argument) << numbers.size();
  }
}

TEST(RecordTable, ReadRecordsNamesThePointWhoseRecordIsMalformed) {
  Result good;
  good.record = sample_table().encode(Sample{1, 2, false, {}, {}});
  Result bad;
  bad.record = {1, 2};
  try {
    read_records(sample_table(), {{0, good}, {5, bad}});
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("partial 5"), std::string::npos) << e.what();
  }
}

// The J-Machine programs' runs report a typed record, not named scalars: a run's partial holds
// its record and only the outputs it reports itself, and the combine gives an error in words,
// not a wrong result, for a partial without its record.
TEST(RecordTable, AJMachineProgramRunGivesItsRecordAndItsOwnOutputs) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues params = {{"programs", std::vector<double>{3}},
                              {"nodes", std::vector<double>{2}},
                              {"breakdown_nodes", 2},
                              {"queens_n", 6}};
  const Result partial = Simulation(registry, "jmachine_programs", params, 1, 0).run();
  ASSERT_FALSE(partial.record.empty());
  std::vector<std::string> names;
  for (const Scalar& s : partial.scalars) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"queens_depth", "queens_boards"}));
  ASSERT_EQ(partial.series.size(), 1u);
  EXPECT_EQ(partial.series[0].name, "work_rates_queens");
  const Simulation whole(registry, "jmachine_programs", params, 1);
  EXPECT_EQ(whole.combine({{0, partial}}).scalar("queens_answer"), 4);
  Result stripped = partial;
  stripped.record.clear();
  EXPECT_THROW(whole.combine({{0, stripped}}), std::invalid_argument);
}

}  // namespace
}  // namespace archex
