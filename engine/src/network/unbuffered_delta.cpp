#include "network/unbuffered_delta.h"

#include <algorithm>
#include <vector>

#include "core/param_spec.h"

namespace archex {

UnbufferedDelta::UnbufferedDelta(const Fly& fly, double request_rate)
    : fly_(fly), request_rate_(request_rate) {
  if (!(request_rate > 0 && request_rate <= 1)) {
    throw ParamError("request_rate", "request rate: above 0, at most 1");
  }
}

void UnbufferedDelta::run(std::int64_t cycles, Rng& rng) {
  struct Request {
    int dest;
    RouterPort at;  // the switch input it is at
  };
  const int lines = fly_.terminals();
  const int k = fly_.radix();
  std::vector<Request> live;
  std::vector<Request> next;
  // Per switch output: requests wanting it this stage, and the one kept so far.
  std::vector<int> wanting(static_cast<std::size_t>(fly_.switches_per_stage() * k), 0);
  std::vector<int> kept(wanting.size(), -1);
  for (std::int64_t cycle = 0; cycle < cycles; ++cycle) {
    live.clear();
    for (int input = 0; input < lines; ++input) {
      if (rng.uniform01() >= request_rate_) continue;
      live.push_back({static_cast<int>(rng.below(static_cast<std::uint64_t>(lines))),
                      fly_.injection(input)});
      ++requested_;
    }
    for (int stage = 0; stage < fly_.stages(); ++stage) {
      std::fill(wanting.begin(), wanting.end(), 0);
      // Reservoir sampling: the j-th request for an output replaces the kept one with
      // probability 1/j, so each is granted with equal chance.
      for (std::size_t i = 0; i < live.size(); ++i) {
        int state = 0;
        const RouteStep step = fly_.route(live[i].at.router, live[i].at.port, live[i].dest, state);
        const auto out = static_cast<std::size_t>(
            (live[i].at.router % fly_.switches_per_stage()) * k + step.port - k);
        const int j = ++wanting[out];
        if (rng.below(static_cast<std::uint64_t>(j)) == 0) kept[out] = static_cast<int>(i);
      }
      next.clear();
      for (std::size_t out = 0; out < wanting.size(); ++out) {
        if (wanting[out] == 0) continue;
        const Request& r = live[static_cast<std::size_t>(kept[out])];
        const int sw = static_cast<int>(out) / k;
        const PortTarget t = fly_.output(stage * fly_.switches_per_stage() + sw,
                                         k + static_cast<int>(out) % k);
        if (t.terminal >= 0) {
          ++accepted_;
        } else {
          next.push_back({r.dest, {t.router, t.port}});
        }
      }
      live.swap(next);
    }
  }
}

double UnbufferedDelta::acceptance() const {
  return requested_ == 0 ? 0.0
                         : static_cast<double>(accepted_) / static_cast<double>(requested_);
}

}  // namespace archex
