#include "machines/pie64/machine.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"

namespace archex {
namespace pie64 {
namespace {

// Costs from Sato, Koike, Tanaka (1991), sec. 3.2.1: Ts + Te = 38.9 clocks, Tb = 1 clock/word;
// the rest are this model's assumptions.
Costs costs() {
  Costs c;
  c.ts_te = 38.9;
  c.tb = 1.0;
  c.setup_per_switch = 1;
  c.release = 4;
  c.command = 2;
  c.alloc = 5;
  c.mp = 100;
  c.staging = 2;
  return c;
}

// Mean clocks from command to release over `n` transfers of `words`, one after another.
double mean_latency(Command command, int words, int n) {
  Machine m(2, costs(), 1);
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const int id = m.issue(0, command, 1, words);
    while (m.busy(0)) m.step();
    sum += static_cast<double>(m.transfer(id).done - m.transfer(id).issued);
  }
  return sum / n;
}

TEST(Pie64Machine, IdleTransferTakesTsTePlusTbPerWord) {
  // The fractional 38.9 is spent as whole clocks with the remainder carried: over 10 transfers
  // the mean is exact.
  EXPECT_NEAR(mean_latency(Command::kWritex, 1, 10), 38.9 + 1, 1e-9);
  EXPECT_NEAR(mean_latency(Command::kWritex, 100, 10), 38.9 + 100, 1e-9);
}

TEST(Pie64Machine, WritemnHoldsThePathForTheAllocation) {
  EXPECT_DOUBLE_EQ(mean_latency(Command::kWritemn, 16, 10) - mean_latency(Command::kWritex, 16, 10),
                   5);
}

TEST(Pie64Machine, MpWriteMakesThreeConnectionsAndThreeMpSteps) {
  Machine m(2, costs(), 1);
  const int id = m.issue(0, Command::kMpWrite, 1, 8);
  while (m.busy(0)) m.step();
  EXPECT_EQ(m.dan().connections(), 3);
  const Transfer& x = m.transfer(id);
  // The local MP's two steps are Tmp; the remote one is inside Tpa, with the Req and the Ack.
  EXPECT_DOUBLE_EQ(x.mp, 200);
  EXPECT_GT(x.pa, 100 + 2 * (38.9 - 2 - 4));
  EXPECT_EQ(x.wait, 0);
}

TEST(Pie64Machine, TwoSendersToOneReceiverWait) {
  Machine m(3, costs(), 1);
  const int a = m.issue(0, Command::kWritex, 2, 200);
  const int b = m.issue(1, Command::kWritex, 2, 200);
  while (m.busy(0) || m.busy(1)) m.step();
  // One of them found the receiver's output held for about the other's 200 words.
  EXPECT_EQ(m.transfer(a).wait + m.transfer(b).wait > 190, true);
}

// Random MP-Writes and WRITEMNs on 16 IUs, stepped every clock or idled whenever quiet.
std::vector<std::int64_t> random_run(bool skip_quiet) {
  Machine m(16, costs(), 5);
  Rng rng(6);
  std::vector<std::int64_t> done;
  for (int clock = 0; clock < 40000; ++clock) {
    for (int iu = 0; iu < m.ius(); ++iu) {
      if (m.busy(iu) || rng.below(300) != 0) continue;
      const auto command = rng.below(2) == 0 ? Command::kMpWrite : Command::kWritemn;
      m.issue(iu, command, static_cast<int>((iu + 1 + rng.below(15)) % 16),
              static_cast<int>(1 + rng.below(64)));
    }
    if (skip_quiet && m.quiet()) {
      m.idle_until(m.now() + 1);
    } else {
      m.step();
    }
    for (const int id : m.completed()) {
      const Transfer& x = m.transfer(id);
      done.insert(done.end(), {id, x.done, static_cast<std::int64_t>(x.wait),
                               static_cast<std::int64_t>(x.pa)});
    }
  }
  return done;
}

TEST(Pie64Machine, QuietClocksIdledGiveTheSameTransfersAsStepped) {
  const std::vector<std::int64_t> stepped = random_run(false);
  EXPECT_GT(stepped.size(), 4u * 500);
  EXPECT_EQ(random_run(true), stepped);
}

TEST(Pie64Machine, RejectsAnInvalidIuCount) {
  try {
    Machine m(65, costs(), 1);
    FAIL() << "65 IUs accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "ius");
  }
}

}  // namespace
}  // namespace pie64
}  // namespace archex
