#include "network/topologies/fattree/fattree.h"

#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

void check_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw ParamError(name, std::string(what) + " " + std::to_string(value) +
                               " is out of range; valid range [" + std::to_string(lo) + ", " +
                               std::to_string(hi) + "]");
  }
}

// The fat tree's bits of a route's state (routing.h): of the route, the up ports drawn (a base-k
// digit per height) and that they were.
constexpr RouteState kDrawn = RouteState{1} << (kRoutingShift - 1);
constexpr RouteState kDigits = kDrawn - 1;
static_assert(FatTree::kMostTerminals <= (kDigits >> kRouteShift), "the digits fit");

}  // namespace

FatTree::FatTree(int k, int n) : k_(k), levels_(n) {
  check_range("fattree_arity", "switch arity", k, 2, 16);
  check_range("fattree_levels", "levels", n, 1, 11);
  long long terminals = 1;
  for (int i = 0; i < n; ++i) terminals *= k;
  if (terminals > kMostTerminals) {
    throw ParamError("fattree_levels", "a fat tree of k = " + std::to_string(k) + " and n = " +
                                           std::to_string(n) + " has k^n = " +
                                           std::to_string(terminals) + " terminals; at most " +
                                           std::to_string(kMostTerminals));
  }
  pow_.assign(static_cast<std::size_t>(n) + 1, 1);
  for (int i = 1; i <= n; ++i) pow_[static_cast<std::size_t>(i)] = pow_[i - 1u] * k;
  per_level_ = power(n - 1);
}

PortTarget FatTree::output(int router, int port) const {
  const int l = level(router);
  const int s = router % per_level_;
  if (port < k_) {
    if (l == levels_ - 1) return {-1, -1, s * k_ + port};
    // Down to the switch below whose digit n - 2 - l is this port, into the up port of ours.
    const int w = power(levels_ - 2 - l);
    const int d = s / w % k_;
    return {(l + 1) * per_level_ + s + (port - d) * w, k_ + d, -1};
  }
  const int w = power(levels_ - 1 - l);
  const int d = s / w % k_;
  return {(l - 1) * per_level_ + s + (port - k_ - d) * w, d, -1};
}

int FatTree::ancestor_height(int src, int dest) const {
  int h = 0;
  while (src / power(h + 1) != dest / power(h + 1)) ++h;
  return h;
}

RouteStep FatTree::step(int router, int /*in_port*/, int dest, Toward /*toward*/,
                        RouteState& state) const {
  const int h = height(router);
  // Below this switch: the terminals whose number over k^(h+1) is its number over k^h.
  if (dest / power(h + 1) == router % per_level_ / power(h)) return {dest / power(h) % k_, 0};
  if ((state & kDrawn) != 0) {
    return {k_ + static_cast<int>(((state & kDigits) >> kRouteShift) / power(h) % k_), 0};
  }
  return {digit_port(h, dest), 0};
}

std::uint64_t FatTree::ties(int src, int dest) const {
  // One base-k digit per height the packet climbs from.
  return static_cast<std::uint64_t>(power(ancestor_height(src, dest)));
}

RouteState FatTree::tie_state(std::uint64_t tie) const {
  return kDrawn | static_cast<RouteState>(tie) << kRouteShift;
}

int FatTree::minimal_ports(int router, int dest, int* ports) const {
  RouteState state = 0;
  const int port = step(router, 0, dest, Toward{}, state).port;
  if (port < k_) {
    // Down: to the terminal's own port at its bottom switch, else the one way down.
    ports[0] = port;
    return height(router) == 0 ? 0 : 1;
  }
  // Every up port, d-mod-k's first so ties go its way.
  for (int i = 0; i < k_; ++i) ports[i] = k_ + (port - k_ + i) % k_;
  return k_;
}

RouterPort FatTree::reverse(int router, int port) const {
  const PortTarget t = output(router, port);
  if (t.router < 0) return {};
  return {t.router, t.port};
}

int FatTree::channel_class(int router, int port) const {
  if (port >= k_) return 0;
  return level(router) == levels_ - 1 ? -1 : 1;
}

std::vector<ShapeSize> FatTree::sizes() const {
  return {{"arity", k_}, {"levels", levels_}, {"switches per level", per_level_}};
}

}  // namespace archex
