#pragma once

#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// How the stages of a delta network are wired.
enum class FlyWiring { kOmega, kButterfly };

// A k-ary n-fly (delta network): n stages of k^(n-1) switches of k x k, k^n terminals, inputs at
// stage 0 and outputs after the last stage (terminal t sends on input line t and receives on
// output line t). Lines are numbered switch * k + port within a stage. Omega: every stage is
// preceded by the perfect shuffle of the lines (a left rotation of their n base-k digits).
// Butterfly: the lines enter stage 0 in order and the link after stage s exchanges digit 0 with
// digit n - 1 - s. Both are routed by destination tag: stage s takes the output given by digit
// n - 1 - s of the destination. Ports 0 to k-1 of a switch are its inputs, k to 2k-1 its outputs.
class Fly final : public Topology {
 public:
  // Throws ParamError naming "fly_radix" (k: 2 to 16), or "fly_stages" (n: 1 to 12, and k^n
  // at most 65,536 terminals).
  Fly(int k, int n, FlyWiring wiring);

  int routers() const override { return stages_ * switches_; }
  int terminals() const override { return lines_; }
  int ports(int /*router*/) const override { return 2 * k_; }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override;
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  RouterPort reverse(int /*router*/, int /*port*/) const override { return {}; }
  // Every channel carries one terminal's load.
  double uniform_channel_load() const override { return 1.0; }
  std::string shape() const override { return "fly"; }
  // Radix and stages; a switch's stage and row; a channel's class is the stage it leaves.
  std::vector<ShapeSize> sizes() const override { return {{"radix", k_}, {"stages", stages_}}; }
  std::vector<std::string> axes() const override { return {"stage", "row"}; }
  std::vector<int> position(int router) const override {
    return {stage(router), router % switches_};
  }
  std::string channel_class_name() const override { return "stage"; }
  std::vector<std::string> channel_classes() const override;
  int channel_class(int router, int /*port*/) const override { return stage(router); }
  Drawing drawing() const override {
    return {DrawingKind::kStages, axes(), {stages_, switches_}, k_};
  }

  int radix() const { return k_; }
  int stages() const { return stages_; }
  int switches_per_stage() const { return switches_; }
  int stage(int router) const { return router / switches_; }
  // Base-k digit `d` (0: least significant) of a line or terminal number.
  int digit(int line, int d) const { return line / pow_[static_cast<std::size_t>(d)] % k_; }

 private:
  // The line a signal on `line` moves to on the link into stage `stage` (0: from the terminals).
  int wire(int stage, int line) const;
  RouterPort line_input(int stage, int line) const;

  int k_;
  int stages_;
  int lines_;
  int switches_;
  FlyWiring wiring_;
  std::vector<int> pow_;
};

}  // namespace archex
