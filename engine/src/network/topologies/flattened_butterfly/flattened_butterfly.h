#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A flattened butterfly, the k-ary n-flat (Kim, Dally & Abts, ISCA 2007): k^n routers, each with
// c terminals, router r at coordinates (r / k^d) % k in dimensions d = 0 to n-1, and in each
// dimension joined directly to the k - 1 other routers of its row (those differing from it in
// that coordinate alone). Numbered as BookSim2's flatfly: terminal t is on router t / c at port
// t % c; ports 0 to c-1 are a router's terminals, then each dimension's k - 1 channels in turn,
// in the order of the other routers' coordinates (port c + (k-1)*d + x, less one past its own).
//
// Routed (network/routings/) by its minimal route, one hop in each dimension where the ends
// differ, lowest dimension first (BookSim2's ran_min_flatfly), on 1 class of virtual channels;
// by Valiant's through a random router (any, alike: valiant_flatfly), and UGAL's through a random
// router that agrees with the ends where they agree (ugal_flatfly), its queues weighted by each
// route's hops. Those take 2 classes: class 0 on the way to the intermediate router, class 1
// after it (and on UGAL's minimal route), each acyclic in dimension order. A packet reaching its
// destination's router leaves there, on the way to the intermediate router too.
class FlattenedButterfly final : public Topology {
 public:
  // As the dragonfly's bound: every route of uniform traffic can still be walked
  // (traffic/analytic.h kMostUniformWalkTerminals).
  static constexpr int kMostTerminals = 2048;
  // BookSim2's flatfly wires at most 4 dimensions.
  static constexpr int kMostDimensions = 4;

  // Throws ParamError naming "flatfly_arity" (k: 2 to 32), "flatfly_dimensions" (n: 1 to 4, and
  // at most kMostTerminals terminals) or "flatfly_terminals" (c: 1 to 32). Within these a router
  // has at most 64 ports (k = 32, n = 2, c = 2), the router engine's most
  // (wormhole/network_build.cpp).
  // `chip_wires`: each channel takes as many cycles as its routers are apart on BookSim2's chip
  // (flatfly_onchip.cpp with use_noc_latency): routers k to a row in number order, each a
  // sqrt(c) x sqrt(c) tile of terminals, so sqrt(c) * (|columns apart| + |rows apart|) cycles;
  // else 1. Throws ParamError naming "flatfly_terminals" where c is not a square then.
  FlattenedButterfly(int k, int n, int c, bool chip_wires = false);

  int routers() const override { return routers_; }
  int terminals() const override { return c_ * routers_; }
  int ports(int /*router*/) const override { return c_ + n_ * (k_ - 1); }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override { return {terminal / c_, terminal % c_}; }
  // The routings' queries (topology.h): a hop on the minimal route (toward an intermediate
  // router first), class 1 in a routing's second group (and its direct route), else 0; an
  // intermediate any router, or one agreeing with the ends where they agree; a route's hops.
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  Detour detour(int src, int dest, std::uint64_t draw, Spread spread) const override;
  std::vector<Detour> detours(int src, int dest, Spread spread) const override;
  double most_detours(Spread /*spread*/) const override { return routers_; }
  int hops(int router, int via, int dest) const override;
  std::string vcs_error(const RoutingPart& routing, int classes) const override;
  RouterPort reverse(int router, int port) const override;
  // Minimal routing's, in closed form.
  double uniform_channel_load() const override;
  std::string shape() const override { return "flattened butterfly"; }
  std::vector<ShapeSize> sizes() const override;
  std::vector<std::string> axes() const override;
  std::vector<int> position(int router) const override;
  std::string channel_class_name() const override { return "dimension"; }
  std::vector<std::string> channel_classes() const override { return axes(); }
  int channel_class(int /*router*/, int port) const override {
    return port < c_ ? -1 : dimension_of(port);
  }
  int concentration() const override { return c_; }
  int link_cycles(int router, int port) const override;
  // Each row's routers all joined by arcs.
  Drawing drawing() const override {
    Drawing d{DrawingKind::kArcGrid, axes(), std::vector<int>(static_cast<std::size_t>(n_), k_)};
    d.terminals_per_router = c_;
    d.whole_rows = true;
    return d;
  }

  int coordinate(int router, int d) const { return router / stride_[static_cast<std::size_t>(d)] % k_; }
  int dimension_of(int port) const { return (port - c_) / (k_ - 1); }
  // Channels between routers on the minimal route: the dimensions where the two differ.
  int distance(int from, int to) const;

 private:
  // The first hop of the minimal route from `router` toward router `to` (not `router`).
  int port_toward(int router, int to) const;

  int k_;
  int n_;
  int c_;
  // The side of a router's tile on the chip with chip wires, else 0.
  int tile_ = 0;
  int routers_ = 1;
  std::vector<int> stride_;
};

}  // namespace archex
