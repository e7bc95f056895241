#include "network/topologies/anynet/anynet_part.h"

#include <string>

#include "network/network_params.h"
#include "network/topologies/anynet/anynet.h"

namespace archex {

namespace {

// BookSim2's example network (examples/anynet/anynet_file): three routers of three nodes each,
// every pair linked.
const ParamTable<AnynetGraph>& anynet_table() {
  static const ParamTable<AnynetGraph> table = [] {
    ParamTable<AnynetGraph> t;
    t.add(&AnynetGraph::node_router,
          number_param(kAnynetNodeRouter, "Router of each node")
              .unit("router").range(0, kAnynetMostRouters - 1).whole()
              .max_items(kAnynetMostNodes).default_list({0, 0, 0, 1, 1, 1, 2, 2, 2})
              .about("The router each node (terminal) is attached to, node 0 first; routers are "
                     "numbered from 0, each with its nodes' ports and one a link, at most 32."))
        .add(&AnynetGraph::link_from,
             number_param(kAnynetLinkFrom, "Link: from router")
                 .unit("router").range(0, kAnynetMostRouters - 1).whole()
                 .max_items(kAnynetMostLinks).default_list({0, 0, 1})
                 .about("One end of each link between routers; a link is a channel each way, and "
                        "the links must join every router."))
        .add(&AnynetGraph::link_to,
             number_param(kAnynetLinkTo, "Link: to router")
                 .unit("router").range(0, kAnynetMostRouters - 1).whole()
                 .max_items(kAnynetMostLinks).default_list({1, 2, 2})
                 .about("The other end of each link (item by item with anynet_link_from); one "
                        "link a pair of routers."))
        .add(&AnynetGraph::link_cycles,
             number_param(kAnynetLinkCycles, "Link: cycles there")
                 .unit("cycles").value(1).range(1, 1000).whole()
                 .max_items(kAnynetMostLinks).default_list({1, 1, 1})
                 .about("Cycles a flit takes over each link from its from router to its to "
                        "router (credits back alike); routes take the fewest cycles."))
        .add(&AnynetGraph::link_back_cycles,
             number_param(kAnynetLinkBackCycles, "Link: cycles back")
                 .unit("cycles").value(1).range(1, 1000).whole()
                 .max_items(kAnynetMostLinks).default_list({1, 1, 1})
                 .about("Cycles a flit takes over each link the other way, to router to from "
                        "router."));
    return t;
  }();
  return table;
}

}  // namespace

TopologyPart anynet_part() {
  TopologyPart part;
  part.shape = "anynet";
  part.about = "any graph of routers, as BookSim2's anynet (anynet_node_router: each node's "
               "router; anynet_link_from, anynet_link_to and their cycles: the links; each "
               "router's table the path of fewest link cycles, one a pair)";
  part.params = anynet_table().specs();
  part.make = [](const NetworkParams& p) -> std::shared_ptr<Topology> {
    return std::make_shared<RouterNetwork>(anynet_spec(read_part(anynet_table(), p.shape)));
  };
  return part;
}

}  // namespace archex
