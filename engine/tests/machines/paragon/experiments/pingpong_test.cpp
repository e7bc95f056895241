#include "machines/paragon/experiments/pingpong.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

// Whole NX packets (1 KB each): the time is then a straight line in the packets sent.
Result pingpong(const ParamValues& costs = {}) {
  ParamValues p = {{"message_bytes", std::vector<double>{1024, 4096, 8192}}};
  for (const auto& [name, value] : costs) p.set(name, value);
  return run("paragon_pingpong", p);
}

const Result& base() {
  static const Result r = pingpong();
  return r;
}

// One way, the sender's and the receiver's message processors work packet by packet in a
// pipeline: a packet's overhead counts once a packet. In the double each message processor sends
// and receives, so it counts twice.
TEST(ParagonPingPong, APacketsOverheadCountsOnceOneWayAndTwiceInTheDouble) {
  const double more_us = 2;
  const Result r = pingpong({{"nx_packet_us", 5.83 + more_us}});
  EXPECT_NEAR(r.scalar("tpp_per_byte_us") - base().scalar("tpp_per_byte_us"), more_us / 1024,
              0.02 * more_us / 1024);
  EXPECT_NEAR(r.scalar("tpp2_per_byte_us") - base().scalar("tpp2_per_byte_us"),
              2 * more_us / 1024, 0.02 * 2 * more_us / 1024);
}

// A message's send and receive overheads are paid once a message: they move the startup, not the
// slope. The receive posted beforehand is hidden behind the first message in the ping-pong, but
// comes before the send in the double.
TEST(ParagonPingPong, MessageOverheadsMoveTheStartupAndPostingOnlyTheDoubles) {
  const double more_us = 10;
  for (const char* overhead : {"nx_send_message_us", "nx_recv_message_us"}) {
    const Result r = pingpong({{overhead, 66.9 + more_us}});
    EXPECT_NEAR(r.scalar("tpp_startup_us") - base().scalar("tpp_startup_us"), more_us, 0.1)
        << overhead;
    EXPECT_NEAR(r.scalar("tpp_per_byte_us"), base().scalar("tpp_per_byte_us"), 1e-6) << overhead;
  }
  const Result posted = pingpong({{"nx_post_us", 79.5 + more_us}});
  EXPECT_NEAR(posted.scalar("tpp_startup_us"), base().scalar("tpp_startup_us"), 0.1);
  EXPECT_NEAR(posted.scalar("tpp2_startup_us") - base().scalar("tpp2_startup_us"), more_us, 0.1);
}

TEST(ParagonPingPong, BandwidthAndHalfPowerLengthComeFromTheLine) {
  const Result& r = base();
  EXPECT_DOUBLE_EQ(r.scalar("bandwidth_mb_s"), 1 / r.scalar("tpp_per_byte_us"));
  EXPECT_DOUBLE_EQ(r.scalar("m_half_kb"),
                   r.scalar("tpp_startup_us") / r.scalar("tpp_per_byte_us") / 1000);
  // The line passes through the simulated points (whole packets: no rounding to a packet).
  const Series& sim = r.find_series("pp_sim");
  ASSERT_EQ(sim.x.size(), 3u);
  for (std::size_t i = 0; i < sim.x.size(); ++i) {
    EXPECT_NEAR(sim.y[i], r.scalar("tpp_startup_us") + r.scalar("tpp_per_byte_us") * sim.x[i],
                0.05);
  }
}

}  // namespace
}  // namespace archex
