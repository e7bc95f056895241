// A k-ary n-cube's answers to the routings' queries (kncube.h, network/routings/).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

// The cube's bits of a route's state (routing.h): of the leg, the dimension whose dateline the
// packet crossed (1 + the dimension, 0 for none); of the route, a torus's half-way ties that go -
// (a bit per dimension).
constexpr RouteState kDatelineBits = 31;
// BookSim2's classes (dateline by route): the way along the dimension the bits name crosses.
constexpr RouteState kCrossesBit = 32;
constexpr RouteState kTieMask = (RouteState{1} << kMostCubeDimensions) - 1;
static_assert(kDatelineBits <= kLegBits, "the dateline bits are the leg's");
static_assert(kMostCubeDimensions + 1 <= kDatelineBits, "a dimension + 1 fits the dateline bits");
static_assert(kRouteShift + kMostCubeDimensions <= kRoutingShift, "the ties are the route's");

// The minimal way from coordinate `from` to `to` along a line or ring of `k`: its step (+1 or -1;
// + on a ring's half-way tie) and its length in hops.
struct Way {
  int step;
  int length;
};

Way minimal_way(int from, int to, int k, bool ring) {
  if (!ring) return {to >= from ? 1 : -1, to >= from ? to - from : from - to};
  const int ahead = (to - from + k) % k;
  return ahead <= k - ahead ? Way{1, ahead} : Way{-1, k - ahead};
}

// The tie states a torus's route may draw: a bit per dimension, three at least, so the draws of
// the cubes of up to three dimensions stay those they always were.
RouteState tie_states(int dimensions) { return RouteState{1} << std::max(3, dimensions); }

}  // namespace

int KNCube::dor_port(int node, int dest, bool descending, int minus_ties) const {
  const int n = dimensions();
  for (int i = 0; i < n; ++i) {
    const int d = descending ? n - 1 - i : i;
    const int from = coordinate(node, d);
    const int to = coordinate(dest, d);
    if (from == to) continue;
    if (!torus_) return to > from ? 2 * d : 2 * d + 1;
    const int k = radix(d);
    const int ahead = (to - from + k) % k;
    if (ahead == k - ahead) return (minus_ties >> d) & 1 ? 2 * d + 1 : 2 * d;
    return ahead < k - ahead ? 2 * d : 2 * d + 1;
  }
  return local_port();
}

RouteStep KNCube::step(int router, int in_port, int dest, Toward toward,
                       RouteState& state) const {
  const int target = toward.via >= 0 ? toward.via : node_of(dest);
  const int port = dor_port(router, target, toward.descending,
                            static_cast<int>((state >> kRouteShift) & kTieMask));
  // Out by the destination terminal's own port.
  if (port == local_port()) return {port + slot_of(dest), 0};
  const int group =
      toward.group == ClassGroup::kSecond || toward.group == ClassGroup::kDirect ? 1 : 0;
  if (!dateline()) return {port, group};
  const int d = port / 2;
  if (by_route_) {
    // BookSim2's: decided where the packet's way along the dimension starts (as it turns into
    // it, leaves its source or starts a leg), by whether that way crosses the wrap-around link,
    // and kept for the dimension: the dateline bits say which dimension it was decided for.
    if (in_port / 2 != d || (state & kDatelineBits) != d + 1) {
      const int from = coordinate(router, d);
      const int to = coordinate(target, d);
      const bool crosses = port % 2 == 0 ? to < from : to > from;
      state = (state & ~(kDatelineBits | kCrossesBit)) | (d + 1) | (crosses ? kCrossesBit : 0);
    }
    return {port, 2 * group + ((state & kCrossesBit) != 0 ? 1 : 0)};
  }
  const bool wraps = crosses_dateline(router, port);
  const int cls = ((state & kDatelineBits) == d + 1 || wraps) ? 1 : 0;
  if (wraps) state = (state & ~kDatelineBits) | (d + 1);
  return {port, 2 * group + cls};
}

int KNCube::minimal_ports(int router, int terminal, int* ports) const {
  const int dest = node_of(terminal);
  if (router == dest) {
    ports[0] = local_port() + slot_of(terminal);
    return 0;
  }
  // In each dimension not yet done, toward the destination (on a torus the shorter way, both
  // ways on a tie).
  int count = 0;
  for (int d = 0; d < dimensions(); ++d) {
    const int from = coordinate(router, d);
    const int to = coordinate(dest, d);
    if (from == to) continue;
    if (!torus_) {
      ports[count++] = to > from ? 2 * d : 2 * d + 1;
      continue;
    }
    const int k = radix(d);
    const int ahead = (to - from + k) % k;
    if (ahead <= k - ahead) ports[count++] = 2 * d;
    if (ahead >= k - ahead) ports[count++] = 2 * d + 1;
  }
  return count;
}

