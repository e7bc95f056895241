// The routings of a k-ary n-cube (kncube.h): the oblivious ones as route() with the state a
// packet draws as it is sent, the adaptive ones as route_choices().
#include <algorithm>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

// A route's state: bits 0-4 the dimension whose dateline the packet crossed in this phase (1 +
// the dimension, 0 for none); bit 5 the second phase of a two-phase route (Valiant, ROMM: past
// the intermediate node); bit 6 the descending dimension order (O1TURN); bits 7-22 a torus's
// half-way ties that go - (a bit per dimension); bits 24 on the intermediate node.
constexpr RouteState kDatelineBits = 31;
constexpr RouteState kSecondPhase = 32;
constexpr RouteState kDescending = 64;
constexpr int kTieShift = 7;
constexpr RouteState kTieMask = (RouteState{1} << kMostCubeDimensions) - 1;
constexpr int kViaShift = 24;
static_assert(kMostCubeDimensions + 1 <= kDatelineBits, "a dimension + 1 fits the dateline bits");
static_assert(kTieShift + kMostCubeDimensions <= kViaShift, "the ties end before the via node");

bool two_phase(CubeRouting r) { return r == CubeRouting::kValiant || r == CubeRouting::kRomm; }

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

bool turn_model(CubeRouting r) {
  return r == CubeRouting::kWestFirst || r == CubeRouting::kNegativeFirst ||
         r == CubeRouting::kNorthLast;
}

// The tie states a torus's route may draw: a bit per dimension, three at least, so the draws of
// the cubes of up to three dimensions stay those they always were.
RouteState tie_states(int dimensions) { return RouteState{1} << std::max(3, dimensions); }

const std::string& routing_name(CubeRouting r) {
  return routing_names()[static_cast<std::size_t>(r)];
}

}  // namespace

const std::vector<std::string>& routing_names() {
  static const std::vector<std::string> names = {
      "dimension order", "random tie-break", "Valiant",        "ROMM",      "O1TURN",
      "minimal adaptive", "west-first",      "negative-first", "north-last", "UGAL"};
  return names;
}

void KNCube::check_routing() const {
  if (routing_ == CubeRouting::kUgal) {
    throw ParamError("routing", "UGAL chooses between a dragonfly's minimal and Valiant routes; "
                                "on a mesh or torus take minimal adaptive, or Valiant");
  }
  if (!turn_model(routing_)) return;
  const std::string name = routing_name(routing_);
  if (torus_) {
    throw ParamError("routing", name + " is a turn model for a mesh: a torus's rings are cycles "
                                       "no forbidden turn breaks. On a torus: dimension order, "
                                       "random tie-break, Valiant, ROMM, O1TURN or minimal "
                                       "adaptive");
  }
  if (routing_ != CubeRouting::kNegativeFirst && dimensions() != 2) {
    throw ParamError("routing", name + " names the turns of a 2-D mesh and this mesh has " +
                                    std::to_string(dimensions()) +
                                    " dimensions: negative-first takes any number");
  }
}

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

RouteStep KNCube::route(int router, int /*in_port*/, int dest, RouteState& state) const {
  int target = node_of(dest);
  int group = 0;
  if (two_phase(routing_)) {
    if ((state & kSecondPhase) == 0) {
      const auto via = static_cast<int>(state >> kViaShift);
      if (router == via) {
        // The second phase starts afresh: its own classes, no dateline crossed yet.
        state = (state & ~kDatelineBits) | kSecondPhase;
        group = 1;
      } else {
        target = via;
      }
    } else {
      group = 1;
    }
  } else if (routing_ == CubeRouting::kO1Turn) {
    group = (state & kDescending) != 0 ? 1 : 0;
  }
  const int port = dor_port(router, target, (state & kDescending) != 0,
                            static_cast<int>((state >> kTieShift) & kTieMask));
  // Out by the destination terminal's own port.
  if (port == local_port()) return {port + slot_of(dest), 0};
  if (!dateline()) return {port, group};
  const int d = port / 2;
  const bool wraps = crosses_dateline(router, port);
  const int cls = ((state & kDatelineBits) == d + 1 || wraps) ? 1 : 0;
  if (wraps) state = (state & ~kDatelineBits) | (d + 1);
  return {port, 2 * group + cls};
}

