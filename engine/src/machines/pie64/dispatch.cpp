#include "machines/pie64/dispatch.h"

#include <algorithm>
#include <limits>
#include <string>

#include "core/param_spec.h"

namespace archex {
namespace pie64 {

namespace {

constexpr int kStages = 3;
constexpr int kMaxIus = 64;
// Register values beyond any load: an output leading to no usable IU, and one carrying a circuit
// (no load value flows on it, and a request there would wait).
constexpr int kNoIu = std::numeric_limits<int>::max();
constexpr int kBusy = kNoIu - 1;

CircuitConfig pan_config(const std::shared_ptr<const Fly>& fly, int setup_per_switch) {
  CircuitConfig c;
  c.topology = fly;
  c.policy = BlockPolicy::kHold;
  c.setup_cycles_per_hop = setup_per_switch;
  return c;
}

}  // namespace

Pan::Pan(int ius, int setup_per_switch, int propagation, std::uint64_t seed)
    : fly_(std::make_shared<const Fly>(kRadix, kStages, FlyWiring::kOmega)),
      net_(pan_config(fly_, setup_per_switch), seed),
      ius_(ius),
      rng_(seed ^ 0x5bd1e995ULL) {
  if (ius < 2 || ius > kMaxIus) {
    throw ParamError("ius", "inference units: 2 to " + std::to_string(kMaxIus) + ", got " +
                                format_number(ius));
  }
  if (propagation < 1 || propagation > 1000) {
    throw ParamError("propagation_clocks",
                     "load propagation per stage: 1 to 1000 clocks, got " +
                         format_number(propagation));
  }
  const auto slots = static_cast<std::size_t>(fly_->routers() * kRadix);
  reg_.assign(slots, kNoIu);
  ring_.assign(static_cast<std::size_t>(propagation), std::vector<int>(slots, kNoIu));
}

void Pan::step(const std::vector<int>& loads) {
  // What each output's downstream side shows now: an IU's load, or the least register of the
  // switch the output leads to.
  std::vector<int>& now = ring_[head_];
  for (int r = 0; r < fly_->routers(); ++r) {
    for (int o = 0; o < kRadix; ++o) {
      const PortTarget t = fly_->output(r, kRadix + o);
      int v = kNoIu;
      if (t.terminal >= 0) {
        if (t.terminal < ius_) v = loads[static_cast<std::size_t>(t.terminal)];
      } else {
        for (int q = 0; q < kRadix; ++q) v = std::min(v, reg_[static_cast<std::size_t>(slot(t.router, q))]);
      }
      now[static_cast<std::size_t>(slot(r, o))] = v;
    }
  }
  head_ = (head_ + 1) % ring_.size();
  const std::vector<int>& old = ring_[head_];
  for (int r = 0; r < fly_->routers(); ++r) {
    for (int o = 0; o < kRadix; ++o) {
      const auto i = static_cast<std::size_t>(slot(r, o));
      reg_[i] = net_.output_free(r, kRadix + o) ? old[i] : kBusy;
    }
  }
  net_.step();
}

int Pan::least_loaded(int src) {
  int router = fly_->injection(src).router;
  for (;;) {
    int best = 0;
    int ties = 0;
    for (int o = 0; o < kRadix; ++o) {
      const int v = reg_[static_cast<std::size_t>(slot(router, o))];
      const int b = reg_[static_cast<std::size_t>(slot(router, best))];
      if (o == 0 || v < b) {
        best = o;
        ties = 1;
      } else if (v == b && rng_.below(static_cast<std::uint64_t>(++ties)) == 0) {
        best = o;
      }
    }
    const PortTarget t = fly_->output(router, kRadix + best);
    if (t.terminal >= 0) return t.terminal;
    router = t.router;
  }
}

}  // namespace pie64
}  // namespace archex
