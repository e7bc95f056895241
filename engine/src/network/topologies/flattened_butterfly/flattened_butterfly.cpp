#include "network/topologies/flattened_butterfly/flattened_butterfly.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

const char* const kAxes[] = {"x", "y", "z", "w"};

void check_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw ParamError(name, std::string(what) + " " + std::to_string(value) +
                               " is out of range; valid range [" + std::to_string(lo) + ", " +
                               std::to_string(hi) + "]");
  }
}

}  // namespace

FlattenedButterfly::FlattenedButterfly(int k, int n, int c, bool chip_wires)
    : k_(k), n_(n), c_(c) {
  check_range("flatfly_arity", "routers per row", k, 2, 32);
  check_range("flatfly_dimensions", "dimensions", n, 1, kMostDimensions);
  check_range("flatfly_terminals", "terminals per router", c, 1, 32);
  if (chip_wires) {
    while ((tile_ + 1) * (tile_ + 1) <= c) ++tile_;
    if (tile_ * tile_ != c) {
      throw ParamError("flatfly_terminals",
                       "wires by chip distance lay a router's terminals out as a square tile "
                       "(BookSim2's xr = yr, c = xr * yr): c = 1, 4, 9, 16 or 25, not " +
                           std::to_string(c) + " (or flatfly_wires: 1 cycle)");
    }
  }
  for (int d = 0; d < n; ++d) {
    stride_.push_back(routers_);
    routers_ *= k;
    if (static_cast<long long>(routers_) * c > kMostTerminals) {
      throw ParamError("flatfly_dimensions",
                       "a flattened butterfly of k = " + std::to_string(k) + ", n = " +
                           std::to_string(n) + " and c = " + std::to_string(c) +
                           " has c*k^n terminals, more than " + std::to_string(kMostTerminals));
    }
  }
}

int FlattenedButterfly::link_cycles(int router, int port) const {
  const PortTarget t = output(router, port);
  if (tile_ == 0 || t.router < 0) return 1;
  // BookSim2's chip: routers k to a row in number order, whatever the dimensions.
  return tile_ * (std::abs(router % k_ - t.router % k_) + std::abs(router / k_ - t.router / k_));
}

int FlattenedButterfly::distance(int from, int to) const {
  int hops = 0;
  for (int d = 0; d < n_; ++d) hops += coordinate(from, d) != coordinate(to, d) ? 1 : 0;
  return hops;
}

int FlattenedButterfly::port_toward(int router, int to) const {
  for (int d = 0; d < n_; ++d) {
    const int at = coordinate(router, d);
    const int x = coordinate(to, d);
    if (at != x) return c_ + (k_ - 1) * d + (x > at ? x - 1 : x);
  }
  return -1;
}

PortTarget FlattenedButterfly::output(int router, int port) const {
  if (port < c_) return {-1, -1, router * c_ + port};
  const int d = dimension_of(port);
  const int at = coordinate(router, d);
  const int j = (port - c_) % (k_ - 1);
  const int x = j >= at ? j + 1 : j;
  const int to = router + (x - at) * stride_[static_cast<std::size_t>(d)];
  return {to, c_ + (k_ - 1) * d + (at > x ? at - 1 : at), -1};
}

RouterPort FlattenedButterfly::reverse(int router, int port) const {
  if (port < c_) return {};
  const PortTarget t = output(router, port);
  return {t.router, t.port};
}

double FlattenedButterfly::uniform_channel_load() const {
  // Dimension order crosses dimension d's channel from (.., x, ..) to (.., y, ..) from the c*k^d
  // terminals that agree with its source in dimensions d and up, to the c*k^(n-1-d) that agree
  // with its end in dimensions d and down: c^2 k^(n-1) pairs, each a share 1/(N - 1).
  const double pairs = static_cast<double>(c_) * c_ * routers_ / k_;
  return std::max(1.0, pairs / (terminals() - 1.0));
}

RouteStep FlattenedButterfly::step(int router, int /*in_port*/, int dest, Toward toward,
                                   RouteState& /*state*/) const {
  const int to = dest / c_;
  if (router == to) return {dest % c_, 0};
  const int cls = toward.group == ClassGroup::kSecond || toward.group == ClassGroup::kDirect;
  return {port_toward(router, toward.via >= 0 ? toward.via : to), cls};
}

Detour FlattenedButterfly::detour(int src, int dest, std::uint64_t draw, Spread spread) const {
  const int from = src / c_;
  const int to = dest / c_;
  if (from == to) return {};
  if (spread != Spread::kDifferingDimensions) {
    return {static_cast<int>(draw % static_cast<std::uint64_t>(routers_)), 0};
  }
  // A random coordinate where the ends differ, theirs elsewhere.
  int via = 0;
  for (int d = 0; d < n_; ++d) {
    int x = coordinate(from, d);
    if (x != coordinate(to, d)) {
      x = static_cast<int>(draw % static_cast<std::uint64_t>(k_));
      draw /= static_cast<std::uint64_t>(k_);
    }
    via += x * stride_[static_cast<std::size_t>(d)];
  }
  return {via, 0};
}

std::vector<Detour> FlattenedButterfly::detours(int src, int dest, Spread spread) const {
  const int from = src / c_;
  const int to = dest / c_;
  std::vector<Detour> out;
  if (from == to) return out;
  for (int via = 0; via < routers_; ++via) {
    bool fits = true;
    for (int d = 0; d < n_ && spread == Spread::kDifferingDimensions; ++d) {
      const int x = coordinate(from, d);
      fits = fits && (x != coordinate(to, d) || coordinate(via, d) == x);
    }
    // Made in place: a pushed temporary's two stores then one wide load stall the loop.
    if (fits) out.emplace_back().via = via;
  }
  return out;
}

int FlattenedButterfly::hops(int router, int via, int dest) const {
  const int to = dest / c_;
  return via < 0 ? distance(router, to) : distance(router, via) + distance(via, to);
}

std::string FlattenedButterfly::vcs_error(const RoutingPart& routing, int /*classes*/) const {
  return "a flattened butterfly's " + routing.name +
         " routing needs 2 virtual channels: one on the way to the intermediate router, one "
         "after it";
}

std::vector<ShapeSize> FlattenedButterfly::sizes() const {
  return {{"routers per row", k_},
          {"dimensions", n_},
          {"terminals per router", c_},
          {"routers", routers_}};
}

std::vector<std::string> FlattenedButterfly::axes() const {
  return {std::begin(kAxes), std::begin(kAxes) + n_};
}

std::vector<int> FlattenedButterfly::position(int router) const {
  std::vector<int> out;
  for (int d = 0; d < n_; ++d) out.push_back(coordinate(router, d));
  return out;
}

}  // namespace archex
