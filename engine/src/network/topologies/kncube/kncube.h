#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A k-ary n-cube: 1 to kMostCubeDimensions dimensions of radix 2 or more each (a binary hypercube
// is the mesh of radix 2 in each), as a mesh or a torus, one router per node and c terminals a
// router (its concentration, 1 unless asked). Nodes are numbered x + kx * (y + ky * z) and so on
// past z; terminal t is on node t / c. Ports 2d and 2d + 1 of a node lead in the + and -
// direction of dimension d; ports 2n to 2n + c - 1 are its terminals' own (injection and
// ejection), terminal t's the (t % c)-th. On a torus with a dateline the virtual channels of each phase of
// a route form two classes and a packet moves to the upper class when it crosses a dimension's
// wrap-around link, which breaks every cycle of channel dependences. Without one (a lesson in
// deadlock) they are one class, and the channels around each ring wait on each other. Its answers
// to the routings' queries (network/routings/) are in kncube_queries.cpp.
class KNCube final : public Topology {
 public:
  // Routers and channels are numbered in 32-bit ints: nodes x ports must stay under 2^31.
  static constexpr std::int64_t kMaxChannels = std::numeric_limits<std::int32_t>::max();
  // A node's coordinates, the first dimensions() of them used.
  using Coordinates = std::array<int, kMostCubeDimensions>;

  // Terminals a router: BookSim2's cmesh has 4 and a chip's tile a few; 16 keeps a router's
  // ports (2n + c, at most 48) within the router engine's 64.
  static constexpr int kMostConcentration = 16;

  // Throws ParamError (naming "dims") for a dimension count or radix out of range, and (naming
  // "concentration") for terminals a router out of 1 to kMostConcentration. `dateline` matters
  // on a torus only; `by_route`: its classes as BookSim2's dim_order_torus assigns them (a
  // packet whose way along a dimension crosses the wrap-around link takes the upper class for
  // all of that dimension, any other the lower), not by the crossing.
  KNCube(std::vector<int> radix, bool torus, bool dateline = true, int concentration = 1,
         bool by_route = false);

  // Bytes of the cube's tables (its coordinates of every node), and what they would be for
  // `radix` without building it.
  std::size_t state_bytes() const;
  static double state_bytes_of(const std::vector<int>& radix);

  int routers() const override { return nodes_; }
  int terminals() const override { return nodes_ * concentration_; }
  int ports(int /*router*/) const override { return ports(); }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override {
    return {node_of(terminal), local_port() + slot_of(terminal)};
  }
  // The routings' queries (topology.h). A hop goes in dimension order (its reverse when
  // descending), a torus's half-way ties + unless the route's drawn ties say -, on its group's
  // classes (two each with a dateline); the minimal ports go ascending, + before - on a tie; the
  // escape channels are dimension order's; the ties are a bit per dimension (three at least);
  // an intermediate is any node (a torus's ties drawn with it) or one of the minimal box.
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  int minimal_ports(int router, int dest, int* ports) const override;
  int escape_classes() const override { return dateline() ? 2 : 1; }
  RouteChoice escape(int router, int dest) const override;
  std::uint64_t ties(int src, int dest) const override;
  RouteState tie_state(std::uint64_t tie) const override;
  double most_ties() const override;
  Detour detour(int src, int dest, std::uint64_t draw, Spread spread) const override;
  std::vector<Detour> detours(int src, int dest, Spread spread) const override;
  double most_detours(Spread spread) const override;
  int classes(int groups) const override { return groups * (dateline() ? 2 : 1); }
  std::string vcs_error(const RoutingPart& routing, int classes) const override;
  RouterPort reverse(int router, int port) const override;
  // The middle of the largest dimension (and, on a torus, its wrap-around link).
  bool crosses_bisection(int node, int port) const override;
  std::string shape() const override { return torus_ ? "torus" : "mesh"; }
  // Radices and coordinates along x, y, z, then d4, d5 and on; a channel's class is its port's
  // direction.
  std::vector<ShapeSize> sizes() const override;
  std::vector<std::string> axes() const override;
  std::vector<int> position(int router) const override;
  std::string channel_class_name() const override { return "direction"; }
  std::vector<std::string> channel_classes() const override;
  int channel_class(int /*router*/, int port) const override {
    return port < local_port() ? port : -1;
  }
  bool wraps(int router, int port) const override { return crosses_dateline(router, port); }
  // Up to three dimensions on their lattice (one of a torus around a ring), more folded onto a
  // grid of arcs.
  Drawing drawing() const override {
    Drawing d;
    d.kind = dimensions() > 3 ? DrawingKind::kArcGrid : DrawingKind::kGrid;
    if (dimensions() == 1 && torus_) d.kind = DrawingKind::kRing;
    d.axes = axes();
    d.extent = radix_;
    d.terminals_per_router = concentration_;
    d.wraps = torus_;
    return d;
  }
  // Dimension-order routing's: the most loaded channel of any dimension's line or ring, from
  // sources to destinations uniform over it, times the c terminals a node, over all terminals
  // but the source.
  double uniform_channel_load() const override;
  int concentration() const override { return concentration_; }
  const KNCube* cube() const override { return this; }

  int dimensions() const { return static_cast<int>(radix_.size()); }
  int radix(int d) const { return radix_[static_cast<std::size_t>(d)]; }
  const std::vector<int>& radices() const { return radix_; }
  bool may_deadlock() const override { return torus_ && !dateline(); }
  bool torus() const { return torus_; }
  bool dateline() const { return torus_ && dateline_; }
  bool dateline_by_route() const { return dateline() && by_route_; }
  int nodes() const { return nodes_; }
  int ports() const { return 2 * dimensions() + concentration_; }
  // The first terminal's port.
  int local_port() const { return 2 * dimensions(); }
  // The node terminal `terminal` is on (itself unless concentrated: the common case kept free of
  // a division, as routing asks it every hop).
  int node_of(int terminal) const {
    return concentration_ == 1 ? terminal : terminal / concentration_;
  }
  // Its place among its node's terminals, its port's past local_port().
  int slot_of(int terminal) const {
    return concentration_ == 1 ? 0 : terminal % concentration_;
  }

  int coordinate(int node, int d) const {
    return coords_[static_cast<std::size_t>(node) * radix_.size() + static_cast<std::size_t>(d)];
  }
  Coordinates coordinates(int node) const;
  int node_at(const Coordinates& c) const;
  // The node reached through a network port, or -1 past the edge of a mesh.
  int neighbor(int node, int port) const;
  // The next port of the dimension-order (e-cube) route from `node` to `dest`; the local port
  // when `node` is `dest`. A torus goes the shorter way round, + on a tie.
  using Topology::route;
  int route(int node, int dest) const { return dor_port(node, dest, false, 0); }
  // The same in descending dimension order when `descending`, and going - on a torus's tie in
  // each dimension whose bit is set in `minus_ties`.
  int dor_port(int node, int dest, bool descending, int minus_ties) const;
  // Hops of that route.
  int distance(int a, int b) const;
  // Leaving `node` through `port` takes a torus's wrap-around link (its dateline).
  bool crosses_dateline(int node, int port) const;
  // Links (both directions counted once) across the bisection.
  int bisection_links() const;

 private:
  std::vector<int> radix_;
  std::vector<int> stride_;
  // Each node's dimensions() coordinates in turn.
  std::vector<int> coords_;
  bool torus_;
  bool dateline_;
  bool by_route_;
  int nodes_;
  int bisection_dim_;
  int concentration_;
};

}  // namespace archex
