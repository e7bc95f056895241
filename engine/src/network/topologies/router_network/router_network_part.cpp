#include "network/topologies/router_network/router_network_part.h"

#include "network/network_params.h"
#include "network/topologies/router_network/router_network.h"

namespace archex {

namespace {

struct RouterNetworkParams {
  RouterShape shape;
  int clos_leaves;
  int clos_per_leaf;
  int clos_spines;
  int header_delay_cycles;
};

const ParamTable<RouterNetworkParams>& router_network_table() {
  static const ParamTable<RouterNetworkParams> table = [] {
    ParamTable<RouterNetworkParams> t;
    t.add(&RouterNetworkParams::shape,
          choice_param("router_network", "Router network")
              .choices({"direct link", "loop", "2-stage Clos"})
              .value(1)
              .about("T9000 systems: two transputers linked directly, two through one 32-port "
                     "C104, or a 2-stage Clos of C104s (clos_leaves x clos_per_leaf "
                     "transputers)."))
        .add(&RouterNetworkParams::clos_leaves,
             number_param("clos_leaves", "Clos leaf routers")
                 .unit("routers").value(4).range(2, 32).whole()
                 .when("router_network", {"2-stage Clos"})
                 .about("Leaf C104s of the 2-stage Clos network."))
        .add(&RouterNetworkParams::clos_per_leaf,
             number_param("clos_per_leaf", "Transputers per leaf")
                 .unit("terminals").value(4).range(1, 31).whole()
                 .when("router_network", {"2-stage Clos"})
                 .about("Transputers on each leaf router; with the spine links at most 32 "
                        "ports."))
        .add(&RouterNetworkParams::clos_spines,
             number_param("clos_spines", "Clos spine routers")
                 .unit("routers").value(2).range(1, 31).whole()
                 .when("router_network", {"2-stage Clos"})
                 .about("Spine C104s; each leaf has one link to each."))
        .add(&RouterNetworkParams::header_delay_cycles,
             number_param("header_delay_cycles", "C104 header lookup")
                 .unit("cycles").value(0).range(0, 1000).whole()
                 .when("router_network", {"loop", "2-stage Clos"})
                 .when("switching", {"wormhole"})
                 .about("Cycles a C104 spends on a packet's header (its interval lookup)."));
    return t;
  }();
  return table;
}

RouterNetworkSpec spec_of(const RouterNetworkParams& r) {
  switch (r.shape) {
    case RouterShape::kDirectLink:
      return direct_link_spec();
    case RouterShape::kLoop:
      return loop_spec(r.header_delay_cycles);
    case RouterShape::kClos2:
      break;
  }
  return clos2_spec(r.clos_leaves, r.clos_per_leaf, r.clos_spines, r.header_delay_cycles);
}

}  // namespace

TopologyPart router_network_part() {
  TopologyPart part;
  part.shape = "router network";
  part.about = "a network of C104 routers (router_network; interval labelling)";
  part.params = router_network_table().specs();
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    return std::make_shared<RouterNetwork>(
        spec_of(read_part(router_network_table(), p.shape)));
  };
  return part;
}

}  // namespace archex
