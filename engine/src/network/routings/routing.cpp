#include "network/routings/routing.h"

#include "network/topologies/topology.h"

namespace archex {

RouteStep Routing::route(const Topology& shape, int router, int in_port, int dest,
                         RouteState& state) const {
  return shape.step(router, in_port, dest, Toward{}, state);
}

}  // namespace archex
