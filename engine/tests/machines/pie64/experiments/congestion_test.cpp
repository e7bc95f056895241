#include "machines/pie64/experiments/congestion.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

const ParamValues kSmallSweep = {{"ius", 16},
                                 {"lengths", std::vector<double>{4, 64}},
                                 {"ps", std::vector<double>{1e-3, 0.3}},
                                 {"messages", 6}};

TEST(Pie64Congestion, WaitAndThroughputRiseWithTheShareOfTransfers) {
  const Result r = run("pie64_congestion", kSmallSweep);
  for (const char* len : {"4", "64"}) {
    const Series& tw = r.find_series(std::string("tw_clocks_") + len);
    const Series& thr = r.find_series(std::string("throughput_words_per_clock_") + len);
    ASSERT_EQ(tw.y.size(), 2u);
    EXPECT_GT(tw.y[1], tw.y[0]);
    EXPECT_GT(thr.y[1], thr.y[0]);
  }
}

TEST(Pie64Congestion, MpWriteBreaksItsLatencyDown) {
  ParamValues v = kSmallSweep;
  v.set("command", 2);
  v.set("compare_length", 4);
  const Result r = run("pie64_congestion", v);
  // Two local MP steps of mp_clocks each (133.1 by default, whole clocks with the rest carried).
  EXPECT_NEAR(r.scalar("tl_p0_tmp"), 2 * 133.1, 1.0);
  EXPECT_GT(r.scalar("tl_p0_tpa"), 133);
  EXPECT_GT(r.scalar("limit_p_ratio"), 0);
}

TEST(Pie64Congestion, CountsTheLengthsAtWhichTpaGrowsTheMost) {
  ParamValues v = kSmallSweep;
  v.set("command", 2);
  const Result r = run("pie64_congestion", v);
  const double share = r.scalar("tpa_leads_lengths");
  // Two lengths: none, one or both.
  EXPECT_TRUE(share == 0 || share == 0.5 || share == 1) << share;
  // WRITEMN has no Tpa: nothing to count.
  EXPECT_THROW(run("pie64_congestion", kSmallSweep).scalar("tpa_leads_lengths"),
               std::out_of_range);
}

TEST(Pie64Congestion, TransfersOccurAtTheShareOfTransferInstructionsWhileTheNetworkIsIdle) {
  // At p well below the limit a transfer rarely waits, so an IU issues one per 1/p clocks: the
  // measured occurrence is p (800 transfers: a standard error near 4 %).
  ParamValues v = kSmallSweep;
  v.set("lengths", std::vector<double>{4});
  v.set("ps", std::vector<double>{1e-4, 2e-3});
  v.set("messages", 50);
  const Result r = run("pie64_congestion", v);
  const Series& tw = r.find_series("tw_clocks_4");
  EXPECT_NEAR(tw.x[0] / 1e-4, 1, 0.12);
  EXPECT_NEAR(tw.x[1] / 2e-3, 1, 0.12);
}

TEST(Pie64Congestion, LabelsAOneWordMessageInTheSingular) {
  ParamValues v = kSmallSweep;
  v.set("lengths", std::vector<double>{1, 4});
  v.set("ps", std::vector<double>{1e-3, 0.1, 0.2, 0.3});
  const Result r = run("pie64_congestion", v);
  EXPECT_EQ(r.find_series("tw_clocks_1").label, "WRITEMN, 1 word");
  EXPECT_EQ(r.find_series("tw_clocks_4").label, "WRITEMN, 4 words");
  EXPECT_EQ(r.find_series("limit_line_1").label, "a/x, 1 word");
  EXPECT_EQ(r.find_series("limit_line_4").label, "a/x, 4 words");
}

TEST(Pie64Congestion, KeysEachLengthsCurvesFitsAndModelsAlike) {
  ParamValues v = kSmallSweep;
  v.set("ps", std::vector<double>{1e-3, 0.1, 0.2, 0.3});
  const Result r = run("pie64_congestion", v);
  for (const char* len : {"4", "64"}) {
    const std::string key = r.find_series(std::string("throughput_words_per_clock_") + len).key;
    EXPECT_EQ(key, std::string("WRITEMN, ") + len + " words");
    EXPECT_EQ(r.find_series(std::string("tw_clocks_") + len).key, key);
    EXPECT_EQ(r.find_series(std::string("patel_throughput_") + len).key, key);
    EXPECT_EQ(r.find_series(std::string("limit_line_") + len).key, key);
  }
}

TEST(Pie64Congestion, MapsTheOccupancyOfEveryDanSwitchOutput) {
  const Result r = run("pie64_congestion", kSmallSweep);
  const NetworkMap& dan = r.find_network("dan_occupancy");
  EXPECT_EQ(dan.shape, "fly");
  EXPECT_EQ(dan.nodes, 16);
  const std::vector<double>& held = dan.channels.reals("occupancy");
  const std::vector<std::int32_t>& to = dan.channels.ints("to_terminal");
  // 3 stages of 16 4x4 switches; the last stage's outputs lead to IUs 0..63.
  ASSERT_EQ(held.size(), 48u * 4);
  double most = 0;
  for (std::size_t c = 0; c < held.size(); ++c) {
    EXPECT_GE(held[c], 0);
    EXPECT_LE(held[c], 1);
    most = std::max(most, held[c]);
    // Only the first 16 IUs run: the outputs to the others carry nothing.
    if (to[c] >= 16) {
      EXPECT_EQ(held[c], 0) << c;
    }
  }
  EXPECT_GT(most, 0.05);
}

// A point's trace is its DAN's connections: each delivered connection was opened, none is
// delivered twice, and recording changes no result.
TEST(Pie64Congestion, TracesItsNetworksConnectionsWithoutChangingTheResult) {
  const ModelRegistry registry = builtin_registry();
  Simulation plain(registry, "pie64_congestion", kSmallSweep, 1, 1);
  Simulation traced(registry, "pie64_congestion", kSmallSweep, 1, 1);
  TraceRequest request;
  request.length = 1e9;
  traced.record_trace(request);
  const Result a = plain.run();
  const Result b = traced.run();
  ASSERT_EQ(a.scalars.size(), b.scalars.size());
  for (std::size_t i = 0; i < a.scalars.size(); ++i) {
    EXPECT_EQ(a.scalars[i].value, b.scalars[i].value) << a.scalars[i].name;
  }
  const Trace trace = traced.trace();
  EXPECT_EQ(trace.dropped(), 0u);
  std::vector<std::uint32_t> opened;
  const TraceKind& created = trace.kind("packet_created");
  for (std::size_t i = 0; i < created.events(); ++i) opened.push_back(created.columns[0].at(i));
  std::sort(opened.begin(), opened.end());
  const TraceKind& delivered = trace.kind("packet_delivered");
  EXPECT_GT(delivered.events(), 100u);
  std::vector<std::uint32_t> done;
  for (std::size_t i = 0; i < delivered.events(); ++i) {
    const std::uint32_t id = delivered.columns[0].at(i);
    EXPECT_TRUE(std::binary_search(opened.begin(), opened.end(), id)) << "connection " << id;
    done.push_back(id);
  }
  std::sort(done.begin(), done.end());
  EXPECT_EQ(std::adjacent_find(done.begin(), done.end()), done.end());
  EXPECT_GT(trace.kind("circuit_hold").events(), delivered.events());
}

TEST(Pie64Congestion, RejectsTooManyIus) {
  ParamValues v = kSmallSweep;
  v.set("ius", 65);
  try {
    run("pie64_congestion", v);
    FAIL() << "65 IUs accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "ius");
  }
}

}  // namespace
}  // namespace archex
