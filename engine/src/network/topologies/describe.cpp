#include "network/topologies/describe.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <queue>
#include <map>
#include <set>
#include <unordered_set>
#include <utility>

#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

// Calls `f(router, port, index, target)` for each router output that leads somewhere; `index`
// counts every port, router by router.
template <class F>
void each_channel(const Topology& topology, F f) {
  int index = 0;
  for (int router = 0; router < topology.routers(); ++router) {
    for (int port = 0; port < topology.ports(router); ++port, ++index) {
      const PortTarget t = topology.output(router, port);
      if (t.router >= 0 || t.terminal >= 0) f(router, port, index, t);
    }
  }
}

}  // namespace


NetworkMap describe_network(const Topology& topology, std::string name, std::string label,
                         int nodes) {
  NetworkMap n;
  n.name = std::move(name);
  n.label = std::move(label);
  n.shape = topology.shape();
  n.sizes = topology.sizes();
  n.drawing = topology.drawing();
  n.nodes = nodes < 0 ? topology.terminals() : nodes;

  const std::vector<std::string> axes = topology.axes();
  std::vector<std::vector<std::int32_t>> coordinates(axes.size());
  for (int router = 0; router < topology.routers(); ++router) {
    const std::vector<int> at = topology.position(router);
    for (std::size_t a = 0; a < axes.size(); ++a) coordinates[a].push_back(at[a]);
  }
  if (axes.empty()) {
    std::vector<std::int32_t> ids(static_cast<std::size_t>(topology.routers()));
    for (std::size_t r = 0; r < ids.size(); ++r) ids[r] = static_cast<std::int32_t>(r);
    n.routers.add("router", "", std::move(ids));
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    n.routers.add(axes[a], "", std::move(coordinates[a]));
  }

  std::vector<std::int32_t> router;
  std::vector<std::int32_t> port;
  for (int t = 0; t < topology.terminals(); ++t) {
    const RouterPort at = topology.injection(t);
    router.push_back(at.router);
    port.push_back(at.port);
  }
  n.terminals.add("router", "", std::move(router)).add("port", "", std::move(port));

  std::vector<std::int32_t> ids;
  std::vector<std::int32_t> from;
  std::vector<std::int32_t> from_port;
  std::vector<std::int32_t> to_router;
  std::vector<std::int32_t> to_port;
  std::vector<std::int32_t> to_terminal;
  std::vector<std::int32_t> classes;
  std::vector<std::int32_t> wraps;
  each_channel(topology, [&](int r, int p, int index, const PortTarget& t) {
    ids.push_back(index);
    from.push_back(r);
    from_port.push_back(p);
    to_router.push_back(t.router);
    to_port.push_back(t.router >= 0 ? t.port : -1);
    to_terminal.push_back(t.terminal);
    classes.push_back(topology.channel_class(r, p));
    wraps.push_back(topology.wraps(r, p) ? 1 : 0);
  });
  n.channels.add("id", "", std::move(ids))
      .add("router", "", std::move(from))
      .add("port", "", std::move(from_port))
      .add("to_router", "", std::move(to_router))
      .add("to_port", "", std::move(to_port))
      .add("to_terminal", "", std::move(to_terminal));
  const std::string class_name = topology.channel_class_name();
  if (!class_name.empty()) {
    n.channels.add(class_name, "", std::move(classes), topology.channel_classes());
  }
  if (!axes.empty()) n.channels.add("wrap", "", std::move(wraps));
  return n;
}

NetworkMap describe_grid(int nodes, int columns, std::string name, std::string label) {
  nodes = std::max(1, nodes);
  columns = std::min(std::max(1, columns), nodes);
  int rows = (nodes + columns - 1) / columns;
  if (rows > 32) {
    columns = static_cast<int>(std::ceil(std::sqrt(nodes)));
    rows = (nodes + columns - 1) / columns;
  }
  std::vector<int> dims;
  if (columns > 1) dims.push_back(columns);
  if (rows > 1) dims.push_back(rows);
  if (dims.empty()) dims.push_back(2);
  return describe_network(KNCube(dims, false), std::move(name), std::move(label), nodes);
}

