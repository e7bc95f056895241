#include "network/topologies/topology.h"

#include <algorithm>
#include <vector>

namespace archex {

double Topology::uniform_channel_load() const {
  return std::max(1.0, uniform_max_channel_load(*this));
}

double uniform_max_channel_load(const Topology& topology) {
  std::vector<int> base;
  int channels = 0;
  for (int r = 0; r < topology.routers(); ++r) {
    base.push_back(channels);
    channels += topology.ports(r);
  }
  std::vector<double> routes(static_cast<std::size_t>(channels), 0.0);
  const int terminals = topology.terminals();
  for (int src = 0; src < terminals; ++src) {
    for (int dest = 0; dest < terminals; ++dest) {
      if (dest == src) continue;
      RouterPort at = topology.injection(src);
      RouteState state = 0;
      // A route visits each router at most once; the bound stops a table that loops.
      for (int hop = 0; hop <= topology.routers(); ++hop) {
        const RouteStep step = topology.route(at.router, at.port, dest, state);
        const PortTarget next = topology.output(at.router, step.port);
        if (next.router < 0) break;
        routes[static_cast<std::size_t>(base[static_cast<std::size_t>(at.router)] + step.port)] +=
            1;
        at = {next.router, next.port};
      }
    }
  }
  // Each terminal offers its load spread over the terminals - 1 others.
  return *std::max_element(routes.begin(), routes.end()) / (terminals - 1);
}

}  // namespace archex
