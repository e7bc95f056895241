#include "machines/golden.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/result_json.h"
#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// A run's line: what was asked, then what came out.
std::string golden_line(const ModelRegistry& registry, const GoldenRun& run) {
  Simulation sim(registry, run.model, run.overrides, run.seed, run.point);
  if (run.trace) sim.record_trace(*run.trace);
  const Result result = sim.run();
  std::ostringstream line;
  line << "{\"model\":\"" << run.model << "\",\"seed\":" << run.seed;
  if (run.point) line << ",\"point\":" << *run.point;
  if (run.trace) line << ",\"trace_from\":" << run.trace->from << ",\"trace_length\":" << run.trace->length;
  std::optional<Trace> trace;
  if (run.trace) trace = sim.trace();
  line << ",\"run\":" << result_json(sim.params(), result, trace ? &*trace : nullptr) << "}";
  return line.str();
}

std::string first_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  const std::size_t from = i < 60 ? 0 : i - 60;
  return "at character " + std::to_string(i) + ":\n  recorded ..." + want.substr(from, 120) +
         "\n  now      ..." + got.substr(from, 120);
}

}  // namespace

void expect_golden(const std::string& dir, const std::vector<GoldenRun>& runs) {
  const std::string path = std::string(ARCHEX_TEST_DIR) + "/" + dir + "/golden.jsonl";
  const ModelRegistry registry = builtin_registry();
  std::vector<std::string> lines;
  for (const GoldenRun& run : runs) lines.push_back(golden_line(registry, run));

  const char* update = std::getenv("ARCHEX_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << '\n';
    ASSERT_TRUE(out.good()) << "could not write " << path;
    return;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path << " is missing: run with ARCHEX_UPDATE_GOLDEN=1 to record it";
  std::vector<std::string> recorded;
  for (std::string line; std::getline(in, line);) recorded.push_back(line);
  ASSERT_EQ(recorded.size(), lines.size()) << path << " records another list of runs";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_TRUE(recorded[i] == lines[i])
        << runs[i].model << " (run " << i + 1 << " of " << path << ") differs "
        << first_difference(recorded[i], lines[i]);
  }
}

}  // namespace archex
