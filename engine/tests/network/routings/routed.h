#pragma once

#include <set>
#include <vector>
#include <string>

#include "network/routings/routing.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"
#include "network/topologies/topology.h"

namespace archex {

// `shape` routed by the routing named `routing` (routing_parts()), as make_topology binds it;
// throws ParamError naming "routing" for one that does not route it.
template <class Shape>
Shape with_routing(Shape shape, const std::string& routing) {
  shape.bind_routing(routing_part(routing));
  return shape;
}

// The number of cycles channel_dependencies found in `column` (all of them, or those within the
// escape channels' subgraph: "escape_cycle").
inline int cycles_of(const NetworkMap& n, const char* column = "cycle") {
  std::set<int> cycles;
  for (const int c : n.dependencies.ints(column)) {
    if (c >= 0) cycles.insert(c);
  }
  return static_cast<int>(cycles.size());
}

// The routers a packet visits from `src` to `dest` under an oblivious routing with first state
// `state`, and the VC class of each hop it takes between routers.
struct CubeWalk {
  std::vector<int> routers;
  std::vector<int> classes;
};

inline CubeWalk cube_walk(const KNCube& cube, int src, int dest, RouteState state) {
  CubeWalk w;
  int at = src;
  int in_port = cube.local_port();
  w.routers.push_back(at);
  for (int hop = 0; hop < 4 * cube.nodes(); ++hop) {
    const RouteStep step = cube.route(at, in_port, dest, state);
    if (step.port == cube.local_port()) return w;
    w.classes.push_back(step.vc_class);
    const PortTarget t = cube.output(at, step.port);
    at = t.router;
    in_port = t.port;
    w.routers.push_back(at);
  }
  ADD_FAILURE() << "the route from " << src << " to " << dest << " does not end";
  return w;
}

// The turns no dependence takes, as "from>to" by the directions' names.
inline std::set<std::string> forbidden_turns(const NetworkMap& n) {
  const Column& from = n.turns.column("from");
  const Column& to = n.turns.column("to");
  std::set<std::string> out;
  for (std::size_t t = 0; t < n.turns.rows(); ++t) {
    if (n.turns.ints("dependences")[t] > 0) continue;
    out.insert(from.labels[static_cast<std::size_t>(n.turns.ints("from")[t])] + ">" +
               to.labels[static_cast<std::size_t>(n.turns.ints("to")[t])]);
  }
  return out;
}

}  // namespace archex
