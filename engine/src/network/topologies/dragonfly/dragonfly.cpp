#include "network/topologies/dragonfly/dragonfly.h"

#include <algorithm>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

// The dragonfly's bits of a route's state (routing.h): of the route, the global channels crossed.
constexpr RouteState kGlobalsCrossed = RouteState{3} << kRouteShift;

int crossed_of(RouteState state) { return static_cast<int>((state & kGlobalsCrossed) >> kRouteShift); }

void check_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw ParamError(name, std::string(what) + " " + std::to_string(value) +
                               " is out of range; valid range [" + std::to_string(lo) + ", " +
                               std::to_string(hi) + "]");
  }
}

}  // namespace

Dragonfly::Dragonfly(int p, int a, int h, int local_cycles, int global_cycles,
                     ValiantGroups valiant_groups, DragonflyClasses classes)
    : p_(p),
      a_(a),
      h_(h),
      groups_(a * h + 1),
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

RouteStep Dragonfly::step(int router, int /*in_port*/, int dest, Toward toward,
                          RouteState& state) const {
  const int to = dest / p_;
  if (router == to) return {dest % p_, 0};
  int target = group(to);
  int toward_router = to;
  if (toward.via >= 0) {
    // The intermediate is a group, or with kRouter a router, the route going on to it.
    if (valiant_groups_ == ValiantGroups::kRouter) {
      target = group(toward.via);
      toward_router = toward.via;
    } else {
      target = toward.via;
    }
  }
  const int port = port_toward(router, toward_router, target);
  const int crossed = crossed_of(state);
  if (global_port(port)) {
    state = (state & ~kGlobalsCrossed) | (static_cast<RouteState>(crossed + 1) << kRouteShift);
  }
  if (classes_ == DragonflyClasses::kPhases) {
    return {port, phase_class(router, to, toward.group, crossed_of(state))};
  }
  return {port, crossed};
}

int Dragonfly::phase_class(int router, int to, ClassGroup leg, int crossed) const {
  switch (leg) {
    case ClassGroup::kFirst:
      return 0;
    case ClassGroup::kDirect:
      // A two-leg routing's minimal route: BookSim2's phase 1 until its global channel, 2 from
      // it on and within the destination's group.
      return crossed > 0 || group(router) == group(to) ? 2 : 1;
    default:
      return crossed;
  }
}

Detour Dragonfly::detour(int src, int dest, std::uint64_t draw, Spread /*spread*/) const {
  const int from = group(src / p_);
  const int to = group(dest / p_);
  if (from == to) return {};
  int via = 0;
  if (valiant_groups_ == ValiantGroups::kRouter) {
    // Any router alike, as BookSim2 draws a terminal (each router has p); a router of one of the
    // ends gives the minimal route, as BookSim2's UGAL takes it there (its two ports agree).
    via = static_cast<int>(draw % static_cast<std::uint64_t>(routers()));
    if (group(via) == from || group(via) == to) return {};
  } else if (valiant_groups_ == ValiantGroups::kAny) {
    // Any group alike; one of the ends is the minimal route, taken without a comparison.
    via = static_cast<int>(draw % static_cast<std::uint64_t>(groups_));
    if (via == from || via == to) return {};
  } else {
    // Any group but the two ends, alike.
    via = static_cast<int>(draw % static_cast<std::uint64_t>(groups_ - 2));
    if (via >= std::min(from, to)) ++via;
    if (via >= std::max(from, to)) ++via;
  }
  return {via, 0};
}

std::vector<Detour> Dragonfly::detours(int src, int dest, Spread /*spread*/) const {
  const int from = group(src / p_);
  const int to = group(dest / p_);
  std::vector<Detour> out;
  if (from == to) return out;
  out.reserve(static_cast<std::size_t>(valiant_groups_ == ValiantGroups::kRouter ? routers()
                                                                                 : groups_));
  if (valiant_groups_ == ValiantGroups::kRouter) {
    // Each made in place: a pushed temporary's two stores then one wide load stall the loop.
    for (int via = 0; via < routers(); ++via) {
      Detour& d = out.emplace_back();
      if (group(via) != from && group(via) != to) d.via = via;
    }
    return out;
  }
  for (int via = 0; via < groups_; ++via) {
    if (via != from && via != to) {
      out.emplace_back().via = via;
    } else if (valiant_groups_ == ValiantGroups::kAny) {
      out.emplace_back();
    }
  }
  return out;
}

double Dragonfly::most_detours(Spread /*spread*/) const {
  return valiant_groups_ == ValiantGroups::kRouter ? routers() : groups_;
}

int Dragonfly::hops(int router, int via, int dest) const {
  const int to = group(dest / p_);
  if (via < 0) return group(router) != to ? 1 : 0;
  const int through = valiant_groups_ == ValiantGroups::kRouter ? group(via) : via;
  return (group(router) != through ? 1 : 0) + (through != to ? 1 : 0);
}

std::string Dragonfly::vcs_error(const RoutingPart& routing, int /*classes*/) const {
  return routing.vcs.groups == 1
             ? "a dragonfly's minimal route needs 2 virtual channels: one before its global "
               "channel, one after"
             : "a dragonfly's " + routing.name +
                   " routing needs 3 virtual channels: one per global channel crossed (0, 1, 2)";
}

std::vector<ShapeSize> Dragonfly::sizes() const {
  return {{"terminals per router", p_},
          {"routers per group", a_},
          {"global channels per router", h_},
          {"groups", groups_}};
}

}  // namespace archex
