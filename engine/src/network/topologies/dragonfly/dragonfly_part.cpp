#include "network/topologies/dragonfly/dragonfly_part.h"

#include <string>

#include "network/network_params.h"
#include "network/topologies/dragonfly/dragonfly.h"

namespace archex {

namespace {

struct DragonflyParams {
  int terminals;
  int routers;
  int globals;
  int local_link_cycles;
  int global_link_cycles;
  ValiantGroups valiant_groups;
  DragonflyClasses vc_classes;
};

const ParamTable<DragonflyParams>& dragonfly_table() {
  static const ParamTable<DragonflyParams> table = [] {
    ParamTable<DragonflyParams> t;
    t.add(&DragonflyParams::terminals,
          number_param("dragonfly_terminals", "Terminals per router (p)")
              .unit("terminals").value(2).range(1, 16).whole()
              .about("A dragonfly router's terminals (its concentration)."))
        .add(&DragonflyParams::routers,
             number_param("dragonfly_routers", "Routers per group (a)")
                 .unit("routers").value(4).range(2, 32).whole()
                 .about("Routers of a dragonfly group, each joined to every other by a local "
                        "channel. A balanced dragonfly has a = 2p = 2h."))
        .add(&DragonflyParams::globals,
             number_param("dragonfly_globals", "Global channels per router (h)")
                 .unit("channels").value(2).range(1, 16).whole()
                 .about("Global channels of each router; the dragonfly has a*h + 1 groups, every "
                        "two joined by one global channel, and p*a*(a*h + 1) terminals."))
        .add(&DragonflyParams::local_link_cycles,
             number_param("local_link_cycles", "Local channel latency")
                 .unit("cycles").value(1).range(1, 1000).whole()
                 .about("Cycles a flit, and a credit back, takes over a dragonfly's local "
                        "channel (BookSim2's dragonfly: 10)."))
        .add(&DragonflyParams::global_link_cycles,
             number_param("global_link_cycles", "Global channel latency")
                 .unit("cycles").value(1).range(1, 1000).whole()
                 .about("Cycles a flit, and a credit back, takes over a dragonfly's global "
                        "channel, a long cable (BookSim2's dragonfly: 100)."))
        .add(&DragonflyParams::valiant_groups,
             choice_param("valiant_groups", "Valiant's groups")
                 .choices({"other groups", "any group", "any router, BookSim2's"})
                 .value(0)
                 .when("routing", {"Valiant", "UGAL"})
                 .about("Where a dragonfly's Valiant and UGAL routes draw their intermediate "
                        "group: one of the groups other than the source's and the destination's "
                        "(Kim et al.), or any group alike, an end giving the minimal route "
                        "without a comparison; or any router alike, the route going on to it "
                        "before it turns (BookSim2's dragonflynew, which draws a random terminal "
                        "and goes to its router; with 3 VCs its classes can close a cycle of "
                        "dependences)."))
        .add(&DragonflyParams::vc_classes,
             choice_param("dragonfly_vc_classes", "Dragonfly's VC classes")
                 .choices({"global channels crossed", "phases, BookSim2's"})
                 .value(0)
                 .about("How a dragonfly's packets take their virtual-channel classes: by the "
                        "global channels crossed before the hop, or by BookSim2's phases, where a "
                        "global channel already takes the class after it (minimal: 0 up to it, 1 "
                        "from it; Valiant and UGAL: 0 up to the intermediate group, 1 in it, 2 "
                        "from the second global channel; their minimal route 1, then 2), so the "
                        "packets of a global channel share its one VC of their class."));
    return t;
  }();
  return table;
}

StateEstimate dragonfly_state(const NetworkParams& p) {
  const DragonflyParams d = read_part(dragonfly_table(), p.shape);
  const int groups = d.routers * d.globals + 1;
  NetworkSize size;
  size.routers = static_cast<double>(d.routers) * groups;
  size.terminals = size.routers * d.terminals;
  size.ports = d.terminals + d.routers - 1 + d.globals;
  size.links = size.routers * (size.ports - d.terminals);
  return network_state_of(
      p, size, "a dragonfly of " + std::to_string(groups) + " groups", "dragonfly_routers",
      "Use fewer routers or global channels, fewer virtual channels or smaller buffers.");
}

}  // namespace

TopologyPart dragonfly_part() {
  TopologyPart part;
  part.shape = "dragonfly";
  part.about = "a dragonfly (dragonfly_terminals, dragonfly_routers, dragonfly_globals: groups of "
               "routers all joined, every two groups joined by one global channel)";
  part.params = dragonfly_table().specs();
  part.zero_load_model = true;
  part.circuits = false;
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    const DragonflyParams d = read_part(dragonfly_table(), p.shape);
    return std::make_shared<Dragonfly>(d.terminals, d.routers, d.globals, d.local_link_cycles,
                                       d.global_link_cycles, d.valiant_groups, d.vc_classes);
  };
  part.state = dragonfly_state;
  return part;
}

}  // namespace archex
