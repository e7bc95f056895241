#include "network/topologies/fly/fly.h"

#include <string>

#include "core/param_spec.h"

namespace archex {

Fly::Fly(int k, int n, FlyWiring wiring) : k_(k), stages_(n), lines_(1), wiring_(wiring) {
  if (k < 2 || k > 16) {
    throw ParamError("fly_radix",
                     "switch radix " + std::to_string(k) + " is out of range; valid range [2, 16]");
  }
  if (n < 1 || n > 12) {
    throw ParamError("fly_stages",
                     "stages " + std::to_string(n) + " is out of range; valid range [1, 12]");
  }
  for (int d = 0; d < n; ++d) {
    pow_.push_back(lines_);
    if (lines_ > 65536 / k) {
      throw ParamError("fly_stages", "a " + std::to_string(k) + "-ary " + std::to_string(n) +
                                         "-fly has more than 65,536 terminals; at most " +
                                         std::to_string(d) + " stages of radix " +
                                         std::to_string(k));
    }
    lines_ *= k;
  }
  switches_ = lines_ / k;
}

int Fly::wire(int stage, int line) const {
  if (wiring_ == FlyWiring::kOmega) {
    // Perfect shuffle: the top digit moves to the bottom.
    const int top = pow_.back();
    return (line % top) * k_ + line / top;
  }
  if (stage == 0) return line;
  // Exchange digit 0 with digit n - stage (the link after stage s = stage - 1).
  const int d = stages_ - stage;
  const int low = digit(line, 0);
  const int high = digit(line, d);
  return line - low - high * pow_[static_cast<std::size_t>(d)] + high +
         low * pow_[static_cast<std::size_t>(d)];
}

RouterPort Fly::line_input(int stage, int line) const {
  const int wired = wire(stage, line);
  return {stage * switches_ + wired / k_, wired % k_};
}

PortTarget Fly::output(int router, int port) const {
  if (port < k_) return {};
  const int s = stage(router);
  const int line = (router % switches_) * k_ + (port - k_);
  if (s == stages_ - 1) return {-1, -1, line};
  const RouterPort next = line_input(s + 1, line);
  return {next.router, next.port, -1};
}

RouterPort Fly::injection(int terminal) const { return line_input(0, terminal); }

RouteStep Fly::step(int router, int /*in_port*/, int dest, Toward /*toward*/,
                    RouteState& /*state*/) const {
  return {k_ + digit(dest, stages_ - 1 - stage(router)), 0};
}

std::vector<std::string> Fly::channel_classes() const {
  std::vector<std::string> out;
  for (int s = 1; s <= stages_; ++s) out.push_back("stage " + std::to_string(s));
  return out;
}

}  // namespace archex
