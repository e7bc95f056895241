#include "machines/jmachine/experiments/terminal.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// Paper numbers in these tests: Noakes, Wallach & Dally, ISCA 1993 (seed 001), sec. 2-3.

Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

TEST(JMachineTerminal, NoNodeReceivesFasterThanItsQueueFills) {
  const Result r = run("jmachine_terminal", {{"window_cycles", 2000}});
  // A message already queued when counting starts may be counted: one 32-word message over the
  // 2000-cycle window at most.
  for (const char* mode : {"bandwidth_discard", "bandwidth_internal", "bandwidth_external"}) {
    for (const double bw : r.find_series(mode).y) EXPECT_LE(bw, 0.5 + 32.0 / 2000) << mode;
  }
  // Copying costs the receiver per word, so it delivers less than discarding.
  EXPECT_LT(r.find_series("bandwidth_external").y.back(),
            r.find_series("bandwidth_internal").y.back());
  EXPECT_LT(r.find_series("bandwidth_internal").y.back(),
            r.find_series("bandwidth_discard").y.back());
}

}  // namespace
}  // namespace archex