int KNCube::intermediate(RouteState state) { return static_cast<int>(state >> kViaShift); }

RouteState KNCube::through(int node) { return static_cast<RouteState>(node) << kViaShift; }

bool KNCube::draws_routes() const {
  return routing_ == CubeRouting::kRandomTie || routing_ == CubeRouting::kO1Turn ||
         two_phase(routing_);
}

RouteState KNCube::route_start(int src, int dest, std::uint64_t draw) const {
  switch (routing_) {
    case CubeRouting::kRandomTie:
      return (static_cast<RouteState>(draw) & (tie_states(dimensions()) - 1)) << kTieShift;
    case CubeRouting::kO1Turn:
      return (draw & 1) != 0 ? kDescending : 0;
    case CubeRouting::kValiant: {
      // On a torus each phase's half-way ties go either way at random too, so each phase loads
      // the rings evenly (Dally & Towles sec. 9.1).
      Rng rng(draw);
      const auto via = static_cast<RouteState>(rng.below(static_cast<std::uint64_t>(nodes_)));
      const RouteState ties =
          torus_ ? static_cast<RouteState>(rng.next_u64()) & (tie_states(dimensions()) - 1) : 0;
      return via << kViaShift | ties << kTieShift;
    }
    case CubeRouting::kRomm: {
      // Each coordinate of the intermediate node uniform along the minimal way from source to
      // destination in that dimension (ends included): a node of their minimal box.
      Rng rng(draw);
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
      return static_cast<RouteState>(node_at(via)) << kViaShift;
    }
    default:
      return 0;
  }
}

std::vector<RouteState> KNCube::route_starts(int src, int dest) const {
  std::vector<RouteState> out;
  switch (routing_) {
    case CubeRouting::kRandomTie:
      for (RouteState ties = 0; ties < tie_states(dimensions()); ++ties) {
        out.push_back(ties << kTieShift);
      }
      return out;
    case CubeRouting::kO1Turn:
      return {0, kDescending};
    case CubeRouting::kValiant:
      for (RouteState via = 0; via < nodes_; ++via) {
        for (RouteState ties = 0; ties < (torus_ ? tie_states(dimensions()) : 1); ++ties) {
          out.push_back(via << kViaShift | ties << kTieShift);
        }
      }
      return out;
    case CubeRouting::kRomm: {
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
      for (const auto& c : box) out.push_back(static_cast<RouteState>(node_at(c)) << kViaShift);
      return out;
    }
    default:
      return {0};
  }
}

double KNCube::most_route_starts() const {
  switch (routing_) {
    case CubeRouting::kRandomTie:
      return static_cast<double>(tie_states(dimensions()));
    case CubeRouting::kO1Turn:
      return 2;
    case CubeRouting::kValiant:
      return torus_ ? static_cast<double>(tie_states(dimensions())) * nodes_ : nodes_;
    case CubeRouting::kRomm: {
      double box = 1;
      for (const int k : radix_) box *= (torus_ ? k / 2 : k - 1) + 1;
      return box;
    }
    default:
      return 1;
  }
}

bool KNCube::adaptive() const {
  return routing_ == CubeRouting::kMinimalAdaptive || turn_model(routing_);
}

