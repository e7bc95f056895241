#include "network/traffic/analytic.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "network/network_params.h"

namespace archex {

namespace {

// Head-of-line cells per output, sorted from most to least (outputs are alike).
using Partition = std::vector<int>;

constexpr int kExactCrossbarPorts = 16;

// The distribution over partitions after `balls` cells pick outputs uniformly at random.
std::map<Partition, double> throw_cells(const Partition& from, int balls) {
  std::map<Partition, double> now{{from, 1.0}};
  const auto n = static_cast<double>(from.size());
  for (int b = 0; b < balls; ++b) {
    std::map<Partition, double> next;
    for (const auto& [state, p] : now) {
      // Outputs with the same count are alike: one branch per distinct count.
      for (std::size_t i = 0; i < state.size();) {
        std::size_t j = i;
        while (j < state.size() && state[j] == state[i]) ++j;
        Partition grown = state;
        ++grown[i];  // the first of the equal run stays sorted
        next[grown] += p * static_cast<double>(j - i) / n;
        i = j;
      }
    }
    now.swap(next);
  }
  return now;
}

// Where each router's output ports start in the walk's channel numbering.
std::vector<int> channel_bases(const Topology& topology, int& channels) {
  std::vector<int> base;
  channels = 0;
  for (int r = 0; r < topology.routers(); ++r) {
    base.push_back(channels);
    channels += topology.ports(r);
  }
  return base;
}

// The first states a walk follows for a pair: every one route_starts gives, or, past `most`, that
// many drawn from them by a fixed seed (an estimate of an oblivious routing's mean, the same each
// time; a stride through the list would alias with its nesting).
std::vector<RouteState> walk_starts(const Topology& topology, int src, int dest, int most,
                                    Walk walk) {
  std::vector<RouteState> all = topology.route_starts(src, dest);
  // A routing that chooses at the source lists its first route first.
  if (walk == Walk::kFirst) all.resize(1);
  // A pair with one route has no others: it takes that one either way.
  if (walk == Walk::kOthers && all.size() > 1) all.erase(all.begin());
  if (static_cast<int>(all.size()) <= most) return all;
  Rng rng(0x9E3779B97F4A7C15ull ^ (static_cast<std::uint64_t>(src) << 32) ^
          static_cast<std::uint64_t>(dest));
  std::vector<RouteState> some;
  for (int k = 0; k < most; ++k) some.push_back(all[rng.below(all.size())]);
  return some;
}

// Adds `share` to every channel between routers of the route from `src` to `dest`, spread over
// the routing's draws (at most `most_starts` of them); returns its mean hops and mean cycles
// spent on links past one a hop. An adaptive routing is walked along route(), its minimal route
// in dimension order.
struct Walked {
  double hops = 0;
  double link_extra = 0;
};
Walked walk_route(const Topology& topology, const std::vector<int>& base, int src, int dest,
                  double share, std::vector<double>& channels, Walk walk,
                  int most_starts = 1024) {
  const std::vector<RouteState> starts = walk_starts(topology, src, dest, most_starts, walk);
  const double each = share / static_cast<double>(starts.size());
  int hops = 0;
  int extra = 0;
  for (const RouteState start : starts) {
    RouterPort at = topology.injection(src);
    RouteState state = start;
    // A route visits each router at most once in each phase; the bound stops a table that loops.
    for (int hop = 0; hop <= 2 * topology.routers(); ++hop) {
      const RouteStep step = topology.route(at.router, at.port, dest, state);
      const PortTarget next = topology.output(at.router, step.port);
      if (next.router < 0) break;
      channels[static_cast<std::size_t>(base[static_cast<std::size_t>(at.router)] + step.port)] +=
          each;
      ++hops;
      extra += topology.link_cycles(at.router, step.port) - 1;
      at = {next.router, next.port};
    }
  }
  const auto n = static_cast<double>(starts.size());
  return {hops / n, extra / n};
}

// The closed forms of uniform traffic on a cube are dimension order's: they hold for it and for
// an adaptive routing's minimal routes taken in that order, not for a routing that draws.
bool closed_form_routes(const Topology& topology) { return !topology.draws_routes(); }

// Uniform traffic's load on each channel between routers (per unit offered per terminal) and its
// mean hops (pattern_load says how).
PatternLoad uniform_load(const Topology& topology, const std::vector<int>& base, int channels,
                         Walk walk) {
  PatternLoad out;
  out.channels.assign(static_cast<std::size_t>(channels), 0.0);
  const int nodes = topology.terminals();
  out.ejection.assign(static_cast<std::size_t>(nodes), 1.0);
  const KNCube* cube = topology.cube();
  if (cube != nullptr && closed_form_routes(topology)) {
    // Dimension-order routing loads a channel of dimension d by its line or ring alone, from
    // sources uniform over it to destinations uniform over it (KNCube::uniform_channel_load),
    // times the terminals a node, then over all terminals but the source.
    const auto n = static_cast<double>(nodes);
    const int c = cube->concentration();
    for (int d = 0; d < cube->dimensions(); ++d) {
      const int k = cube->radix(d);
      std::vector<double> plus(static_cast<std::size_t>(k), 0.0);
      std::vector<double> minus(static_cast<std::size_t>(k), 0.0);
      for (int a = 0; a < k; ++a) {
        for (int b = 0; b < k; ++b) {
          const int ahead = ((b - a) % k + k) % k;
          if (ahead == 0) continue;
          const bool up = cube->torus() ? ahead <= k - ahead : b > a;
          for (int x = a; x != b; x = up ? (x + 1) % k : (x - 1 + k) % k) {
            (up ? plus : minus)[static_cast<std::size_t>(x)] += 1.0 / k;
          }
        }
      }
      for (int node = 0; node < cube->nodes(); ++node) {
        const auto x = static_cast<std::size_t>(cube->coordinate(node, d));
        const auto at = static_cast<std::size_t>(base[static_cast<std::size_t>(node)] + 2 * d);
        out.channels[at] = plus[x] * c * n / (n - 1);
        out.channels[at + 1] = minus[x] * c * n / (n - 1);
      }
    }
    out.mean_hops = cube_mean_hops(*cube);
    return out;
  }
  if (nodes <= kMostUniformWalkTerminals) {
    Walked sum;
    // Terminals of one router route alike between routers: one of each is walked, for all c x c
    // pairs of terminals of two routers; those of one router cross no channel between routers.
    const int c = topology.concentration();
    const double alike = static_cast<double>(c) * c;
    const double share = alike / (nodes - 1);
    const double pairs = static_cast<double>(nodes) * (nodes - 1);
    // A routing that draws is walked over at most kMostUniformWalkRoutes routes in all.
    const double walked = pairs / alike - static_cast<double>(nodes) / c * (c - 1) / c;
    const int most_starts =
        static_cast<int>(std::clamp(kMostUniformWalkRoutes / walked, 1.0, 1024.0));
    for (int src = 0; src < nodes; src += c) {
      for (int dest = 0; dest < nodes; dest += c) {
        if (dest == src) continue;
        const Walked w = walk_route(topology, base, src, dest, share, out.channels, walk,
                                    most_starts);
        sum.hops += w.hops * alike;
        sum.link_extra += w.link_extra * alike;
      }
    }
    out.mean_hops = sum.hops / pairs;
    out.mean_link_extra = sum.link_extra / pairs;
    return out;
  }
  const double load = topology.uniform_channel_load();
  for (int r = 0; r < topology.routers(); ++r) {
    for (int port = 0; port < topology.ports(r); ++port) {
      if (topology.output(r, port).router >= 0) {
        out.channels[static_cast<std::size_t>(base[static_cast<std::size_t>(r)] + port)] = load;
      }
    }
  }
  return out;
}

// The injection rate and the ejection rate over the most ejected terminal's load; `most` is the
// load of the most loaded channel into or out of a terminal (one terminal's offered load in, its
// ejection out).
double terminal_bound(const std::vector<double>& ejection, const NetworkConfig& c, double& most) {
  const double most_ejected = *std::max_element(ejection.begin(), ejection.end());
  for (const double e : ejection) {
    most = std::max(most, c.half_duplex ? 1 + e : std::max(1.0, e));
  }
  return std::min(c.inject_rate, c.eject_rate / most_ejected);
}

}  // namespace

double patel_acceptance(int k, int stages, double request_rate) {
  if (k < 2) throw ParamError("fly_radix", "switch radix: 2 or more");
  if (stages < 1) throw ParamError("fly_stages", "stages: 1 or more");
  if (!(request_rate > 0 && request_rate <= 1)) {
    throw ParamError("request_rate", "request rate: above 0, at most 1");
  }
  double m = request_rate;
  for (int s = 0; s < stages; ++s) m = 1 - std::pow(1 - m / k, k);
  return m / request_rate;
}

double iq_crossbar_saturation(int ports) {
  if (ports < 1) throw ParamError("crossbar_ports", "ports: 1 or more");
  if (ports > kExactCrossbarPorts) return 2 - std::sqrt(2.0);
  // Transitions: each busy output sends one cell; the inputs it served draw new destinations.
  std::map<Partition, std::map<Partition, double>> moves;
  std::function<void(const Partition&)> explore = [&](const Partition& state) {
    if (moves.count(state)) return;
    Partition left = state;
    int served = 0;
    for (int& c : left) {
      if (c > 0) {
        --c;
        ++served;
      }
    }
    std::sort(left.rbegin(), left.rend());
    moves[state] = throw_cells(left, served);
    for (const auto& next : moves[state]) explore(next.first);
  };
  Partition start(static_cast<std::size_t>(ports), 0);
  start[0] = ports;
  explore(start);
  std::map<Partition, double> p{{start, 1.0}};
  double throughput = 0;
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::map<Partition, double> next;
    for (const auto& [state, weight] : p) {
      for (const auto& [to, q] : moves[state]) next[to] += weight * q;
    }
    double busy = 0;
    for (const auto& [state, weight] : next) {
      busy += weight * static_cast<double>(std::count_if(state.begin(), state.end(),
                                                         [](int c) { return c > 0; }));
    }
    const double previous = throughput;
    throughput = busy / ports;
    p.swap(next);
    if (iteration > 10 && std::fabs(throughput - previous) < 1e-13) break;
  }
  return throughput;
}

