#pragma once

#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A Spidergon (Coppola et al., "Spidergon: a novel on-chip communication network", SoC 2004;
// STMicroelectronics' STNoC): an even number N of routers on a ring, each joined to its two
// neighbours and, across, to the router opposite (N/2 on), one terminal each. Port 0 leads
// clockwise (to router i + 1), 1 counter-clockwise (to i - 1), 2 across, 3 is the terminal's.
// Routing is the paper's across-first: a destination within N/4 steps either way round is reached
// along the ring that way; any other first crosses to the opposite router, from which it is
// within N/4. A packet so never takes the across link after a ring hop, and its ring hops all go
// one way; the ring's channels take two classes, a packet moving to the upper one as it crosses
// the dateline (the link between router N - 1 and router 0), which breaks each ring's cycle of
// dependences as a torus's dateline does.
class Spidergon final : public Topology {
 public:
  static constexpr int kMostNodes = 256;

  // Throws ParamError naming "spidergon_nodes" for a count that is odd or out of 4 to kMostNodes.
  explicit Spidergon(int nodes);

  int routers() const override { return nodes_; }
  int terminals() const override { return nodes_; }
  int ports(int /*router*/) const override { return 4; }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override { return {terminal, kLocal}; }
  // Its own across-first route (dimension order's, the one routing it takes), the class raised
  // past the dateline (state's leg bits).
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  int classes(int groups) const override { return 2 * groups; }
  std::string vcs_error(const RoutingPart& /*routing*/, int /*classes*/) const override {
    return "at least 2 virtual channels, one per class of the ring's dateline";
  }
  RouterPort reverse(int router, int port) const override;
  std::string shape() const override { return "spidergon"; }
  std::vector<ShapeSize> sizes() const override { return {{"nodes", nodes_}}; }
  std::string channel_class_name() const override { return "direction"; }
  std::vector<std::string> channel_classes() const override {
    return {"clockwise", "counter-clockwise", "across"};
  }
  int channel_class(int /*router*/, int port) const override { return port < kLocal ? port : -1; }
  bool wraps(int router, int port) const override;
  Drawing drawing() const override { return {}; }
  // The cut between routers N/2 - 1 and N/2 and between N - 1 and 0, and every across link.
  bool crosses_bisection(int router, int port) const override;

  int nodes() const { return nodes_; }
  // Hops of the across-first route from router a to router b.
  int distance(int a, int b) const;

  static constexpr int kClockwise = 0;
  static constexpr int kCounterClockwise = 1;
  static constexpr int kAcross = 2;
  static constexpr int kLocal = 3;

 private:
  // The port the across-first route leaves `router` by toward router `dest`.
  int next_port(int router, int dest) const;
  int step(int router, int port) const;

  int nodes_;
};

}  // namespace archex
