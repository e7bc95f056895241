#include "machines/transputer/experiments/logp.h"

#include <gtest/gtest.h>

#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides = {}) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, "transputer_logp", overrides, 1).run();
}

const Result& base() {
  static const Result r = run();
  return r;
}

double small_one_way(const Result& r, const std::string& key) {
  return r.scalar(key + "_one_byte_us");
}

TEST(TransputerLogp, RawOverheadsAreTheProcessesOwnSendAndReceiveCycles) {
  // Defaults: 40 cycles each to start a channel output or input (t805/t9000_*_cycles).
  EXPECT_DOUBLE_EQ(base().scalar("t805_raw_o_send_cycles"), 40);
  EXPECT_DOUBLE_EQ(base().scalar("t805_raw_o_recv_cycles"), 40);
  EXPECT_DOUBLE_EQ(base().scalar("t9000_raw_o_send_us"), 2);  // 40 cycles at 20 MHz
}

TEST(TransputerLogp, PerByteGapIsTheLinksStreamingLimit) {
  // A long raw T805 message streams at the OS-link's byte time (MB = 10^6 bytes), to 1 %; the
  // T9000's sends each 32-byte packet on one virtual channel and waits for its acknowledge, so its
  // G lies above the DS-link's full-packet limit.
  const Result ping = Simulation(builtin_registry(), "transputer_ping", {}, 1).run();
  const double t8 = 1 / ping.scalar("t8_link_limit_mb_s");
  const double t9 = 1 / ping.scalar("t9_link_limit_mb_s");
  EXPECT_NEAR(base().scalar("t805_raw_G_us"), t8, t8 * 0.01);
  EXPECT_GT(base().scalar("t9000_raw_G_us"), 1.2 * t9);
  EXPECT_LT(base().scalar("t9000_raw_G_us"), base().scalar("t805_raw_G_us"));
}

TEST(TransputerLogp, P4RatiosAgreeWithThePingPong) {
  // The LogP fits and the ping-pong run the same p4 on the same machines: the T805's lag on a
  // small message and per byte is the ping-pong's on its smallest and largest messages.
  const Result ping = Simulation(builtin_registry(), "transputer_ping", {}, 1).run();
  const double small = small_one_way(base(), "t805_p4") / small_one_way(base(), "t9000_p4");
  EXPECT_NEAR(small, ping.scalar("ratio_t8_t9_p4_first"), 0.05 * small);
  const double per_byte = base().scalar("t805_p4_G_us") / base().scalar("t9000_p4_G_us");
  EXPECT_NEAR(per_byte, ping.scalar("ratio_t8_t9_p4_last"), 0.05 * per_byte);
}

TEST(TransputerLogp, P4OnTheT805OverlapsItsOverheadsSoLIsZeroNotNegative) {
  // p4 sends a header message, then the data: the T805's receiver handles the header while the
  // data is on the link, so its two overheads exceed the one-way time. The fit says so as the
  // overlap and keeps L at 0; the T9000's overheads follow each other and leave L above 0.
  EXPECT_EQ(base().scalar("t805_p4_L_us"), 0);
  EXPECT_GT(base().scalar("t805_p4_overlap_us"), 5);
  EXPECT_LT(base().scalar("t805_p4_one_byte_us"),
            base().scalar("t805_p4_o_send_us") + base().scalar("t805_p4_o_recv_us"));
  EXPECT_GT(base().scalar("t9000_p4_L_us"), 0);
  EXPECT_EQ(base().scalar("t9000_p4_overlap_us"), 0);
}

TEST(TransputerLogp, TheT805ClockMovesOnlyItsRows) {
  const Result slow = run({{"t805_clock_mhz", 12.5}});
  // Twice the time for the same cycles of software; the T9000's rows stay where they were.
  EXPECT_DOUBLE_EQ(slow.scalar("t805_raw_o_send_us"), 2 * base().scalar("t805_raw_o_send_us"));
  EXPECT_DOUBLE_EQ(slow.scalar("t805_raw_o_send_cycles"),
                   base().scalar("t805_raw_o_send_cycles"));
  EXPECT_GT(slow.scalar("t805_p4_o_send_us"), 1.9 * base().scalar("t805_p4_o_send_us"));
  EXPECT_EQ(slow.scalar("t9000_p4_L_us"), base().scalar("t9000_p4_L_us"));
  EXPECT_EQ(slow.find_series("one_way_us_t9000_raw").y,
            base().find_series("one_way_us_t9000_raw").y);
}

}  // namespace
}  // namespace archex