double cube_mean_hops(const KNCube& cube) {
  double hops = 0;
  for (int d = 0; d < cube.dimensions(); ++d) {
    const int k = cube.radix(d);
    double sum = 0;
    for (int a = 0; a < k; ++a) {
      for (int b = 0; b < k; ++b) {
        const int straight = std::abs(a - b);
        sum += cube.torus() ? std::min(straight, k - straight) : straight;
      }
    }
    hops += sum / (static_cast<double>(k) * k);
  }
  // Uniform over all terminals, then without the terminal itself (zero hops, as to the others of
  // its node).
  const auto n = static_cast<double>(cube.terminals());
  return hops * n / (n - 1);
}

double cube_zero_load_latency_cycles(const KNCube& cube, const NetworkConfig& c,
                                     int packet_flits) {
  return zero_load_latency_cycles(cube_mean_hops(cube), c, packet_flits);
}

double zero_load_latency_cycles(double mean_hops, const NetworkConfig& c, int packet_flits) {
  // A flit's stages in a router (route, VC and switch allocation, then its crossing) and its
  // link; stepped as a whole router, the stages are steps, internal_speedup a cycle, the link
  // and the crossing's further cycles still cycles.
  const double stages = c.switch_alloc_cycles + c.route_cycles + c.vc_alloc_cycles + 1;
  const double per_router =
      c.router_delay_cycles + (c.speedup_scope == SpeedupScope::kRouter
                                   ? std::ceil(stages / c.internal_speedup)
                                   : stages);
  const double rate = std::min({c.channel_rate, c.inject_rate, c.eject_rate, 1.0});
  return (mean_hops + 1) * per_router + c.injection_cycles + (packet_flits - 1) / rate;
}