namespace {

struct PairHash {
  std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& p) const {
    return std::hash<std::uint64_t>()(static_cast<std::uint64_t>(p.first) * 0x9E3779B97F4A7C15ull ^
                                      static_cast<std::uint64_t>(p.second));
  }
};

// A graph's edges between nodes numbered as int64s, and the edges of its cycles with each
// cycle's number.
using Edges = std::set<std::pair<std::int64_t, std::int64_t>>;
using CycleEdges = std::map<std::pair<std::int64_t, std::int64_t>, int>;

// RouteChoice::tier of the escape channels.
constexpr int kEscapeTier = 1;

// One cycle in each strongly connected component of `edges` that has one (Tarjan, without
// recursion; then the shortest way from the component's first node back to it).
CycleEdges cycles_of(const Edges& edges) {
  std::vector<std::int64_t> nodes;
  for (const auto& e : edges) {
    nodes.push_back(e.first);
    nodes.push_back(e.second);
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  const auto index_of = [&](std::int64_t node) {
    return static_cast<std::size_t>(std::lower_bound(nodes.begin(), nodes.end(), node) -
                                    nodes.begin());
  };
  const std::size_t count = nodes.size();
  std::vector<std::vector<std::size_t>> out(count);
  for (const auto& e : edges) out[index_of(e.first)].push_back(index_of(e.second));
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> order(count, kNone);
  std::vector<std::size_t> low(count, 0);
  std::vector<std::size_t> component(count, kNone);
  std::vector<std::uint8_t> on_stack(count, 0);
  std::vector<std::size_t> stack;
  std::size_t visited = 0;
  std::size_t components = 0;
  for (std::size_t root = 0; root < count; ++root) {
    if (order[root] != kNone) continue;
    std::vector<std::pair<std::size_t, std::size_t>> frames{{root, 0}};
    order[root] = low[root] = visited++;
    stack.push_back(root);
    on_stack[root] = 1;
    while (!frames.empty()) {
      auto& [v, edge] = frames.back();
      if (edge < out[v].size()) {
        const std::size_t w = out[v][edge++];
        if (order[w] == kNone) {
          order[w] = low[w] = visited++;
          stack.push_back(w);
          on_stack[w] = 1;
          frames.push_back({w, 0});
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], order[w]);
        }
        continue;
      }
      const std::size_t done = v;
      frames.pop_back();
      if (!frames.empty()) {
        low[frames.back().first] = std::min(low[frames.back().first], low[done]);
      }
      if (low[done] == order[done]) {
        for (;;) {
          const std::size_t w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          component[w] = components;
          if (w == done) break;
        }
        ++components;
      }
    }
  }
  // A component with an edge inside it holds a cycle: the shortest way from its first node back.
  std::vector<std::vector<std::size_t>> members(components);
  for (std::size_t v = 0; v < count; ++v) members[component[v]].push_back(v);
  CycleEdges cycle_edges;
  int cycles = 0;
  std::vector<std::size_t> came(count, kNone);
  for (const auto& m : members) {
    const std::size_t start = m.front();
    for (const std::size_t v : m) came[v] = kNone;
    std::queue<std::size_t> q;
    q.push(start);
    bool found = false;
    while (!q.empty() && !found) {
      const std::size_t v = q.front();
      q.pop();
      for (const std::size_t w : out[v]) {
        if (component[w] != component[start] || came[w] != kNone) continue;
        came[w] = v;
        if (w == start) {
          found = true;
          break;
        }
        q.push(w);
      }
    }
    if (!found) continue;
    std::size_t w = start;
    do {
      cycle_edges[{nodes[came[w]], nodes[w]}] = cycles;
      w = came[w];
    } while (w != start);
    ++cycles;
  }
  return cycle_edges;
}

}  // namespace

