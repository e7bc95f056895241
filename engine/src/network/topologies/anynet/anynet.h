#pragma once

#include <vector>

#include "network/topologies/router_network/router_network.h"

namespace archex {

// The network's parameters an anynet is wired from, named once for the part and its errors.
inline constexpr const char* kAnynetNodeRouter = "anynet_node_router";
inline constexpr const char* kAnynetLinkFrom = "anynet_link_from";
inline constexpr const char* kAnynetLinkTo = "anynet_link_to";
inline constexpr const char* kAnynetLinkCycles = "anynet_link_cycles";
inline constexpr const char* kAnynetLinkBackCycles = "anynet_link_back_cycles";

// The most routers (numbered from 0), terminals and links an anynet takes.
inline constexpr int kAnynetMostRouters = 256;
inline constexpr int kAnynetMostNodes = 512;
inline constexpr int kAnynetMostLinks = 1024;

// An arbitrary graph of routers as BookSim2's anynet reads it from its network file: terminal t
// on router node_router[t]; link i joins routers link_from[i] and link_to[i] both ways, taking
// link_cycles[i] cycles from the first to the second and link_back_cycles[i] back.
struct AnynetGraph {
  std::vector<int> node_router;
  std::vector<int> link_from;
  std::vector<int> link_to;
  std::vector<int> link_cycles;
  std::vector<int> link_back_cycles;
};

// The graph as a router network (shape "anynet"), its ports and tables as BookSim2's AnyNet
// builds them (networks/anynet.cpp), so the two agree flit by flit: a router's terminals first,
// by number, then its neighbours, by number; each router sends a destination along the path of
// fewest link cycles that BookSim2's Dijkstra keeps (lowest-numbered router first among equal
// distances, a path replaced only by a shorter one), one path a pair. Throws ParamError naming
// the parameter for lists of different lengths, a link from a router to itself or repeated, a
// router of more than RouterNetwork::kMostPorts ports or a graph not connected.
RouterNetworkSpec anynet_spec(const AnynetGraph& graph);

}  // namespace archex
