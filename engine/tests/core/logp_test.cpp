#include "core/logp.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace archex {
namespace {

// Samples a LogGP machine with these parameters would give, exactly.
std::vector<LogpSample> synthetic(const LogpFit& p, const std::vector<double>& sizes) {
  std::vector<LogpSample> out;
  for (const double k : sizes) {
    out.push_back({k, p.o_send + p.latency + (k - 1) * p.gap_per_byte + p.o_recv,
                   p.gap + (k - 1) * p.gap_per_byte, p.o_send, p.o_recv});
  }
  return out;
}

TEST(FitLogp, RecoversKnownParametersFromASyntheticSample) {
  const LogpFit known{3.5, 2.25, 7, 9, 0.125};
  const LogpFit f = fit_logp(synthetic(known, {1024, 4, 64, 1, 16384}));
  EXPECT_DOUBLE_EQ(f.o_send, 3.5);
  EXPECT_DOUBLE_EQ(f.o_recv, 2.25);
  EXPECT_NEAR(f.latency, 7, 1e-9);
  EXPECT_NEAR(f.gap, 9, 1e-9);
  EXPECT_NEAR(f.gap_per_byte, 0.125, 1e-12);
}

TEST(FitLogp, SmallestSizeAbove1ByteIsTakenBackToOneByte) {
  const LogpFit known{1, 2, 3, 4, 0.5};
  const LogpFit f = fit_logp(synthetic(known, {8, 32, 128}));
  EXPECT_NEAR(f.latency, 3, 1e-9);
  EXPECT_NEAR(f.gap, 4, 1e-9);
}

TEST(FitLogp, OverheadsThatOverlapTheTransferLeaveLAtZeroAndSayTheOverlap) {
  // A receiver that handles a header while the data is on its way: 10 + 12 us of overheads in a
  // one-way time of 19 us, which no latency L >= 0 can give in series.
  const std::vector<LogpSample> overlapped = {{1, 19, 12, 10, 12}, {101, 29, 22, 10, 12}};
  const LogpFit f = fit_logp(overlapped);
  EXPECT_EQ(f.latency, 0);
  EXPECT_DOUBLE_EQ(f.overlap, 3);
  EXPECT_DOUBLE_EQ(f.one_byte(), 19);
  // In series there is nothing to say.
  const LogpFit serial = fit_logp(synthetic({3.5, 2.25, 7, 9, 0.125}, {1, 64}));
  EXPECT_EQ(serial.overlap, 0);
  EXPECT_NEAR(serial.one_byte(), 3.5 + 7 + 2.25, 1e-12);
}

TEST(LogpSample, OneWayIsHalfTheRoundTripAndGapTheMeanArrivalInterval) {
  LogpMeasure ping;
  ping.round_trip_us = 30;
  LogpMeasure burst;
  burst.delivered_us = {10, 14, 19, 25};
  burst.send_busy_us = 8;
  burst.recv_busy_us = 12;
  const LogpSample s = logp_sample(64, ping, burst);
  EXPECT_EQ(s.one_way_us, 15);
  EXPECT_EQ(s.gap_us, 5);
  EXPECT_EQ(s.send_busy_us, 2);
  EXPECT_EQ(s.recv_busy_us, 3);
}

// A run that takes `units` steps and reports a fixed measure.
class Fixed final : public LogpRun {
 public:
  Fixed(int units, LogpMeasure m) : left_(units), m_(std::move(m)) {}
  bool step() override { return --left_ <= 0; }
  LogpMeasure measure() const override { return m_; }

 private:
  int left_;
  LogpMeasure m_;
};

TEST(LogpModel, RunsEverySizeOfEveryTargetAndReportsBothUnits) {
  LogpTarget t;
  t.key = "m";
  t.label = "M";
  t.clock_mhz = 20;
  t.ping = [](int bytes) {
    LogpMeasure m;
    m.round_trip_us = 2 * (10 + 0.5 * bytes);
    return std::make_unique<Fixed>(3, m);
  };
  t.burst = [](int bytes, int count) {
    LogpMeasure m;
    for (int i = 0; i < count; ++i) m.delivered_us.push_back(i * (4 + 0.5 * bytes));
    m.send_busy_us = 1.5 * count;
    m.recv_busy_us = 2 * count;
    return std::make_unique<Fixed>(2, m);
  };
  auto model = logp_model({t}, {{1, 8, 64}, 4});
  EXPECT_FALSE(model->advance(5));
  EXPECT_GT(model->progress(), 0);
  EXPECT_TRUE(model->advance(1000));
  EXPECT_EQ(model->progress(), 1);
  const Result r = model->result();
  EXPECT_EQ(r.find_series("one_way_us_m").y, (std::vector<double>{10.5, 14, 42}));
  EXPECT_EQ(r.find_series("one_way_cycles_m").y, (std::vector<double>{210, 280, 840}));
  EXPECT_DOUBLE_EQ(r.scalar("m_G_us"), 0.5);
  EXPECT_DOUBLE_EQ(r.scalar("m_g_us"), 4.5);
  EXPECT_DOUBLE_EQ(r.scalar("m_o_send_cycles"), 30);
  EXPECT_DOUBLE_EQ(r.scalar("m_L_us"), 10.5 - 1.5 - 2);
  EXPECT_EQ(r.scalar("m_overlap_us"), 0);
  EXPECT_EQ(r.scalar("m_overlap_cycles"), 0);
}

}  // namespace
}  // namespace archex
