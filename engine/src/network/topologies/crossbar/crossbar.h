#pragma once

#include "network/topologies/topology.h"

namespace archex {

// One N x N crossbar switch: terminal i sends into port i and receives from port i.
class Crossbar final : public Topology {
 public:
  // Throws ParamError naming "crossbar_ports" (2 to 64).
  explicit Crossbar(int ports);

  int routers() const override { return 1; }
  int terminals() const override { return ports_; }
  int ports(int /*router*/) const override { return ports_; }
  PortTarget output(int /*router*/, int port) const override { return {-1, -1, port}; }
  RouterPort injection(int terminal) const override { return {0, terminal}; }
  RouteStep step(int /*router*/, int /*in_port*/, int dest, Toward /*toward*/,
                 RouteState& /*state*/) const override {
    return {dest, 0};
  }
  RouterPort reverse(int /*router*/, int /*port*/) const override { return {}; }
  // Every channel carries one terminal's load.
  double uniform_channel_load() const override { return 1.0; }
  bool counts_crosspoints() const override { return true; }
  std::string shape() const override { return "crossbar"; }
  std::vector<ShapeSize> sizes() const override { return {{"ports", ports_}}; }
  Drawing drawing() const override { return {DrawingKind::kCrossbar, {}, {}, ports_}; }

 private:
  int ports_;
};

}  // namespace archex
