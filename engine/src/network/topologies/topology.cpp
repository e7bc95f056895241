#include "network/topologies/topology.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace archex {

namespace {

[[noreturn]] void unanswered(const Topology& shape, const char* query) {
  throw std::logic_error("a " + shape.shape() + " does not answer a routing's " + query);
}

}  // namespace

// Dimension order's part binds any shape (it asks only step()); a shape under construction binds
// as a Topology, so it asks through the virtual queries until bind_routing binds it again.
Topology::Topology() : routing_(routing_parts().front().bind(routing_parts().front(), *this)) {}

void Topology::bind_routing(const RoutingPart& part) {
  check_serves(part, shape());
  routing_ = part.bind(part, *this);
}

bool Topology::vcs_hold_one_packet() const {
  return routing_->part().vcs.escape && escape_classes() > 0;
}

int Topology::vc_classes() const {
  const VcNeeds& needs = routing_->part().vcs;
  if (!needs.escape) return classes(needs.groups);
  const int escape = escape_classes();
  return escape > 0 ? escape + 1 : classes(1);
}

std::string Topology::vcs_error(const RoutingPart& /*routing*/, int classes) const {
  return "at least " + std::to_string(classes) + " virtual channels, one per class";
}

int Topology::minimal_ports(int /*router*/, int /*dest*/, int* /*ports*/) const {
  unanswered(*this, "minimal ports");
}

RouteChoice Topology::escape(int /*router*/, int /*dest*/) const {
  unanswered(*this, "escape channel");
}

std::uint64_t Topology::ties(int /*src*/, int /*dest*/) const { unanswered(*this, "ties"); }

RouteState Topology::tie_state(std::uint64_t /*tie*/) const { unanswered(*this, "ties"); }

double Topology::most_ties() const { unanswered(*this, "ties"); }

Detour Topology::detour(int /*src*/, int /*dest*/, std::uint64_t /*draw*/,
                        Spread /*spread*/) const {
  unanswered(*this, "intermediate");
}

std::vector<Detour> Topology::detours(int /*src*/, int /*dest*/, Spread /*spread*/) const {
  unanswered(*this, "intermediates");
}

double Topology::most_detours(Spread /*spread*/) const { unanswered(*this, "intermediates"); }

int Topology::hops(int /*router*/, int /*via*/, int /*dest*/) const {
  unanswered(*this, "hops");
}

double Topology::uniform_channel_load() const {
  return std::max(1.0, uniform_max_channel_load(*this));
}

double uniform_max_channel_load(const Topology& topology) {
  std::vector<int> base;
  int channels = 0;
  for (int r = 0; r < topology.routers(); ++r) {
    base.push_back(channels);
    channels += topology.ports(r);
  }
  std::vector<double> routes(static_cast<std::size_t>(channels), 0.0);
  const int terminals = topology.terminals();
  for (int src = 0; src < terminals; ++src) {
    for (int dest = 0; dest < terminals; ++dest) {
      if (dest == src) continue;
      RouterPort at = topology.injection(src);
      RouteState state = 0;
      // A route visits each router at most once; the bound stops a table that loops.
      for (int hop = 0; hop <= topology.routers(); ++hop) {
        const RouteStep step = topology.route(at.router, at.port, dest, state);
        const PortTarget next = topology.output(at.router, step.port);
        if (next.router < 0) break;
        routes[static_cast<std::size_t>(base[static_cast<std::size_t>(at.router)] + step.port)] +=
            1;
        at = {next.router, next.port};
      }
    }
  }
  // Each terminal offers its load spread over the terminals - 1 others.
  return *std::max_element(routes.begin(), routes.end()) / (terminals - 1);
}

}  // namespace archex
