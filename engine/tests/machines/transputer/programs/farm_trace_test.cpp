#include "machines/transputer/programs/farm_trace.h"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"
#include "core/trace_events.h"

namespace archex {
namespace {

const ParamValues kFarm = {{"workers", std::vector<double>{4, 6}}, {"image_height", 48}};

struct Traced {
  Result result;  // the point's: its record
  Trace trace;
  Result combined;  // the run's result from the point alone
};

Traced traced(double from, double length,
              std::uint64_t max_events = std::numeric_limits<std::uint64_t>::max()) {
  const ModelRegistry registry = builtin_registry();
  Simulation sim(registry, "transputer_farm", kFarm, 1, 0);
  TraceRequest request;
  request.from = from;
  request.length = length;
  request.max_events = max_events;
  sim.record_trace(request);
  Traced t{sim.run(), {}, {}};
  t.trace = sim.trace();
  t.combined = Simulation(registry, "transputer_farm", kFarm, 1).combine({{0, t.result}});
  return t;
}

// Per transputer, the time in each state from the state changes, to `end`.
std::map<std::uint32_t, std::map<std::uint32_t, double>> state_times(const TraceKind& changes,
                                                                   double end) {
  std::map<std::uint32_t, std::pair<double, std::uint32_t>> last;
  std::map<std::uint32_t, std::map<std::uint32_t, double>> time;
  for (const auto& [t, f] : events(changes)) {
    const std::uint32_t node = f.at("node");
    if (last.count(node)) time[node][last[node].second] += t - last[node].first;
    last[node] = {t, f.at("state")};
  }
  for (const auto& [node, at] : last) time[node][at.second] += end - at.first;
  return time;
}

// The trace of the point's first worker count (4) on both machines: each worker's computing
// time is the share of the run the model's work rate gives it; every message is sent once and
// delivered once, after its send, to the transputer it was sent to; tracing changes no result.
TEST(FarmTrace, AWholeRunsStatesAndMessagesMatchTheFarm) {
  const Traced t = traced(0, 1e9);
  const Result plain = Simulation(builtin_registry(), "transputer_farm", kFarm, 1, 0).run();
  ASSERT_FALSE(plain.record.empty());
  EXPECT_EQ(plain.record, t.result.record);
  EXPECT_EQ(t.trace.clock, "ms");
  EXPECT_EQ(t.trace.dropped(), 0u);
  ASSERT_EQ(t.trace.timeline.lanes.size(), 2u);
  const char* machines[] = {"t805", "t9000"};
  for (const std::string m : machines) {
    const Series& times = t.combined.find_series("farm_time_ms_" + m);
    ASSERT_EQ(times.x.front(), 4);
    const double end = times.y.front();
    const Series& rates = t.combined.find_series("work_rates_" + m);
    const auto time = state_times(t.trace.kind(m + "_state"), end);
    for (std::uint32_t w = 1; w <= 4; ++w) {
      EXPECT_NEAR(time.at(w).at(1) / end, rates.y[w - 1], 1e-9) << m << " worker " << w;
      EXPECT_GT(time.at(w).at(2), 0) << m << " worker " << w << " communicates";
    }
    // The master only communicates.
    EXPECT_EQ(time.at(0).count(1), 0u);
    std::map<std::uint32_t, std::pair<double, std::uint32_t>> sent;
    for (const auto& [at, f] : events(t.trace.kind(m + "_message_sent"))) {
      EXPECT_TRUE(sent.emplace(f.at("id"), std::make_pair(at, f.at("to"))).second);
      EXPECT_EQ(f.at("what"), f.at("node") == 0 ? 0u : 1u);
    }
    // Every row goes out and comes back.
    EXPECT_EQ(sent.size(), 2u * 48);
    std::map<std::uint32_t, int> received;
    for (const auto& [at, f] : events(t.trace.kind(m + "_message_received"))) {
      ASSERT_TRUE(sent.count(f.at("id")));
      EXPECT_EQ(sent[f.at("id")].second, f.at("node"));
      EXPECT_GT(at, sent[f.at("id")].first);
      ++received[f.at("id")];
    }
    EXPECT_EQ(received.size(), sent.size());
    for (const auto& [id, n] : received) EXPECT_EQ(n, 1) << id;
  }
}

// A window's starting states are what the whole run's changes say at that moment.
TEST(FarmTrace, AWindowStartsFromTheStatesAtItsStart) {
  const Traced whole = traced(0, 1e9);
  const double from = whole.combined.find_series("farm_time_ms_t9000").y.front() / 2;
  const Traced part = traced(from, 50);
  for (const std::string m : {"t805", "t9000"}) {
    std::map<std::uint32_t, std::uint32_t> at;
    for (const auto& [t, f] : events(whole.trace.kind(m + "_state"))) {
      if (t <= from) at[f.at("node")] = f.at("state");
    }
    const auto start = events(part.trace.kind(m + "_state_at_start"));
    ASSERT_EQ(start.size(), 5u);
    for (const auto& [t, f] : start) {
      EXPECT_EQ(t, from);
      EXPECT_EQ(f.at("state"), at.count(f.at("node")) ? at[f.at("node")] : 0u) << m;
    }
    for (const auto& [t, f] : events(part.trace.kind(m + "_state"))) {
      EXPECT_GE(t, from);
      EXPECT_LT(t, from + 50);
    }
  }
}

// Past a cap the trace keeps both machines' events up to one time, each whole up to it.
TEST(FarmTrace, ACapCutsBothMachinesAtOneTime) {
  const Traced t = traced(0, 1e9, 400);
  EXPECT_TRUE(t.trace.truncated);
  EXPECT_GT(t.trace.dropped(), 0u);
  EXPECT_GT(t.trace.end, 0);
  for (const std::string m : {"t805", "t9000"}) {
    EXPECT_GT(t.trace.kind(m + "_state").events(), 0u) << m;
    for (const char* k : {"_state", "_message_sent", "_message_received"}) {
      for (const auto& [at, f] : events(t.trace.kind(m + k))) EXPECT_LT(at, t.trace.end) << m << k;
    }
  }
  // Whole up to the cut: the same events as the whole run's before it.
  const Traced whole = traced(0, 1e9);
  for (const std::string k : {"t805_state", "t9000_message_sent"}) {
    std::size_t before = 0;
    for (const auto& [at, f] : events(whole.trace.kind(k))) before += at < t.trace.end;
    EXPECT_EQ(t.trace.kind(k).events(), before) << k;
  }
}

}  // namespace
}  // namespace archex
