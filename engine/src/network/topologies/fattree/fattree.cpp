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

}  // namespace

FatTree::FatTree(int k, int n, CubeRouting routing) : k_(k), levels_(n), routing_(routing) {
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
  if (routing != CubeRouting::kDimensionOrder && routing != CubeRouting::kRandomTie &&
      routing != CubeRouting::kMinimalAdaptive) {
    throw ParamError("routing", routing_names()[static_cast<std::size_t>(routing)] +
                                    " does not route a fat tree; it takes dimension order (the "
                                    "up port by the destination's digit), random tie-break (the "
                                    "up port drawn) or minimal adaptive (any up port)");
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

RouteStep FatTree::route(int router, int /*in_port*/, int dest, RouteState& state) const {
  const int h = height(router);
  // Below this switch: the terminals whose number over k^(h+1) is its number over k^h.
  if (dest / power(h + 1) == router % per_level_ / power(h)) return {dest / power(h) % k_, 0};
  if (routing_ == CubeRouting::kRandomTie) {
    return {k_ + static_cast<int>(state / power(h) % k_), 0};
  }
  return {digit_port(h, dest), 0};
}

RouteState FatTree::route_start(int src, int dest, std::uint64_t draw) const {
  if (routing_ != CubeRouting::kRandomTie) return 0;
  // One base-k digit per height the packet climbs from.
  return static_cast<RouteState>(
      draw % static_cast<std::uint64_t>(power(ancestor_height(src, dest))));
}

std::vector<RouteState> FatTree::route_starts(int src, int dest) const {
  if (routing_ != CubeRouting::kRandomTie) return {0};
  std::vector<RouteState> out(static_cast<std::size_t>(power(ancestor_height(src, dest))));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<RouteState>(i);
  return out;
}

int FatTree::route_choices(int router, int in_port, int dest, RouteChoice* out) const {
  RouteState state = 0;
  const RouteStep step = route(router, in_port, dest, state);
  if (step.port < k_) {
    out[0] = {step.port, 0, 0, 0, 0};
    return 1;
  }
  // Every up port, d-mod-k's first so ties go its way; up*/down* needs no escape channels.
  for (int i = 0; i < k_; ++i) out[i] = {k_ + (step.port - k_ + i) % k_, 0, 0, 0, 0};
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