NetworkMap channel_dependencies(const Topology& topology, std::string name, std::string label) {
  NetworkMap n = describe_network(topology, std::move(name), std::move(label));
  const int routers = topology.routers();
  std::vector<int> base(static_cast<std::size_t>(routers) + 1, 0);
  for (int r = 0; r < routers; ++r) {
    base[static_cast<std::size_t>(r) + 1] = base[static_cast<std::size_t>(r)] + topology.ports(r);
  }
  const auto classes = static_cast<std::int64_t>(topology.vc_classes());
  // A node: a link channel's id times the classes, plus the class.
  Edges edges;
  // Each node's tier (RouteChoice::tier) under an adaptive routing, -1 for a node not reached.
  std::vector<std::int8_t> tier(
      static_cast<std::size_t>(base[static_cast<std::size_t>(routers)] * classes), -1);
  struct Hop {
    int router;
    int port;
    int cls;
    RouteState state;
  };
  RouteChoice choices[kMostRouteChoices];
  for (int dest = 0; dest < topology.terminals(); ++dest) {
    // Each channel, class and routing state once per destination: the same hop again goes on
    // the same way.
    std::unordered_set<std::pair<std::int64_t, RouteState>, PairHash> seen;
    std::vector<Hop> todo;
    // The channel node of leaving `router` by `port` in class `cls`, queued the first time.
    const auto hop = [&](int router, int port, int cls, RouteState state) {
      const std::int64_t node = (base[static_cast<std::size_t>(router)] + port) * classes + cls;
      if (seen.insert({node, state}).second) todo.push_back({router, port, cls, state});
      return node;
    };
    // Each way on from `router` entered by `in_port` with `state` (every choice of an adaptive
    // routing), to `edge` with its node; none once the route leaves.
    const auto next = [&](int router, int in_port, RouteState state, const auto& edge) {
      if (topology.adaptive()) {
        const int n = topology.route_choices(router, in_port, dest, choices);
        for (int k = 0; k < n; ++k) {
          if (topology.output(router, choices[k].port).router < 0) continue;
          const std::int64_t node = hop(router, choices[k].port, choices[k].vc_class, 0);
          tier[static_cast<std::size_t>(node)] = static_cast<std::int8_t>(choices[k].tier);
          edge(node);
        }
        return;
      }
      const RouteStep step = topology.route(router, in_port, dest, state);
      if (topology.output(router, step.port).router < 0) return;
      edge(hop(router, step.port, step.vc_class, state));
    };
    for (int src = 0; src < topology.terminals(); ++src) {
      if (src == dest) continue;
      const RouterPort at = topology.injection(src);
      for (const RouteState start : topology.route_starts(src, dest)) {
        next(at.router, at.port, start, [](std::int64_t) {});
      }
    }
    while (!todo.empty()) {
      const Hop h = todo.back();
      todo.pop_back();
      const PortTarget t = topology.output(h.router, h.port);
      const std::int64_t from =
          (base[static_cast<std::size_t>(h.router)] + h.port) * classes + h.cls;
      next(t.router, t.port, h.state, [&](std::int64_t to) { edges.insert({from, to}); });
    }
  }

  const CycleEdges cycle_edges = cycles_of(edges);
  std::vector<std::int32_t> from;
  std::vector<std::int32_t> from_class;
  std::vector<std::int32_t> to;
  std::vector<std::int32_t> to_class;
  std::vector<std::int32_t> cycle;
  for (const auto& [a, b] : edges) {
    from.push_back(static_cast<std::int32_t>(a / classes));
    from_class.push_back(static_cast<std::int32_t>(a % classes));
    to.push_back(static_cast<std::int32_t>(b / classes));
    to_class.push_back(static_cast<std::int32_t>(b % classes));
    const auto on = cycle_edges.find({a, b});
    cycle.push_back(on == cycle_edges.end() ? -1 : on->second);
  }
  n.dependencies.add("from", "", std::move(from))
      .add("from_class", "", std::move(from_class))
      .add("to", "", std::move(to))
      .add("to_class", "", std::move(to_class))
      .add("cycle", "", std::move(cycle));
  if (topology.adaptive()) {
    // The escape channels' subgraph apart: Duato's condition asks it alone to be acyclic.
    const auto tier_of = [&](std::int64_t node) { return tier[static_cast<std::size_t>(node)]; };
    Edges escape;
    for (const auto& e : edges) {
      if (tier_of(e.first) == kEscapeTier && tier_of(e.second) == kEscapeTier) escape.insert(e);
    }
    const CycleEdges escape_cycles = cycles_of(escape);
    std::vector<std::int32_t> from_tier;
    std::vector<std::int32_t> to_tier;
    std::vector<std::int32_t> escape_cycle;
    for (const auto& e : edges) {
      from_tier.push_back(tier_of(e.first));
      to_tier.push_back(tier_of(e.second));
      const auto on = escape_cycles.find(e);
      escape_cycle.push_back(on == escape_cycles.end() ? -1 : on->second);
    }
    const std::vector<std::string> tiers = {"adaptive", "escape"};
    n.dependencies.add("from_tier", "", std::move(from_tier), tiers)
        .add("to_tier", "", std::move(to_tier), tiers)
        .add("escape_cycle", "", std::move(escape_cycle));
  }
  const KNCube* cube = topology.cube();
  if (cube != nullptr && cube->dimensions() >= 2) {
    // Every turn from one dimension into another, and the dependences that take it: a turn no
    // dependence takes is one the routing never offers.
    const int directions = cube->local_port();
    std::vector<int> taken(static_cast<std::size_t>(directions * directions), 0);
    for (const auto& [a, b] : edges) {
      const auto in = static_cast<int>((a / classes) % cube->ports());
      const auto out = static_cast<int>((b / classes) % cube->ports());
      ++taken[static_cast<std::size_t>(in * directions + out)];
    }
    std::vector<std::int32_t> turn_from;
    std::vector<std::int32_t> turn_to;
    std::vector<std::int32_t> dependences;
    // Each direction's dimension and sign as numbers too (port 2d is +d, 2d + 1 is -d), so that
    // no reader parses its name.
    std::vector<std::int32_t> from_dimension, from_sign, to_dimension, to_sign;
    for (int in = 0; in < directions; ++in) {
      for (int out = 0; out < directions; ++out) {
        if (in / 2 == out / 2) continue;
        turn_from.push_back(in);
        turn_to.push_back(out);
        dependences.push_back(taken[static_cast<std::size_t>(in * directions + out)]);
        from_dimension.push_back(in / 2);
        from_sign.push_back(in % 2 == 0 ? 1 : -1);
        to_dimension.push_back(out / 2);
        to_sign.push_back(out % 2 == 0 ? 1 : -1);
      }
    }
    const std::vector<std::string> names = cube->channel_classes();
    n.turns.add("from", "", std::move(turn_from), names)
        .add("to", "", std::move(turn_to), names)
        .add("dependences", "", std::move(dependences))
        .add("from_dimension", "", std::move(from_dimension))
        .add("from_sign", "", std::move(from_sign))
        .add("to_dimension", "", std::move(to_dimension))
        .add("to_sign", "", std::move(to_sign));
  }
  return n;
}

std::vector<double> per_channel(const Topology& topology, const std::vector<double>& by_port) {
  std::vector<double> out;
  each_channel(topology, [&](int, int, int index, const PortTarget&) {
    const auto at = static_cast<std::size_t>(index);
    out.push_back(at < by_port.size() ? by_port[at] : 0.0);
  });
  return out;
}

}  // namespace archex
