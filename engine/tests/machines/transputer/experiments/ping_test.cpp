#include "machines/transputer/experiments/ping.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "machines/transputer/experiments/run.h"

namespace archex {
namespace {

using transputer_test::run;

const Result& ping() {
  static const Result r = run("transputer_ping");
  return r;
}


// ---- Sec. 4.1, Figs. 2-7 -------------------------------------------------------------------------

TEST(TransputerPing, T9000RoundTripStepsJustAfterOnePacket) {
  // The 33rd byte needs a second packet and its acknowledge: a step far above a byte's cost.
  EXPECT_GT(ping().scalar("t9_raw_step_ratio"), 5);
  EXPECT_GT(ping().scalar("t9_raw_step_us"), 1);
}

// The VCR's software costs each message alike: the T805 falls furthest behind on small messages.
TEST(TransputerPing, T805VcrFallsFurthestBehindOnSmallMessages) {
  const Series& ratio = ping().find_series("ratio_t8_t9_raw_vcr");
  EXPECT_EQ(ping().scalar("ratio_t8_t9_raw_vcr_max"),
            *std::max_element(ratio.y.begin(), ratio.y.end()));
  EXPECT_GT(ratio.y.front(), 2 * ratio.y.back());
}

// p4's per-message software weighs most on small messages; on large ones the links' and the
// per-packet costs rule, so the T805's lag shrinks with the size.
TEST(TransputerPing, P4RatioShrinksFromSmallToLargeMessages) {
  const Series& ratio = ping().find_series("ratio_t8_t9_p4");
  EXPECT_EQ(ping().scalar("ratio_t8_t9_p4_first"), ratio.y.front());
  EXPECT_EQ(ping().scalar("ratio_t8_t9_p4_last"), ratio.y.back());
  EXPECT_EQ(ping().scalar("ratio_t8_t9_p4_max"),
            *std::max_element(ratio.y.begin(), ratio.y.end()));
  EXPECT_EQ(ping().scalar("ratio_t8_t9_p4_min"),
            *std::min_element(ratio.y.begin(), ratio.y.end()));
  EXPECT_GT(ratio.y.front(), 1.2 * ratio.y.back());
  for (std::size_t i = 1; i < ratio.x.size(); ++i) {
    if (ratio.x[i] > 64) {
      EXPECT_LT(ratio.y[i], ratio.y[i - 1]) << ratio.x[i] << " bytes";
    }
  }
}

TEST(TransputerPing, Throughputs) {
  // The DS-link's limit out of the token accounting: 32 bytes a packet at 100 Mbit/s, a header
  // token and 32 data tokens of 10 bits, an end token of 4 and the flow-control token's share
  // for the acknowledge (2 x 4 bits every 8 tokens). The OS-link's: a byte takes 12 bits.
  EXPECT_DOUBLE_EQ(ping().scalar("t9_link_limit_mb_s"),
                   32 * 100 / ((1 + 32) * 10 + 4 + 2 * 4 / 8.0));
  EXPECT_DOUBLE_EQ(ping().scalar("t8_link_limit_mb_s"), 20 / 12.0);
  // T9000 p4 nearly reaches raw for large messages, both below the limit.
  EXPECT_GT(ping().scalar("t9_p4_over_raw_last"), 0.95);
  EXPECT_LT(ping().scalar("t9_raw_throughput_last"), 9.55);
  // T805 raw: the OS-link bounds a large message, which nearly reaches it.
  EXPECT_LE(ping().scalar("t8_raw_throughput_last"), ping().scalar("t8_link_limit_mb_s"));
  EXPECT_GT(ping().scalar("t8_raw_throughput_last"), 0.99 * ping().scalar("t8_link_limit_mb_s"));
  // T805 p4 is limited by the VCR, which is below raw.
  EXPECT_LT(ping().scalar("t8_vcr_over_raw_last"), 0.95);
  EXPECT_GT(ping().scalar("t8_p4_over_vcr_last"), 0.9);
  EXPECT_LE(ping().scalar("t8_p4_over_vcr_last"), 1.0);
}

// The C104 costs each packet a hop, p4 each message its software: the loop's overhead steps with
// the packets and grows with the size, p4's stays, and they cross where the run says.
TEST(TransputerPing, C104CostsEachPacketAndP4EachMessage) {
  EXPECT_GT(ping().scalar("c104_overhead_min_us"), 0);
  const Series& direct = ping().find_series("throughput_mb_s_t9_raw");
  const Series& loop = ping().find_series("throughput_mb_s_t9_raw_c104");
  for (std::size_t i = 0; i < direct.y.size(); ++i) EXPECT_LT(loop.y[i], direct.y[i]);
  const Series& c104 = ping().find_series("c104_overhead_us");
  const Series& p4 = ping().find_series("p4_overhead_us");
  const double crossover = ping().scalar("c104_p4_crossover_bytes");
  for (std::size_t i = 0; i < c104.x.size(); ++i) {
    const double bytes = c104.x[i];
    // One packet (up to 32 bytes): one hop's cost whatever the size.
    if (bytes <= 32) {
      EXPECT_NEAR(c104.y[i], c104.y[0], 1e-9) << bytes;
    }
    if (bytes >= 64) {
      EXPECT_NEAR(p4.y[i], p4.y.back(), 1e-6 * p4.y.back()) << bytes;
    }
    if (bytes < crossover) {
      EXPECT_LT(c104.y[i], p4.y[i]) << bytes;
    } else {
      EXPECT_GT(c104.y[i], p4.y[i]) << bytes;
    }
  }
  // The "similar" overheads: the mean ratio over 500-1000 bytes.
  double sum = 0;
  int n = 0;
  for (std::size_t i = 0; i < c104.x.size(); ++i) {
    if (c104.x[i] < 500 || c104.x[i] > 1000) continue;
    sum += c104.y[i] / p4.y[i];
    ++n;
  }
  ASSERT_GT(n, 0);
  EXPECT_DOUBLE_EQ(ping().scalar("c104_over_p4_500_1000"), sum / n);
  // Many packets: twice the size, twice the hops' cost.
  EXPECT_NEAR(c104.y.back() / c104.y[c104.y.size() - 2], c104.x.back() / c104.x[c104.x.size() - 2],
              0.01 * c104.x.back() / c104.x[c104.x.size() - 2]);
}

TEST(TransputerPing, PointsRunApartGiveTheSameBits) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues sizes = {{"sizes", std::vector<double>{8, 33, 700}}};
  const Result whole = Simulation(registry, "transputer_ping", sizes, 3).run();
  std::vector<PointResult> parts;
  for (std::size_t i = 3; i-- > 0;) {
    parts.push_back({i, Simulation(registry, "transputer_ping", sizes, 3, i).run()});
  }
  const Result combined = Simulation(registry, "transputer_ping", sizes, 3).combine(parts);
  EXPECT_EQ(combined.find_series("rtt_us_t8_p4").y, whole.find_series("rtt_us_t8_p4").y);
}

// A size's result is its record alone, a round trip per variant (the combine knows the size from
// the plan); a record short of a variant is refused, naming the point.
TEST(TransputerPing, APointGivesItsRecordAndTheCombineRefusesAShortOne) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues sizes = {{"sizes", std::vector<double>{8, 33, 700}}};
  const Result point = Simulation(registry, "transputer_ping", sizes, 3, 2).run();
  EXPECT_TRUE(point.scalars.empty());
  EXPECT_TRUE(point.series.empty());
  ASSERT_EQ(point.record.size(), 1u + 8);  // its length, then the eight variants'
  const Simulation whole(registry, "transputer_ping", sizes, 3);
  EXPECT_EQ(whole.combine({{2, point}}).find_series("rtt_us_t9_raw").x,
            std::vector<double>{700});
  Result shorter = point;
  shorter.record = {7, 1, 2, 3, 4, 5, 6, 7};
  try {
    whole.combine({{2, shorter}});
    FAIL() << "seven round trips accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("partial 2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace archex