PatternLoad pattern_load(const Topology& topology, const TrafficPattern& pattern, Walk walk) {
  int channels = 0;
  const std::vector<int> base = channel_bases(topology, channels);
  const int nodes = topology.terminals();
  const Pattern kind = pattern.pattern();
  // Uniform traffic, or the uniform share of the hotspot pattern (each source's but that of a
  // lone hot spot, which sends all its packets uniformly: walked below).
  const std::vector<int> hot = pattern.hotspots();
  double uniform_share = 0;
  if (kind == Pattern::kUniform) uniform_share = 1;
  // Uniform with the source among the destinations: the others' share, and its own share of
  // packets that cross no channel between routers.
  if (kind == Pattern::kUniformWithSelf) uniform_share = 1 - 1.0 / nodes;
  if (kind == Pattern::kHotspot) uniform_share = 1 - pattern.hotspot_fraction();
  PatternLoad out;
  if (uniform_share > 0) {
    out = uniform_load(topology, base, channels, walk);
    for (double& c : out.channels) c *= uniform_share;
    for (double& e : out.ejection) e *= uniform_share;
    out.mean_hops *= uniform_share;
    out.mean_link_extra *= uniform_share;
  } else {
    out.channels.assign(static_cast<std::size_t>(channels), 0.0);
    out.ejection.assign(static_cast<std::size_t>(nodes), 0.0);
  }
  if (kind == Pattern::kUniform) return out;
  if (kind == Pattern::kUniformWithSelf) {
    for (double& e : out.ejection) e += 1.0 / nodes;
    return out;
  }
  Walked sum;
  DestinationShares shares;
  for (int src = 0; src < nodes; ++src) {
    if (kind == Pattern::kHotspot) {
      // The hot shares alone, to the hot spots but the source; a lone hot spot's own packets go
      // uniformly.
      shares.clear();
      const double f = pattern.hotspot_fraction();
      const auto others = static_cast<double>(
          hot.size() - static_cast<std::size_t>(std::count(hot.begin(), hot.end(), src)));
      for (const int h : hot) {
        if (h != src) shares.emplace_back(h, f / others);
      }
      if (others == 0) {
        for (int d = 0; d < nodes; ++d) {
          if (d != src) shares.emplace_back(d, f / (nodes - 1));
        }
      }
    } else {
      pattern.destinations(src, shares);
    }
    for (const auto& [dest, share] : shares) {
      out.ejection[static_cast<std::size_t>(dest)] += share;
      const Walked w = walk_route(topology, base, src, dest, share, out.channels, walk);
      sum.hops += share * w.hops;
      sum.link_extra += share * w.link_extra;
    }
  }
  out.mean_hops += sum.hops / nodes;
  out.mean_link_extra += sum.link_extra / nodes;
  return out;
}

