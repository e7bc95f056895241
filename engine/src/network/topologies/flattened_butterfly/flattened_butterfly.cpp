#include "network/topologies/flattened_butterfly/flattened_butterfly.h"

#include <algorithm>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

// A route's state: bit 0 on the way to the intermediate router; bit 1 UGAL's choice made; bits
// 8 on the intermediate router.
constexpr RouteState kVia = 1;
constexpr RouteState kChosen = 2;
constexpr int kViaShift = 8;

const char* const kAxes[] = {"x", "y", "z", "w"};

void check_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi) {
    throw ParamError(name, std::string(what) + " " + std::to_string(value) +
                               " is out of range; valid range [" + std::to_string(lo) + ", " +
                               std::to_string(hi) + "]");
  }
}

RouteState via_state(int via) { return static_cast<RouteState>(via) << kViaShift; }

}  // namespace

FlattenedButterfly::FlattenedButterfly(int k, int n, int c, CubeRouting routing)
    : k_(k), n_(n), c_(c), routing_(routing) {
  check_range("flatfly_arity", "routers per row", k, 2, 32);
  check_range("flatfly_dimensions", "dimensions", n, 1, kMostDimensions);
  check_range("flatfly_terminals", "terminals per router", c, 1, 32);
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
  if (routing != CubeRouting::kDimensionOrder && routing != CubeRouting::kValiant &&
      routing != CubeRouting::kUgal) {
    throw ParamError("routing", routing_names()[static_cast<std::size_t>(routing)] +
                                    " routes a mesh or torus; a flattened butterfly takes "
                                    "dimension order (its minimal route), Valiant or UGAL");
  }
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

RouteStep FlattenedButterfly::route(int router, int /*in_port*/, int dest,
                                    RouteState& state) const {
  const int to = dest / c_;
  if (router == to) return {dest % c_, 0};
  int target = to;
  if ((state & kVia) != 0) {
    const auto via = static_cast<int>(state >> kViaShift);
    if (via == router) {
      state &= ~kVia;
    } else {
      target = via;
    }
  }
  // One class for dimension order; Valiant's phases otherwise.
  const int cls = vc_classes() == 1 || (state & kVia) != 0 ? 0 : 1;
  return {port_toward(router, target), cls};
}

RouteState FlattenedButterfly::route_start(int src, int dest, std::uint64_t draw) const {
  const int from = src / c_;
  const int to = dest / c_;
  if (from == to || routing_ == CubeRouting::kDimensionOrder) return kChosen;
  if (routing_ == CubeRouting::kValiant) {
    const auto via = static_cast<int>(draw % static_cast<std::uint64_t>(routers_));
    return via_state(via) | kVia | kChosen;
  }
  // UGAL's intermediate router: a random coordinate where the ends differ, theirs elsewhere.
  int via = 0;
  for (int d = 0; d < n_; ++d) {
    int x = coordinate(from, d);
    if (x != coordinate(to, d)) {
      x = static_cast<int>(draw % static_cast<std::uint64_t>(k_));
      draw /= static_cast<std::uint64_t>(k_);
    }
    via += x * stride_[static_cast<std::size_t>(d)];
  }
  return via_state(via);
}

std::vector<RouteState> FlattenedButterfly::route_starts(int src, int dest) const {
  const int from = src / c_;
  const int to = dest / c_;
  if (from == to || routing_ == CubeRouting::kDimensionOrder) return {kChosen};
  std::vector<RouteState> out;
  if (routing_ == CubeRouting::kUgal) out.push_back(kChosen);
  for (int via = 0; via < routers_; ++via) {
    bool fits = true;
    for (int d = 0; d < n_ && routing_ == CubeRouting::kUgal; ++d) {
      const int x = coordinate(from, d);
      fits = fits && (x != coordinate(to, d) || coordinate(via, d) == x);
    }
    if (fits) out.push_back(via_state(via) | kVia | kChosen);
  }
  return out;
}

int FlattenedButterfly::route_options(int router, int in_port, int dest, RouteState state,
                                      RouteOption* out) const {
  if (routing_ != CubeRouting::kUgal || (state & kChosen) != 0) return 0;
  const RouteState minimal = state | kChosen;
  const RouteState valiant = state | kChosen | kVia;
  RouteState first[2] = {minimal, valiant};
  const int to = dest / c_;
  const auto via = static_cast<int>(state >> kViaShift);
  // Queues weighted by the hops of each route, as BookSim2's ugal_flatfly weighs them.
  out[0] = {minimal, route(router, in_port, dest, first[0]).port, distance(router, to)};
  out[1] = {valiant, route(router, in_port, dest, first[1]).port,
            distance(router, via) + distance(via, to)};
  return 2;
}

std::string FlattenedButterfly::vc_classes_error() const {
  return "a flattened butterfly's " + routing_names()[static_cast<std::size_t>(routing_)] +
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
