#include "network/topologies/spidergon/spidergon.h"

#include <string>

#include "core/param_spec.h"

namespace archex {

Spidergon::Spidergon(int nodes) : nodes_(nodes) {
  if (nodes < 4 || nodes > kMostNodes || nodes % 2 != 0) {
    throw ParamError("spidergon_nodes",
                     "a Spidergon of " + std::to_string(nodes) +
                         " routers is out of range; valid: an even number from 4 to " +
                         std::to_string(kMostNodes));
  }
}

int Spidergon::step(int router, int port) const {
  switch (port) {
    case kClockwise:
      return (router + 1) % nodes_;
    case kCounterClockwise:
      return (router + nodes_ - 1) % nodes_;
    default:
      return (router + nodes_ / 2) % nodes_;
  }
}

PortTarget Spidergon::output(int router, int port) const {
  if (port == kLocal) return {-1, -1, router};
  // A ring link arrives by the port that leads back; an across link by the other's across port.
  const int back = port == kClockwise ? kCounterClockwise
                                      : port == kCounterClockwise ? kClockwise : kAcross;
  return {step(router, port), back, -1};
}

RouterPort Spidergon::reverse(int router, int port) const {
  if (port == kLocal) return {};
  const PortTarget to = output(router, port);
  return {to.router, to.port};
}

int Spidergon::next_port(int router, int dest) const {
  if (router == dest) return kLocal;
  const int ahead = (dest - router + nodes_) % nodes_;
  const int quarter = nodes_ / 4;
  if (ahead <= quarter) return kClockwise;
  if (nodes_ - ahead <= quarter) return kCounterClockwise;
  return kAcross;
}

RouteStep Spidergon::step(int router, int /*in_port*/, int dest, Toward /*toward*/,
                          RouteState& state) const {
  const int port = next_port(router, dest);
  if (port == kLocal || port == kAcross) return {port, 0};
  const bool crosses = wraps(router, port);
  if (crosses) state = 1;
  return {port, state != 0 ? 1 : 0};
}

bool Spidergon::wraps(int router, int port) const {
  return (port == kClockwise && router == nodes_ - 1) ||
         (port == kCounterClockwise && router == 0);
}

bool Spidergon::crosses_bisection(int router, int port) const {
  if (port == kAcross) return true;
  const int half = nodes_ / 2;
  if (port == kClockwise) return router == half - 1 || router == nodes_ - 1;
  if (port == kCounterClockwise) return router == half || router == 0;
  return false;
}

int Spidergon::distance(int a, int b) const {
  int hops = 0;
  for (int at = a; at != b; ++hops) at = step(at, next_port(at, b));
  return hops;
}

}  // namespace archex