double pattern_capacity_bound(const Topology& topology, const NetworkConfig& c,
                              const TrafficPattern& pattern) {
  if (topology.chooses_routes()) {
    return std::max(pattern_capacity_bound(topology, c, pattern, Walk::kFirst),
                    pattern_capacity_bound(topology, c, pattern, Walk::kOthers));
  }
  if (pattern.pattern() == Pattern::kUniform && closed_form_routes(topology)) {
    return capacity_bound(topology, c);
  }
  return pattern_capacity_bound(topology, c, pattern, Walk::kAll);
}

double pattern_capacity_bound(const Topology& topology, const NetworkConfig& c,
                              const TrafficPattern& pattern, Walk walk) {
  const PatternLoad load = pattern_load(topology, pattern, walk);
  double most = 0;
  const double terminals = terminal_bound(load.ejection, c, most);
  int channels = 0;
  const std::vector<int> base = channel_bases(topology, channels);
  for (int r = 0; r < topology.routers(); ++r) {
    for (int port = 0; port < topology.ports(r); ++port) {
      double on = load.channels[static_cast<std::size_t>(base[static_cast<std::size_t>(r)] + port)];
      if (c.half_duplex) {
        // Both directions of a half-duplex link share one channel's rate.
        const RouterPort back = topology.reverse(r, port);
        if (back.router >= 0) {
          on += load.channels[static_cast<std::size_t>(
              base[static_cast<std::size_t>(back.router)] + back.port)];
        }
      }
      most = std::max(most, on);
    }
  }
  return std::min(c.channel_rate / most, terminals);
}