int KNCube::route_choices(int router, int /*in_port*/, int terminal, RouteChoice* out) const {
  const int dest = node_of(terminal);
  if (router == dest) {
    out[0] = {local_port() + slot_of(terminal), 0, 1, 0, 0};
    return 1;
  }
  // The minimal ports: in each dimension not yet done, toward the destination (on a torus the
  // shorter way, both ways on a tie).
  int minimal[2 * kMostCubeDimensions];
  int count = 0;
  for (int d = 0; d < dimensions(); ++d) {
    const int from = coordinate(router, d);
    const int to = coordinate(dest, d);
    if (from == to) continue;
    if (!torus_) {
      minimal[count++] = to > from ? 2 * d : 2 * d + 1;
      continue;
    }
    const int k = radix(d);
    const int ahead = (to - from + k) % k;
    if (ahead <= k - ahead) minimal[count++] = 2 * d;
    if (ahead >= k - ahead) minimal[count++] = 2 * d + 1;
  }
  int n = 0;
  const auto offer = [&](int port, int first, int vcs, int tier, int cls) {
    out[n++] = {port, first, vcs, tier, cls};
  };
  switch (routing_) {
    case CubeRouting::kMinimalAdaptive: {
      const int escape = escape_vcs();
      for (int i = 0; i < count; ++i) offer(minimal[i], escape, 0, 0, escape);
      // The escape channel: dimension order's port, on a torus its dateline class read from
      // where the packet is: the lower class while the wrap-around link is still ahead (the
      // link itself is taken on the upper one), so neither class's channels close a ring.
      const int port = route(router, dest);
      int vc = 0;
      if (dateline()) {
        const int d = port / 2;
        const int c = coordinate(router, d);
        const int to = coordinate(dest, d);
        const bool ahead = port % 2 == 0 ? to < c && c != radix(d) - 1 : to > c && c != 0;
        vc = ahead ? 0 : 1;
      }
      offer(port, vc, 1, 1, vc);
      return n;
    }
    case CubeRouting::kWestFirst: {
      // West (-x) first, all of it; then any of +x, +y, -y.
      const bool west = coordinate(dest, 0) < coordinate(router, 0);
      for (int i = 0; i < count; ++i) {
        if (!west || minimal[i] == 1) offer(minimal[i], 0, 0, 0, 0);
      }
      return n;
    }
    case CubeRouting::kNorthLast: {
      // North (+y) last: any of +x, -x, -y while one is left, then north.
      for (int i = 0; i < count; ++i) {
        if (minimal[i] != 2) offer(minimal[i], 0, 0, 0, 0);
      }
      if (n == 0) offer(2, 0, 0, 0, 0);
      return n;
    }
    case CubeRouting::kNegativeFirst: {
      // Every negative direction left first, then the positive ones.
      for (int i = 0; i < count; ++i) {
        if (minimal[i] % 2 == 1) offer(minimal[i], 0, 0, 0, 0);
      }
      if (n > 0) return n;
      for (int i = 0; i < count; ++i) offer(minimal[i], 0, 0, 0, 0);
      return n;
    }
    default:
      return 0;
  }
}

int KNCube::vc_classes() const {
  if (routing_ == CubeRouting::kMinimalAdaptive) return escape_vcs() + 1;
  if (turn_model(routing_)) return 1;
  const int groups = two_phase(routing_) || routing_ == CubeRouting::kO1Turn ? 2 : 1;
  return groups * (dateline() ? 2 : 1);
}

int KNCube::min_vcs() const { return vc_classes(); }

std::string KNCube::vc_classes_error() const {
  const std::string need = std::to_string(min_vcs());
  const std::string dateline_note =
      dateline() ? ", each split in two by the torus's dateline (dateline: on, off)" : "";
  if (routing_ == CubeRouting::kMinimalAdaptive) {
    return "minimal adaptive routing needs at least " + need + " virtual channels: " +
           std::to_string(escape_vcs()) + " escape (dimension order" +
           (dateline() ? " with the dateline's two classes" : "") +
           ") and 1 or more adaptive; 1 to 16";
  }
  if (two_phase(routing_)) {
    return routing_name(routing_) + " needs at least " + need +
           " virtual channels: one class to the intermediate node and one after it" +
           dateline_note + "; 1 to 16";
  }
  if (routing_ == CubeRouting::kO1Turn) {
    return "O1TURN needs at least " + need +
           " virtual channels: one class per dimension order" + dateline_note + "; 1 to 16";
  }
  return "a torus needs at least 2 virtual channels while its dateline is on (dateline: on, "
         "off): the dateline scheme uses two classes; off allows 1 and can deadlock";
}

}  // namespace archex