RouteChoice KNCube::escape(int router, int terminal) const {
  // Dimension order's port, on a torus its dateline class read from where the packet is: the
  // lower class while the wrap-around link is still ahead (the link itself is taken on the upper
  // one), so neither class's channels close a ring.
  const int dest = node_of(terminal);
  const int port = route(router, dest);
  int vc = 0;
  if (dateline()) {
    const int d = port / 2;
    const int c = coordinate(router, d);
    const int to = coordinate(dest, d);
    const bool ahead = port % 2 == 0 ? to < c && c != radix(d) - 1 : to > c && c != 0;
    vc = ahead ? 0 : 1;
  }
  return {port, vc, 1, 1, vc};
}

std::uint64_t KNCube::ties(int /*src*/, int /*dest*/) const {
  return static_cast<std::uint64_t>(tie_states(dimensions()));
}

RouteState KNCube::tie_state(std::uint64_t tie) const {
  return static_cast<RouteState>(tie) << kRouteShift;
}

double KNCube::most_ties() const { return static_cast<double>(tie_states(dimensions())); }

Detour KNCube::detour(int src, int dest, std::uint64_t draw, Spread spread) const {
  Rng rng(draw);
  if (spread == Spread::kAnywhere) {
    // On a torus each leg's half-way ties go either way at random too, so each leg loads the
    // rings evenly (Dally & Towles sec. 9.1).
    const auto via = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes_)));
    const RouteState ties =
        torus_ ? static_cast<RouteState>(rng.next_u64()) & (tie_states(dimensions()) - 1) : 0;
    return {via, ties << kRouteShift};
  }
  if (spread != Spread::kMinimalBox) return Topology::detour(src, dest, draw, spread);
  // Each coordinate of the intermediate node uniform along the minimal way from source to
  // destination in that dimension (ends included): a node of their minimal box.
  src = node_of(src);
  dest = node_of(dest);
  Coordinates via = coordinates(src);
  for (int d = 0; d < dimensions(); ++d) {
    const int k = radix(d);
    const int from = coordinate(src, d);
    const Way way = minimal_way(from, coordinate(dest, d), k, torus_);
    const auto r = static_cast<int>(rng.below(static_cast<std::uint64_t>(way.length) + 1));
    via[static_cast<std::size_t>(d)] = ((from + way.step * r) % k + k) % k;
  }
  return {node_at(via), 0};
}

std::vector<Detour> KNCube::detours(int src, int dest, Spread spread) const {
  std::vector<Detour> out;
  if (spread == Spread::kAnywhere) {
    const RouteState ties = torus_ ? tie_states(dimensions()) : 1;
    // Filled field by field: a pushed temporary's two stores then one wide load stall the loop.
    out.resize(static_cast<std::size_t>(nodes_ * ties));
    std::size_t i = 0;
    for (int via = 0; via < nodes_; ++via) {
      for (RouteState tie = 0; tie < ties; ++tie, ++i) {
        out[i].via = via;
        out[i].state = tie << kRouteShift;
      }
    }
    return out;
  }
  if (spread != Spread::kMinimalBox) return Topology::detours(src, dest, spread);
  // Every node of the minimal box, one dimension at a time.
  src = node_of(src);
  dest = node_of(dest);
  std::vector<Coordinates> box = {coordinates(src)};
  for (int d = 0; d < dimensions(); ++d) {
    const int k = radix(d);
    const int from = coordinate(src, d);
    const Way way = minimal_way(from, coordinate(dest, d), k, torus_);
    std::vector<Coordinates> wider;
    for (const auto& c : box) {
      for (int r = 0; r <= way.length; ++r) {
        Coordinates v = c;
        v[static_cast<std::size_t>(d)] = ((from + way.step * r) % k + k) % k;
        wider.push_back(v);
      }
    }
    box.swap(wider);
  }
  for (const auto& c : box) out.push_back({node_at(c), 0});
  return out;
}

double KNCube::most_detours(Spread spread) const {
  if (spread == Spread::kAnywhere) {
    return torus_ ? static_cast<double>(tie_states(dimensions())) * nodes_ : nodes_;
  }
  if (spread != Spread::kMinimalBox) return Topology::most_detours(spread);
  double box = 1;
  for (const int k : radix_) box *= (torus_ ? k / 2 : k - 1) + 1;
  return box;
}

std::string KNCube::vcs_error(const RoutingPart& routing, int classes) const {
  const std::string need = std::to_string(classes);
  if (routing.vcs.escape) {
    return routing.name + " routing needs at least " + need + " virtual channels: " +
           std::to_string(escape_classes()) + " escape (dimension order" +
           (dateline() ? " with the dateline's two classes" : "") +
           ") and 1 or more adaptive; 1 to 16";
  }
  if (routing.vcs.groups > 1) {
    const std::string dateline_note =
        dateline() ? ", each split in two by the torus's dateline (dateline: on, off)" : "";
    return routing.name + " needs at least " + need + " virtual channels: " +
           routing.classes_about + dateline_note + "; 1 to 16";
  }
  return "a torus needs at least 2 virtual channels while its dateline is on (dateline: on, "
         "off): the dateline scheme uses two classes; off allows 1 and can deadlock";
}

}  // namespace archex
