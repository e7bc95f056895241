#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/param_table.h"
#include "core/registry.h"
#include "machines/jmachine/costs.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"

namespace archex::jmachine {

// What the J-Machine's network experiments (sec. 3) share: the machine they run and how it is
// drawn, sized and built.

// The machine every experiment runs: the J-Machine network and its MDPs' costs.
struct MachineParams {
  NetworkParams net;
  NodeCosts costs;
};

// The machine the picker draws: the network the parameters build.
template <class P>
std::vector<NetworkMap> machine(const P& p) {
  return {describe_network(*make_topology(p.net), "network", "network")};
}

template <class P>
ParamTable<P> with_machine() {
  ParamTable<P> t;
  t.include(&P::net, network_table({8, 8, 8}))
      .include(&P::costs, node_cost_table());
  return t;
}

// The machine's network state, the least its run holds: a machine whose network alone does not
// fit is refused before it is built.
template <class P>
std::optional<StateEstimate> machine_state(const P& p) {
  return network_state(p.net);
}

// The cube and the wormhole network of the machine's parameters.
struct Built {
  explicit Built(const NetworkParams& net)
      : cube(std::dynamic_pointer_cast<const KNCube>(make_topology(net))),
        config(network_config(net, cube)) {
    Network check(config);
  }
  std::shared_ptr<const KNCube> cube;
  NetworkConfig config;
};

}  // namespace archex::jmachine
