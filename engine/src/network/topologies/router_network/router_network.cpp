#include "network/topologies/router_network/router_network.h"

#include <set>
#include <string>
#include <utility>

#include "core/param_spec.h"

namespace archex {

namespace {

constexpr const char* kParam = "router_network";
constexpr int kMaxRouterPorts = RouterNetwork::kMostPorts;
constexpr int kMaxHeaderDelay = 1000;
constexpr int kMaxLinkCycles = 1000;

void require(bool ok, const std::string& message) {
  if (!ok) throw ParamError(kParam, message);
}

std::string at(RouterPort p) {
  return "router " + std::to_string(p.router) + " port " + std::to_string(p.port);
}

// Sends every destination but `own` to `other`, `own` to `own_port`.
std::vector<Interval> all_but(int terminals, int own_lo, int own_hi, int own_port, int other) {
  std::vector<Interval> table;
  if (own_lo > 0) table.push_back({0, own_lo, other});
  table.push_back({own_lo, own_hi, own_port});
  if (own_hi < terminals) table.push_back({own_hi, terminals, other});
  return table;
}

// Terminal t's link engine: port 0 is the transputer, port 1 its link.
RouterSpec link_engine(int terminals, int t) {
  return RouterSpec{2, 0, all_but(terminals, t, t + 1, 0, 1)};
}

// Puts the transputers' link engines in front, as routers 0 to terminals - 1 (so the routers
// already in the spec move up), each linked to the router port in `attach` it belongs to.
void add_link_engines(RouterNetworkSpec& spec, const std::vector<RouterPort>& attach) {
  const int terminals = static_cast<int>(attach.size());
  for (LinkSpec& link : spec.links) {
    link.a.router += terminals;
    link.b.router += terminals;
  }
  std::vector<RouterSpec> engines;
  for (int t = 0; t < terminals; ++t) {
    engines.push_back(link_engine(terminals, t));
    spec.terminals.push_back({t, 0});
    spec.links.push_back({{t, 1}, {attach[static_cast<std::size_t>(t)].router + terminals,
                                   attach[static_cast<std::size_t>(t)].port}});
  }
  spec.routers.insert(spec.routers.begin(), engines.begin(), engines.end());
}

// A cycle in the graph of each node's successors `after`, by depth-first search.
bool has_cycle(const std::vector<std::set<int>>& after) {
  enum Seen : char { kNew, kOnPath, kDone };
  std::vector<Seen> seen(after.size(), kNew);
  for (std::size_t root = 0; root < after.size(); ++root) {
    if (seen[root] != kNew) continue;
    seen[root] = kOnPath;
    std::vector<std::pair<std::size_t, std::set<int>::const_iterator>> path = {
        {root, after[root].begin()}};
    while (!path.empty()) {
      const std::size_t node = path.back().first;
      if (path.back().second == after[node].end()) {
        seen[node] = kDone;
        path.pop_back();
        continue;
      }
      const auto next = static_cast<std::size_t>(*path.back().second++);
      if (seen[next] == kOnPath) return true;
      if (seen[next] == kNew) {
        seen[next] = kOnPath;
        path.emplace_back(next, after[next].begin());
      }
    }
  }
  return false;
}

}  // namespace

RouterNetwork::RouterNetwork(RouterNetworkSpec spec) : spec_(std::move(spec)) {
  const int routers = this->routers();
  const int terminals = this->terminals();
  require(routers >= 1, "a router network needs at least one router");
  require(terminals >= 2, "a router network needs at least two terminals");
  int total = 0;
  for (int r = 0; r < routers; ++r) {
    const RouterSpec& router = spec_.routers[static_cast<std::size_t>(r)];
    require(router.ports >= 1 && router.ports <= kMaxRouterPorts,
            "router " + std::to_string(r) + " has " + std::to_string(router.ports) +
                " ports; valid range [1, 32]");
    require(router.header_delay_cycles >= 0 && router.header_delay_cycles <= kMaxHeaderDelay,
            "router " + std::to_string(r) + " header delay: valid range [0, 1000] cycles");
    port_base_.push_back(total);
    total += router.ports;
  }
  targets_.assign(static_cast<std::size_t>(total), PortTarget{});
  cycles_.assign(static_cast<std::size_t>(total), 1);
  auto claim = [&](RouterPort p, PortTarget t, int cycles) {
    require(p.router >= 0 && p.router < routers && p.port >= 0 &&
                p.port < spec_.routers[static_cast<std::size_t>(p.router)].ports,
            at(p) + " does not exist");
    PortTarget& slot = targets_[static_cast<std::size_t>(port_index(p.router, p.port))];
    require(slot.router < 0 && slot.terminal < 0, at(p) + " is used twice");
    require(cycles >= 1 && cycles <= kMaxLinkCycles,
            at(p) + "'s link: valid range [1, 1000] cycles");
    slot = t;
    cycles_[static_cast<std::size_t>(port_index(p.router, p.port))] = cycles;
  };
  for (const LinkSpec& link : spec_.links) {
    claim(link.a, {link.b.router, link.b.port, -1}, link.a_to_b_cycles);
    claim(link.b, {link.a.router, link.a.port, -1}, link.b_to_a_cycles);
  }
  for (int t = 0; t < terminals; ++t) {
    claim(spec_.terminals[static_cast<std::size_t>(t)], {-1, -1, t}, 1);
  }

  for (int r = 0; r < routers; ++r) {
    std::vector<int> owner(static_cast<std::size_t>(terminals), -1);
    for (const Interval& i : spec_.routers[static_cast<std::size_t>(r)].table) {
      require(i.lo >= 0 && i.lo < i.hi && i.hi <= terminals,
              "router " + std::to_string(r) + " has an interval outside [0, " +
                  std::to_string(terminals) + ")");
      const PortTarget t = i.port >= 0 && i.port < ports(r) ? output(r, i.port) : PortTarget{};
      require(t.router >= 0 || t.terminal >= 0,
              "router " + std::to_string(r) + " sends destinations to port " +
                  std::to_string(i.port) + ", which leads nowhere");
      for (int d = i.lo; d < i.hi; ++d) {
        require(owner[static_cast<std::size_t>(d)] < 0,
                "router " + std::to_string(r) + " has destination " + std::to_string(d) +
                    " in two intervals");
        owner[static_cast<std::size_t>(d)] = i.port;
      }
    }
    for (int d = 0; d < terminals; ++d) {
      require(owner[static_cast<std::size_t>(d)] >= 0, "router " + std::to_string(r) +
                                                           " has no interval for destination " +
                                                           std::to_string(d));
    }
  }
  // Every terminal reaches every terminal, without a loop; the channels each route takes one
  // after another, for may_deadlock.
  std::vector<std::set<int>> after(targets_.size());
  for (int src = 0; src < terminals; ++src) {
    for (int dest = 0; dest < terminals; ++dest) {
      int router = injection(src).router;
      int previous = -1;
      for (int hops = 0;; ++hops) {
        require(hops <= routers, "the tables send terminal " + std::to_string(src) +
                                     "'s packets for " + std::to_string(dest) + " round a loop");
        const int port = lookup(router, dest);
        const int channel = port_index(router, port);
        if (previous >= 0) after[static_cast<std::size_t>(previous)].insert(channel);
        previous = channel;
        const PortTarget t = output(router, port);
        if (t.terminal >= 0) {
          require(t.terminal == dest, "the tables deliver terminal " + std::to_string(src) +
                                          "'s packets for " + std::to_string(dest) +
                                          " to terminal " + std::to_string(t.terminal));
          break;
        }
        router = t.router;
      }
    }
  }
  routes_close_a_cycle_ = has_cycle(after);
}

PortTarget RouterNetwork::output(int router, int port) const {
  return targets_[static_cast<std::size_t>(port_index(router, port))];
}

int RouterNetwork::lookup(int router, int dest) const {
  for (const Interval& i : spec_.routers[static_cast<std::size_t>(router)].table) {
    if (dest >= i.lo && dest < i.hi) return i.port;
  }
  return -1;
}

RouteStep RouterNetwork::step(int router, int /*in_port*/, int dest, Toward /*toward*/,
                              RouteState& /*state*/) const {
  return {lookup(router, dest), 0};
}

RouterPort RouterNetwork::reverse(int router, int port) const {
  const PortTarget t = output(router, port);
  if (t.router < 0) return {};
  return {t.router, t.port};
}

RouterNetworkSpec direct_link_spec() {
  RouterNetworkSpec spec;
  spec.routers = {link_engine(2, 0), link_engine(2, 1)};
  spec.terminals = {{0, 0}, {1, 0}};
  spec.links = {{{0, 1}, {1, 1}}};
  return spec;
}

RouterNetworkSpec loop_spec(int header_delay_cycles) {
  RouterNetworkSpec spec;
  spec.routers = {RouterSpec{kMaxRouterPorts, header_delay_cycles, {{0, 1, 0}, {1, 2, 1}}}};
  add_link_engines(spec, {{0, 0}, {0, 1}});
  return spec;
}

RouterNetworkSpec clos2_spec(int leaves, int per_leaf, int spines, int header_delay_cycles) {
  require(leaves >= 2 && leaves <= kMaxRouterPorts, "a Clos network has 2 to 32 leaf routers");
  require(spines >= 1 && per_leaf >= 1 && per_leaf + spines <= kMaxRouterPorts,
          "a leaf router's transputers and links to the spines: 1 or more each, 32 ports at most");
  RouterNetworkSpec spec;
  std::vector<RouterPort> attach;
  for (int leaf = 0; leaf < leaves; ++leaf) {
    RouterSpec router{per_leaf + spines, header_delay_cycles, {}};
    for (int other = 0; other < leaves; ++other) {
      if (other == leaf) continue;
      router.table.push_back({other * per_leaf, (other + 1) * per_leaf, per_leaf + other % spines});
    }
    for (int j = 0; j < per_leaf; ++j) {
      const int t = leaf * per_leaf + j;
      router.table.push_back({t, t + 1, j});
      attach.push_back({leaf, j});
    }
    spec.routers.push_back(router);
  }
  for (int s = 0; s < spines; ++s) {
    RouterSpec router{leaves, header_delay_cycles, {}};
    for (int leaf = 0; leaf < leaves; ++leaf) {
      router.table.push_back({leaf * per_leaf, (leaf + 1) * per_leaf, leaf});
      spec.links.push_back({{leaf, per_leaf + s}, {leaves + s, leaf}});
    }
    spec.routers.push_back(router);
  }
  add_link_engines(spec, attach);
  return spec;
}

RouterNetworkSpec star_spec(int terminals, int header_delay_cycles) {
  require(terminals >= 2 && terminals <= kMaxRouterPorts, "a star has 2 to 32 transputers");
  RouterNetworkSpec spec;
  RouterSpec router{kMaxRouterPorts, header_delay_cycles, {}};
  std::vector<RouterPort> attach;
  for (int t = 0; t < terminals; ++t) {
    router.table.push_back({t, t + 1, t});
    attach.push_back({0, t});
  }
  spec.routers = {router};
  add_link_engines(spec, attach);
  return spec;
}

}  // namespace archex
