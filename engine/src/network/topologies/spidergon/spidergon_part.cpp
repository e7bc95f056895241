#include "network/topologies/spidergon/spidergon_part.h"

#include <string>

#include "network/network_params.h"
#include "network/topologies/spidergon/spidergon.h"

namespace archex {

namespace {

struct SpidergonParams {
  int nodes;
};

const ParamTable<SpidergonParams>& spidergon_table() {
  static const ParamTable<SpidergonParams> table = [] {
    ParamTable<SpidergonParams> t;
    t.add(&SpidergonParams::nodes,
          number_param("spidergon_nodes", "Routers on the ring (N)")
              .unit("routers").value(16).range(4, Spidergon::kMostNodes).whole().step(2)
              .about("Routers of a Spidergon, an even number: each joined to its two "
                     "neighbours on the ring and across to the opposite one, one terminal "
                     "each; a route takes at most N/4 hops, rounded up (across first)."));
    return t;
  }();
  return table;
}

}  // namespace

TopologyPart spidergon_part() {
  TopologyPart part;
  part.shape = "spidergon";
  part.about = "a Spidergon (spidergon_nodes: a ring whose routers are each joined across to "
               "the opposite one, routed across first; 2 virtual channels for its dateline)";
  part.params = spidergon_table().specs();
  part.circuits = false;
  part.zero_load_model = true;
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    return std::make_shared<Spidergon>(read_part(spidergon_table(), p.shape).nodes);
  };
  part.state = [](const NetworkParams& p) {
    const int n = read_part(spidergon_table(), p.shape).nodes;
    NetworkSize size;
    size.routers = n;
    size.terminals = n;
    size.ports = 4;
    size.links = 3.0 * n;
    return network_state_of(p, size, "a Spidergon of " + std::to_string(n) + " routers",
                            "spidergon_nodes",
                            "Use fewer routers, fewer virtual channels or smaller buffers.");
  };
  return part;
}

}  // namespace archex
