#include "network/topologies/anynet/anynet.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "core/param_spec.h"

namespace archex {

namespace {

// Each router's neighbours by number, with the cycles of the channel to each.
using Channels = std::vector<std::map<int, int>>;

void require(bool ok, const char* param, const std::string& message) {
  if (!ok) throw ParamError(param, message);
}

void require_router(int router, const char* param, std::size_t item) {
  require(router >= 0 && router < kAnynetMostRouters, param,
          "item " + std::to_string(item + 1) + " is router " + std::to_string(router) +
              "; valid range [0, " + std::to_string(kAnynetMostRouters - 1) + "]");
}

// The router after `start` on BookSim2's path from `start` to each router (`start` itself for
// its own), as its AnyNet::route finds them: Dijkstra over the channels' cycles, taking the
// lowest-numbered of the nearest routers left, each one's neighbours in order, a path replaced
// only by a strictly shorter one. The graph is connected.
std::vector<int> next_hops(const Channels& out, int start) {
  const auto routers = static_cast<int>(out.size());
  std::vector<std::int64_t> dist(out.size(), std::numeric_limits<std::int64_t>::max());
  std::vector<int> prev(out.size(), -1);
  std::set<int> left;
  for (int r = 0; r < routers; ++r) left.insert(r);
  dist[static_cast<std::size_t>(start)] = 0;
  while (!left.empty()) {
    int nearest = *left.begin();
    for (const int r : left) {
      if (dist[static_cast<std::size_t>(r)] < dist[static_cast<std::size_t>(nearest)]) nearest = r;
    }
    left.erase(nearest);
    for (const auto& [next, cycles] : out[static_cast<std::size_t>(nearest)]) {
      const std::int64_t through = dist[static_cast<std::size_t>(nearest)] + cycles;
      if (through < dist[static_cast<std::size_t>(next)]) {
        dist[static_cast<std::size_t>(next)] = through;
        prev[static_cast<std::size_t>(next)] = nearest;
      }
    }
  }
  std::vector<int> hop(out.size(), start);
  for (int r = 0; r < routers; ++r) {
    if (r == start) continue;
    int at = r;
    while (prev[static_cast<std::size_t>(at)] != start) at = prev[static_cast<std::size_t>(at)];
    hop[static_cast<std::size_t>(r)] = at;
  }
  return hop;
}

// Router 0 reaches every router over the links (which go both ways).
void require_connected(const Channels& out) {
  std::vector<bool> seen(out.size(), false);
  std::vector<int> todo = {0};
  seen[0] = true;
  while (!todo.empty()) {
    const int r = todo.back();
    todo.pop_back();
    for (const auto& [next, cycles] : out[static_cast<std::size_t>(r)]) {
      if (!seen[static_cast<std::size_t>(next)]) {
        seen[static_cast<std::size_t>(next)] = true;
        todo.push_back(next);
      }
    }
  }
  for (std::size_t r = 0; r < out.size(); ++r) {
    require(seen[r], kAnynetLinkFrom,
            "router " + std::to_string(r) + " is not linked to router 0, directly or through " +
                "others; the links must join routers 0 to " + std::to_string(out.size() - 1));
  }
}

}  // namespace

RouterNetworkSpec anynet_spec(const AnynetGraph& graph) {
  const std::size_t links = graph.link_from.size();
  for (const auto& [param, list] :
       {std::pair{kAnynetLinkTo, &graph.link_to}, std::pair{kAnynetLinkCycles, &graph.link_cycles},
        std::pair{kAnynetLinkBackCycles, &graph.link_back_cycles}}) {
    require(list->size() == links, param,
            "has " + std::to_string(list->size()) + " items, " + kAnynetLinkFrom + " " +
                std::to_string(links) + "; one item per link in each");
  }
  require(graph.node_router.size() >= 2, kAnynetNodeRouter,
          "an anynet needs at least two nodes (one router each)");
  int routers = 0;
  for (std::size_t t = 0; t < graph.node_router.size(); ++t) {
    require_router(graph.node_router[t], kAnynetNodeRouter, t);
    routers = std::max(routers, graph.node_router[t] + 1);
  }
  for (std::size_t i = 0; i < links; ++i) {
    require_router(graph.link_from[i], kAnynetLinkFrom, i);
    require_router(graph.link_to[i], kAnynetLinkTo, i);
    routers = std::max({routers, graph.link_from[i] + 1, graph.link_to[i] + 1});
  }
  Channels out(static_cast<std::size_t>(routers));
  for (std::size_t i = 0; i < links; ++i) {
    const int a = graph.link_from[i];
    const int b = graph.link_to[i];
    const std::string item = "link " + std::to_string(i + 1);
    require(a != b, kAnynetLinkTo, item + " joins router " + std::to_string(a) + " to itself");
    require(out[static_cast<std::size_t>(a)].count(b) == 0, kAnynetLinkTo,
            item + " joins routers " + std::to_string(a) + " and " + std::to_string(b) +
                " again; one link a pair (its two cycles give each way)");
    out[static_cast<std::size_t>(a)][b] = graph.link_cycles[i];
    out[static_cast<std::size_t>(b)][a] = graph.link_back_cycles[i];
  }
  require_connected(out);

  // Terminal ports first, in the terminals' order, then one a neighbour, in the neighbours'.
  std::vector<std::vector<int>> nodes(static_cast<std::size_t>(routers));
  for (std::size_t t = 0; t < graph.node_router.size(); ++t) {
    nodes[static_cast<std::size_t>(graph.node_router[t])].push_back(static_cast<int>(t));
  }
  RouterNetworkSpec spec;
  spec.shape = "anynet";
  std::vector<std::map<int, int>> port_to(static_cast<std::size_t>(routers));
  for (int r = 0; r < routers; ++r) {
    const auto& own = nodes[static_cast<std::size_t>(r)];
    const auto& neighbours = out[static_cast<std::size_t>(r)];
    const auto ports = static_cast<int>(own.size() + neighbours.size());
    require(ports <= RouterNetwork::kMostPorts, kAnynetNodeRouter,
            "router " + std::to_string(r) + " has " + std::to_string(own.size()) + " nodes and " +
                std::to_string(neighbours.size()) + " links, " + std::to_string(ports) +
                " ports; valid range [1, " + std::to_string(RouterNetwork::kMostPorts) + "]");
    int port = static_cast<int>(own.size());
    for (const auto& neighbour : neighbours) {
      port_to[static_cast<std::size_t>(r)][neighbour.first] = port++;
    }
    spec.routers.push_back(RouterSpec{ports, 0, {}});
  }
  for (std::size_t t = 0; t < graph.node_router.size(); ++t) {
    const auto& own = nodes[static_cast<std::size_t>(graph.node_router[t])];
    const auto port = std::find(own.begin(), own.end(), static_cast<int>(t)) - own.begin();
    spec.terminals.push_back({graph.node_router[t], static_cast<int>(port)});
  }
  for (int a = 0; a < routers; ++a) {
    for (const auto& [b, cycles] : out[static_cast<std::size_t>(a)]) {
      if (b < a) continue;
      spec.links.push_back({{a, port_to[static_cast<std::size_t>(a)][b]},
                            {b, port_to[static_cast<std::size_t>(b)][a]},
                            cycles,
                            out[static_cast<std::size_t>(b)].at(a)});
    }
  }
  // Each router's table: its own terminals' ports, every other destination the port toward the
  // next router on its path; a run of destinations leaving by one port is one interval.
  const auto terminals = static_cast<int>(graph.node_router.size());
  for (int r = 0; r < routers; ++r) {
    const std::vector<int> hop = next_hops(out, r);
    std::map<int, int>& ports = port_to[static_cast<std::size_t>(r)];
    std::vector<Interval>& table = spec.routers[static_cast<std::size_t>(r)].table;
    for (int d = 0; d < terminals; ++d) {
      const RouterPort own = spec.terminals[static_cast<std::size_t>(d)];
      const int port =
          own.router == r ? own.port : ports[hop[static_cast<std::size_t>(own.router)]];
      if (!table.empty() && table.back().hi == d && table.back().port == port) {
        table.back().hi = d + 1;
      } else {
        table.push_back({d, d + 1, port});
      }
    }
  }
  return spec;
}

}  // namespace archex
