#include "machines/paragon/experiments/logp.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides = {}) {
  return Simulation(builtin_registry(), "paragon_logp", overrides, 1).run();
}

const Result& base() {
  static const Result r = run();
  return r;
}

// A one-byte message is its send overhead, its latency and its receive overhead, and as long as
// the ping-pong's one-way time of an empty message; G is the ping-pong's time per byte.
TEST(ParagonLogp, AgreesWithThePingPongOverTheSameMachine) {
  const Result& r = base();
  EXPECT_NEAR(r.scalar("paragon_nx_one_byte_us"),
              r.scalar("paragon_nx_o_send_us") + r.scalar("paragon_nx_L_us") +
                  r.scalar("paragon_nx_o_recv_us"),
              1e-6);
  const Result pp = Simulation(builtin_registry(), "paragon_pingpong",
                               {{"message_bytes", std::vector<double>{0, 4096, 8192}}}, 1)
                        .run();
  EXPECT_NEAR(r.scalar("paragon_nx_one_byte_us"), pp.find_series("pp_sim").y[0], 0.5);
  EXPECT_NEAR(r.scalar("paragon_nx_G_us"), pp.scalar("tpp_per_byte_us"),
              0.02 * pp.scalar("tpp_per_byte_us"));
}

TEST(ParagonLogp, OverheadsAreTheMessageProcessorsBusyTime) {
  // A message's NX overhead and one packet's (66.9 + 5.83 us) plus 8 bytes as one flit pair.
  EXPECT_NEAR(base().scalar("paragon_nx_o_send_us"), 72.73, 0.5);
  EXPECT_NEAR(base().scalar("paragon_nx_o_recv_us"), 72.73, 0.5);
  // Small messages follow each other as fast as the message processors handle them.
  EXPECT_NEAR(base().scalar("paragon_nx_g_us"), 72.73, 0.5);
  EXPECT_DOUBLE_EQ(base().scalar("paragon_nx_o_send_cycles"),
                   base().scalar("paragon_nx_o_send_us") * 50);
}

TEST(ParagonLogp, TheNxSendOverheadMovesItsRow) {
  const Result r = run({{"nx_send_message_us", 100}});
  EXPECT_NEAR(r.scalar("paragon_nx_o_send_us") - base().scalar("paragon_nx_o_send_us"), 33.1,
              1e-6);
  EXPECT_EQ(r.scalar("paragon_nx_o_recv_us"), base().scalar("paragon_nx_o_recv_us"));
}

}  // namespace
}  // namespace archex
