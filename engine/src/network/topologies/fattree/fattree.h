#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A k-ary n-tree (Petrini & Vanneschi, 1997), the fat tree of BookSim2's `fattree` (k, n): k^n
// terminals below n levels of k^(n-1) switches. Numbered as BookSim2 numbers it: level 0 is the
// top; router r is switch r % k^(n-1) of level r / k^(n-1); terminal t is on bottom switch t / k
// at port t % k. Ports 0 to k-1 of a switch lead down, k to 2k-1 up (a top switch has only its
// down ports). Down port p of switch s on level l leads to the switch of level l + 1 whose number
// is s with its base-k digit n - 2 - l replaced by p, entering it by up port k + (that digit of s).
//
// Routing goes up to a nearest common ancestor of the two ends, then down by the destination's
// digits, so a route crosses 2h channels between switches, h the height of the ancestor above
// the bottom. Only the up ports are a choice (`routing`, network/routings/): dimension order takes
// up port (dest / k^h) % k at height h (d-mod-k, which loads every channel alike under uniform
// traffic); random tie-break draws the up port of each height per packet as it is sent
// (BookSim2's `nca` draws it hop by hop, the same law); minimal adaptive offers every up port
// (BookSim2's `anca`). Up*/down* routes cannot close a cycle of channel dependences: one virtual
// channel suffices, and adaptive routing needs no escape channels.
class FatTree final : public Topology {
 public:
  // At most this many terminals, so every route of uniform traffic can be walked for its bound
  // (traffic/analytic.h kMostUniformWalkTerminals).
  static constexpr int kMostTerminals = 2048;

  // Throws ParamError naming "fattree_arity" (k: 2 to 16) or "fattree_levels" (n: 1 to 11, and
  // at most kMostTerminals terminals).
  FatTree(int k, int n);

  int routers() const override { return levels_ * per_level_; }
  int terminals() const override { return per_level_ * k_; }
  int ports(int router) const override { return level(router) == 0 ? k_ : 2 * k_; }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override {
    return {(levels_ - 1) * per_level_ + terminal / k_, terminal % k_};
  }
  // The routings' queries (topology.h): a hop up by d-mod-k's port or the drawn one, else down;
  // the minimal ports every up port (d-mod-k's first) or the one down; a digit drawn for each
  // height a route climbs from.
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  int minimal_ports(int router, int dest, int* ports) const override;
  std::uint64_t ties(int src, int dest) const override;
  RouteState tie_state(std::uint64_t tie) const override;
  double most_ties() const override { return power(levels_ - 1); }
  RouterPort reverse(int router, int port) const override;
  // Every channel carries at most one terminal's load under uniform traffic: a height-h subtree's
  // k^(h+1) terminals send (N - k^(h+1)) / (N - 1) of their load out by as many up channels, and
  // each routing spreads it over them alike (exactly, or on average over its draws).
  double uniform_channel_load() const override { return 1.0; }
  std::string shape() const override { return "fat tree"; }
  std::vector<ShapeSize> sizes() const override;
  std::vector<std::string> axes() const override { return {"level", "switch"}; }
  std::vector<int> position(int router) const override {
    return {level(router), router % per_level_};
  }
  std::string channel_class_name() const override { return "direction"; }
  std::vector<std::string> channel_classes() const override { return {"up", "down"}; }
  int channel_class(int router, int port) const override;
  Drawing drawing() const override {
    return {DrawingKind::kTree, axes(), {levels_, per_level_}, k_};
  }

  int arity() const { return k_; }
  int levels() const { return levels_; }
  int level(int router) const { return router / per_level_; }
  // Levels above the bottom: 0 for a bottom switch, n - 1 for a top one.
  int height(int router) const { return levels_ - 1 - level(router); }
  // The height of the nearest common ancestors of two terminals (0: the same bottom switch).
  int ancestor_height(int src, int dest) const;

 private:
  int power(int e) const { return pow_[static_cast<std::size_t>(e)]; }
  // The up port d-mod-k takes at `height` toward `dest`.
  int digit_port(int height, int dest) const { return k_ + dest / power(height) % k_; }

  int k_;
  int levels_;
  int per_level_;
  std::vector<int> pow_;
};

}  // namespace archex
