#pragma once

#include <set>
#include <string>

#include "network/routings/routing.h"
#include "network/topologies/describe.h"
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

}  // namespace archex
