#include "machines/multipsi/experiments/logp.h"

#include <gtest/gtest.h>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides = {}) {
  return Simulation(builtin_registry(), "multipsi_logp", overrides, 1).run();
}

const Result& base() {
  static const Result r = run();
  return r;
}

TEST(MultiPsiLogp, OverheadsAreAThrowGoalsSoftwareAndFirmware) {
  // A one-argument goal (5 bytes: one 40-bit word) is a 2-word throw_goal. Its software (per
  // message 6.371 ms, throw_goal 20.328 ms, 1 ms a word) is shared half and half; each end adds
  // its firmware (0.055 ms).
  const double each = 0.055 + 0.5 * (6.371 + 20.328 + 2 * 1);
  EXPECT_NEAR(base().scalar("multipsi_o_send_us"), each * 1000, 1e-6);
  EXPECT_NEAR(base().scalar("multipsi_o_recv_us"), each * 1000, 1e-6);
  // Table 1 (sec. 4.1): firmware and software of the measured exchange, 0.22 + 36.07 ms, are the
  // throw_goal's two overheads and the 1-word terminate report that follows it (1 %).
  const double terminate = 2 * 0.055 + 6.371 + 1;
  EXPECT_NEAR(base().scalar("multipsi_o_send_us") + base().scalar("multipsi_o_recv_us") +
                  terminate * 1000,
              36290, 363);
}

TEST(MultiPsiLogp, TheGapIsTheSendersTimeAndGItsTimePerByte) {
  // Thrown back to back, goals leave at the sender's message time; per byte, its half of 1 ms a
  // 5-byte word (2 %: whole words make the slope a little off).
  EXPECT_NEAR(base().scalar("multipsi_g_us"), base().scalar("multipsi_o_send_us"),
              base().scalar("multipsi_o_send_us") * 0.05);
  EXPECT_NEAR(base().scalar("multipsi_G_us"), 100, 2);
}

TEST(MultiPsiLogp, LatencyIsTheHopAndHalfTheReductionBeforeTheReply) {
  // A goal must be reduced before it can throw the reply: the round trip holds one reduction
  // (2.25 ms) besides the network's hop (0.035 ms each way).
  EXPECT_NEAR(base().scalar("multipsi_L_us") + 4 * base().scalar("multipsi_G_us"),
              35 + 2250.0 / 2, 1);
}

TEST(MultiPsiLogp, EachEndKeepsItsShareWhenTheReceiverIsTheFasterOne) {
  // The sender's share 0.8: PE 0 is idle between goals and reduces them as they come, yet its
  // receive overhead is still its 0.2 of the software and its firmware.
  const Result r = run({{"send_share", 0.8}});
  const double software = 6.371 + 20.328 + 2 * 1;
  EXPECT_NEAR(r.scalar("multipsi_o_send_us"), (0.055 + 0.8 * software) * 1000, 1e-6);
  EXPECT_NEAR(r.scalar("multipsi_o_recv_us"), (0.055 + 0.2 * software) * 1000, 1e-6);
}

TEST(MultiPsiLogp, TheSoftwareSpeedMovesItsRow) {
  const Result r = run({{"throw_goal_ms", 10.164}});
  EXPECT_NEAR(base().scalar("multipsi_o_send_us") - r.scalar("multipsi_o_send_us"), 5082,
              1e-6);
}

}  // namespace
}  // namespace archex
