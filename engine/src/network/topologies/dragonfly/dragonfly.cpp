#include "network/topologies/dragonfly/dragonfly.h"

#include <algorithm>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

// A route's state: bits 0-1 the global channels crossed; bit 2 on the way to the intermediate
// group; bit 3 UGAL's choice made; bit 4 the intermediate group reached; bits 8 on the
// intermediate group.
constexpr RouteState kGlobalsCrossed = 3;
constexpr RouteState kVia = 4;
constexpr RouteState kChosen = 8;
constexpr RouteState kDetoured = 16;
constexpr int kViaShift = 8;

void check_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw ParamError(name, std::string(what) + " " + std::to_string(value) +
                               " is out of range; valid range [" + std::to_string(lo) + ", " +
                               std::to_string(hi) + "]");
  }
}

}  // namespace

Dragonfly::Dragonfly(int p, int a, int h, CubeRouting routing, int local_cycles,
                     int global_cycles, ValiantGroups valiant_groups,
                     DragonflyClasses classes)
    : p_(p),
      a_(a),
      h_(h),
      groups_(a * h + 1),
      routing_(routing),
      local_cycles_(local_cycles),
      global_cycles_(global_cycles),
      valiant_groups_(valiant_groups),
      classes_(classes) {
  check_range("dragonfly_terminals", "terminals per router", p, 1, 16);
  check_range("dragonfly_routers", "routers per group", a, 2, 32);
  check_range("dragonfly_globals", "global channels per router", h, 1, 16);
  if (terminals() > kMostTerminals) {
    throw ParamError("dragonfly_routers",
                     "a dragonfly of p = " + std::to_string(p) + ", a = " + std::to_string(a) +
                         " and h = " + std::to_string(h) + " has p*a*(a*h + 1) = " +
                         std::to_string(terminals()) + " terminals; at most " +
                         std::to_string(kMostTerminals));
  }
  check_range("local_link_cycles", "local channel latency", local_cycles, 1, 1000);
  check_range("global_link_cycles", "global channel latency", global_cycles, 1, 1000);
  if (routing != CubeRouting::kDimensionOrder && routing != CubeRouting::kValiant &&
      routing != CubeRouting::kUgal) {
    throw ParamError("routing", routing_names()[static_cast<std::size_t>(routing)] +
                                    " routes a mesh or torus; a dragonfly takes dimension order "
                                    "(its minimal route), Valiant or UGAL");
  }
}

int Dragonfly::local_port(int router, int to) const {
  const int d = router % a_;
  const int t = to % a_;
  return p_ + (t > d ? t - 1 : t);
}

RouterPort Dragonfly::gateway(int group, int to) const {
  const int j = to < group ? to : to - 1;
  return {group * a_ + j / h_, p_ + a_ - 1 + j % h_};
}

PortTarget Dragonfly::output(int router, int port) const {
  if (port < p_) return {-1, -1, router * p_ + port};
  const int g = group(router);
  if (!global_port(port)) {
    const int j = port - p_;
    const int to = g * a_ + (j >= router % a_ ? j + 1 : j);
    return {to, local_port(to, router), -1};
  }
  const int j = (router % a_) * h_ + (port - p_ - a_ + 1);
  const RouterPort far = gateway(j < g ? j : j + 1, g);
  return {far.router, far.port, -1};
}

double Dragonfly::uniform_channel_load() const {
  // Minimal routes under uniform traffic, per unit each terminal offers: a global channel carries
  // one group's terminals to another's; a local channel its routers' own pair, plus what its
  // source router's terminals send out by the far router's h global channels and what arrives
  // by the near router's h for the far router's terminals.
  const double others = terminals() - 1.0;
  const double group = static_cast<double>(p_) * a_;
  const double global = group * group / others;
  const double local = static_cast<double>(p_) * p_ * (1.0 + 2.0 * a_ * h_) / others;
  return std::max({1.0, global, local});
}

RouterPort Dragonfly::reverse(int router, int port) const {
  if (port < p_) return {};
  const PortTarget t = output(router, port);
  return {t.router, t.port};
}

int Dragonfly::port_toward(int router, int to, int target) const {
  const int g = group(router);
  if (g == target) return local_port(router, to);
  const RouterPort gw = gateway(g, target);
  return gw.router == router ? gw.port : local_port(router, gw.router);
}

