#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/rng.h"
#include "network/circuit/circuit.h"
#include "network/topologies/fly/fly.h"

namespace archex {
namespace pie64 {

// The PAN's automatic load dispatch (sec. 2.3): while a switch output carries no circuit, each
// IU's load value flows backwards through the network, a switch output's register taking the
// minimum over the outputs of the switch it leads to, one stage per `propagation` clocks; an
// output carrying a circuit shows no load (busy: a request there would wait). A dispatch request
// follows, stage by stage from its source, the output whose register is least.
// The PAN is otherwise a circuit-switched 4-ary 3-fly like the DAN (Omega wiring ASSUMED).
class Pan {
 public:
  // Throws ParamError naming "ius" (2 to 64) or "propagation_clocks" (1 to 1000).
  Pan(int ius, int setup_per_switch, int propagation, std::uint64_t seed);

  // One clock: the registers take the values their downstream side had `propagation` clocks
  // ago (those under a circuit show busy); then the circuits move.
  void step(const std::vector<int>& loads);
  // The IU a request from `src` reaches by taking the least-loaded output at every switch (ties
  // at random); the circuit is then set up along that path.
  int least_loaded(int src);
  CircuitNetwork& network() { return net_; }
  const CircuitNetwork& network() const { return net_; }

 private:
  int slot(int router, int out) const { return router * kRadix + out; }
  static constexpr int kRadix = 4;

  std::shared_ptr<const Fly> fly_;
  CircuitNetwork net_;
  int ius_;
  Rng rng_;
  // Per switch output: the load value it holds, and the last `propagation` values of its
  // downstream side (a ring, oldest at `head_`).
  std::vector<int> reg_;
  std::vector<std::vector<int>> ring_;
  std::size_t head_ = 0;
};

}  // namespace pie64
}  // namespace archex