double minimal_cut_bound(const KNCube& cube, const NetworkConfig& c,
                         const TrafficPattern& pattern) {
  if (pattern.pattern() == Pattern::kUniform || pattern.pattern() == Pattern::kUniformWithSelf) {
    // Dimension order loads a cube's channels evenly under uniform traffic, as well as any
    // minimal routing can (Dally & Towles sec. 3.3.1).
    return pattern_capacity_bound(cube, c, pattern);
  }
  const int terminals = cube.terminals();
  const int dims = cube.dimensions();
  // crossing[d][2 * b + dir]: load per unit offered that every minimal route carries across the
  // boundary between coordinates b and b + 1 (mod k) of dimension d, upward (dir 0) or down.
  std::vector<std::vector<double>> crossing(static_cast<std::size_t>(dims));
  // to[d][t]: a source's share of packets to coordinate t of dimension d (it depends on no other
  // coordinate), so a pattern's N^2 pairs cost N (n k) here, the hot spots' uniform share too.
  std::vector<std::vector<double>> to(static_cast<std::size_t>(dims));
  for (int d = 0; d < dims; ++d) {
    crossing[static_cast<std::size_t>(d)].assign(2 * static_cast<std::size_t>(cube.radix(d)), 0.0);
    to[static_cast<std::size_t>(d)].assign(static_cast<std::size_t>(cube.radix(d)), 0.0);
  }
  std::vector<double> ejection(static_cast<std::size_t>(terminals), 0.0);
  const bool hotspot = pattern.pattern() == Pattern::kHotspot;
  const std::vector<int> hot = pattern.hotspots();
  const double f = hotspot ? pattern.hotspot_fraction() : 0;
  DestinationShares shares;
  for (int src = 0; src < terminals; ++src) {
    const int from = cube.node_of(src);
    double uniform = 0;
    if (hotspot) {
      // As pattern_load: the uniform share over the others, the hot share to the hot spots but
      // the source (a lone hot spot's own hot share goes uniformly too).
      shares.clear();
      const auto others = static_cast<double>(
          hot.size() - static_cast<std::size_t>(std::count(hot.begin(), hot.end(), src)));
      for (const int h : hot) {
        if (h != src) shares.emplace_back(h, f / others);
      }
      uniform = others == 0 ? 1 : 1 - f;
    } else {
      pattern.destinations(src, shares);
    }
    for (auto& line : to) std::fill(line.begin(), line.end(), 0.0);
    for (const auto& [dest, share] : shares) {
      ejection[static_cast<std::size_t>(dest)] += share;
      for (int d = 0; d < dims; ++d) {
        to[static_cast<std::size_t>(d)][static_cast<std::size_t>(
            cube.coordinate(cube.node_of(dest), d))] += share;
      }
    }
    if (uniform > 0) {
      const double each = uniform / (terminals - 1);
      for (int t = 0; t < terminals; ++t) {
        if (t != src) ejection[static_cast<std::size_t>(t)] += each;
      }
      for (int d = 0; d < dims; ++d) {
        // terminals / k terminals at each coordinate, the source's own less itself.
        const int k = cube.radix(d);
        for (int t = 0; t < k; ++t) {
          const int there = terminals / k - (t == cube.coordinate(from, d) ? 1 : 0);
          to[static_cast<std::size_t>(d)][static_cast<std::size_t>(t)] += each * there;
        }
      }
    }
    for (int d = 0; d < dims; ++d) {
      const int k = cube.radix(d);
      const int a = cube.coordinate(from, d);
      std::vector<double>& line = crossing[static_cast<std::size_t>(d)];
      for (int t = 0; t < k; ++t) {
        const double share = to[static_cast<std::size_t>(d)][static_cast<std::size_t>(t)];
        const int ahead = ((t - a) % k + k) % k;
        if (share == 0 || ahead == 0) continue;
        int dir = 0;
        int steps = ahead;
        if (cube.torus()) {
          // Half-way round both ways are minimal: neither boundary is crossed by every route.
          if (2 * ahead == k) continue;
          if (2 * ahead > k) dir = 1, steps = k - ahead;
        } else if (t < a) {
          dir = 1, steps = k - ahead;
        }
        for (int s = 0; s < steps; ++s) {
          // Upward from a the boundaries a, a+1, ...; downward a-1, a-2, ... (boundary b lies
          // between b and b + 1).
          const int b = dir == 0 ? (a + s) % k : ((a - 1 - s) % k + k) % k;
          line[2 * static_cast<std::size_t>(b) + static_cast<std::size_t>(dir)] += share;
        }
      }
    }
  }
  double most = 0;
  double bound = terminal_bound(ejection, c, most);
  bound = std::min(bound, c.channel_rate / most);
  for (int d = 0; d < cube.dimensions(); ++d) {
    // A boundary's cross-section has a channel each way on every line of the dimension.
    const double channels = static_cast<double>(cube.nodes() / cube.radix(d)) * c.channel_rate;
    const std::vector<double>& line = crossing[static_cast<std::size_t>(d)];
    for (std::size_t b = 0; b < line.size(); b += 2) {
      const double load = c.half_duplex ? line[b] + line[b + 1] : std::max(line[b], line[b + 1]);
      if (load > 0) bound = std::min(bound, channels / load);
    }
  }
  return bound;
}

double pattern_zero_load_latency_cycles(const Topology& topology, const NetworkConfig& c,
                                        const TrafficPattern& pattern, int packet_flits) {
  const KNCube* cube = topology.cube();
  if (cube != nullptr && pattern.pattern() == Pattern::kUniform && closed_form_routes(topology)) {
    return cube_zero_load_latency_cycles(*cube, c, packet_flits);
  }
  const PatternLoad load =
      pattern_load(topology, pattern, topology.chooses_routes() ? Walk::kFirst : Walk::kAll);
  return zero_load_latency_cycles(load.mean_hops, c, packet_flits) + load.mean_link_extra;
}

double cube_channel_load_bound(const KNCube& cube, const NetworkConfig& c) {
  const double gamma = cube.uniform_channel_load();
  // Both directions of a half-duplex link carry the same load and share one channel's rate.
  const double bandwidth = c.half_duplex ? c.channel_rate / 2 : c.channel_rate;
  return std::min({bandwidth / gamma, c.inject_rate, c.eject_rate});
}

}  // namespace archex