RouteStep Dragonfly::route(int router, int /*in_port*/, int dest, RouteState& state) const {
  const int to = dest / p_;
  if (router == to) return {dest % p_, 0};
  int target = group(to);
  int toward = to;
  if ((state & kVia) != 0) {
    const auto via = static_cast<int>(state >> kViaShift);
    // The intermediate is a group, or with kRouter a router, reached on entering it or at it.
    const bool by_router = valiant_groups_ == ValiantGroups::kRouter;
    const int via_group = by_router ? group(via) : via;
    if (group(router) == via_group && (!by_router || router == via)) {
      state = (state & ~kVia) | kDetoured;
    } else {
      target = via_group;
      if (by_router) toward = via;
    }
  }
  const int port = port_toward(router, toward, target);
  const auto crossed = static_cast<int>(state & kGlobalsCrossed);
  if (global_port(port)) state = (state & ~kGlobalsCrossed) | (crossed + 1);
  if (classes_ == DragonflyClasses::kPhases) return {port, phase_class(router, to, state)};
  return {port, crossed};
}

int Dragonfly::phase_class(int router, int to, RouteState state) const {
  const auto crossed = static_cast<int>(state & kGlobalsCrossed);
  if (routing_ == CubeRouting::kDimensionOrder) return crossed;
  if ((state & kVia) != 0) return 0;
  if ((state & kDetoured) != 0) return crossed;
  // A minimal route: BookSim2's phase 1 until its global channel, 2 from it on and within the
  // destination's group.
  return crossed > 0 || group(router) == group(to) ? 2 : 1;
}

RouteState Dragonfly::route_start(int src, int dest, std::uint64_t draw) const {
  const int from = group(src / p_);
  const int to = group(dest / p_);
  if (from == to) return kChosen;
  int via = 0;
  if (valiant_groups_ == ValiantGroups::kRouter) {
    // Any router alike, as BookSim2 draws a terminal (each router has p); a router of one of the
    // ends gives the minimal route, as BookSim2's UGAL takes it there (its two ports agree).
    via = static_cast<int>(draw % static_cast<std::uint64_t>(routers()));
    if (group(via) == from || group(via) == to) return kChosen;
  } else if (valiant_groups_ == ValiantGroups::kAny) {
    // Any group alike; one of the ends is the minimal route, taken without a comparison.
    via = static_cast<int>(draw % static_cast<std::uint64_t>(groups_));
    if (via == from || via == to) return kChosen;
  } else {
    // Any group but the two ends, alike.
    via = static_cast<int>(draw % static_cast<std::uint64_t>(groups_ - 2));
    if (via >= std::min(from, to)) ++via;
    if (via >= std::max(from, to)) ++via;
  }
  const RouteState state = static_cast<RouteState>(via) << kViaShift;
  return routing_ == CubeRouting::kValiant ? state | kVia | kChosen : state;
}

std::vector<RouteState> Dragonfly::route_starts(int src, int dest) const {
  const int from = group(src / p_);
  const int to = group(dest / p_);
  if (from == to || routing_ == CubeRouting::kDimensionOrder) return {kChosen};
  std::vector<RouteState> out;
  if (routing_ == CubeRouting::kUgal) out.push_back(kChosen);
  if (valiant_groups_ == ValiantGroups::kRouter) {
    for (int via = 0; via < routers(); ++via) {
      if (group(via) != from && group(via) != to) {
        out.push_back((static_cast<RouteState>(via) << kViaShift) | kVia | kChosen);
      } else {
        out.push_back(kChosen);
      }
    }
    return out;
  }
  for (int via = 0; via < groups_; ++via) {
    if (via != from && via != to) {
      out.push_back((static_cast<RouteState>(via) << kViaShift) | kVia | kChosen);
    } else if (valiant_groups_ == ValiantGroups::kAny) {
      out.push_back(kChosen);
    }
  }
  return out;
}

int Dragonfly::route_options(int router, int in_port, int dest, RouteState state,
                             RouteOption* out) const {
  if (routing_ != CubeRouting::kUgal || (state & kChosen) != 0) return 0;
  RouteState minimal = state | kChosen;
  RouteState valiant = state | kChosen | kVia;
  const RouteState first[2] = {minimal, valiant};
  const int ports[2] = {route(router, in_port, dest, minimal).port,
                        route(router, in_port, dest, valiant).port};
  // Queues weighted by the global channels of each route, as BookSim2's UGAL-L weighs them.
  out[0] = {first[0], ports[0], 1};
  out[1] = {first[1], ports[1], 2};
  return 2;
}

std::string Dragonfly::vc_classes_error() const {
  return routing_ == CubeRouting::kDimensionOrder
             ? "a dragonfly's minimal route needs 2 virtual channels: one before its global "
               "channel, one after"
             : "a dragonfly's " + routing_names()[static_cast<std::size_t>(routing_)] +
                   " routing needs 3 virtual channels: one per global channel crossed (0, 1, 2)";
}

std::vector<ShapeSize> Dragonfly::sizes() const {
  return {{"terminals per router", p_},
          {"routers per group", a_},
          {"global channels per router", h_},
          {"groups", groups_}};
}

}  // namespace archex
