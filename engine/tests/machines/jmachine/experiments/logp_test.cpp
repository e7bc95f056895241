#include "machines/jmachine/experiments/logp.h"

#include <gtest/gtest.h>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides = {}) {
  return Simulation(builtin_registry(), "jmachine_logp", overrides, 1).run();
}

const Result& base() {
  static const Result r = run();
  return r;
}

TEST(JMachineLogp, OneByteIsItsOverheadsAndLatencyAndGTheEjectionRate) {
  // Ts, the one-way cost of a message besides its bytes, is o_send + L + o_recv.
  EXPECT_NEAR(base().scalar("jmachine_one_byte_cycles"),
              base().scalar("jmachine_o_send_cycles") + base().scalar("jmachine_L_cycles") +
                  base().scalar("jmachine_o_recv_cycles"),
              1e-9);
  // The queue takes 0.5 words a cycle: 2 cycles per 4-byte word, to 2 %.
  EXPECT_NEAR(base().scalar("jmachine_G_cycles"), 1 / (4 * 0.5), 0.01);
}

TEST(JMachineLogp, OverheadsAreTheMdpsBusyCycles) {
  // Sender: issuing the send and its header at 2 words a cycle; receiver: dispatch and an empty
  // handler (node_cost_table's defaults).
  EXPECT_GT(base().scalar("jmachine_o_send_cycles"), 0);
  EXPECT_DOUBLE_EQ(base().scalar("jmachine_o_recv_cycles"), 5);
  EXPECT_DOUBLE_EQ(base().scalar("jmachine_clock_mhz"), 12.5);
}

TEST(JMachineLogp, TheEjectionRateMovesG) {
  const Result slow = run({{"eject_words_per_cycle", 0.25}});
  EXPECT_NEAR(slow.scalar("jmachine_G_cycles"), 1, 0.02);
}

TEST(JMachineLogp, RefusesAMessageTheQueueCannotHold) {
  EXPECT_THROW(run({{"logp_sizes", std::vector<double>{4, 4096}}}), ParamError);
}

}  // namespace
}  // namespace archex
