#include "network/topology.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/param_spec.h"

namespace archex {

Topology::Topology(std::vector<int> radix, bool torus) : radix_(std::move(radix)), torus_(torus) {
  if (radix_.empty() || radix_.size() > 3) {
    throw ParamError("dims",
                     "a network has 1 to 3 dimensions, not " + std::to_string(radix_.size()));
  }
  nodes_ = 1;
  bisection_dim_ = 0;
  for (std::size_t d = 0; d < radix_.size(); ++d) {
    if (radix_[d] < 2 || radix_[d] > 32) {
      throw ParamError("dims", "radix " + std::to_string(radix_[d]) + " of dimension " +
                                   std::to_string(d + 1) + " is out of range; valid range [2, 32]");
    }
    stride_.push_back(nodes_);
    nodes_ *= radix_[d];
    if (radix_[d] > radix_[static_cast<std::size_t>(bisection_dim_)]) {
      bisection_dim_ = static_cast<int>(d);
    }
  }
  // Routing asks for coordinates every hop: a table beats dividing each time.
  coords_.assign(static_cast<std::size_t>(nodes_) * 3, 0);
  for (int node = 0; node < nodes_; ++node) {
    for (std::size_t d = 0; d < radix_.size(); ++d) {
      coords_[static_cast<std::size_t>(node) * 3 + d] = (node / stride_[d]) % radix_[d];
    }
  }
}

int Topology::coordinate(int node, int d) const {
  return coords_[static_cast<std::size_t>(node) * 3 + static_cast<std::size_t>(d)];
}

std::array<int, 3> Topology::coordinates(int node) const {
  std::array<int, 3> c{0, 0, 0};
  for (int d = 0; d < dimensions(); ++d) c[static_cast<std::size_t>(d)] = coordinate(node, d);
  return c;
}

int Topology::node_at(const std::array<int, 3>& c) const {
  int node = 0;
  for (int d = 0; d < dimensions(); ++d) {
    node += c[static_cast<std::size_t>(d)] * stride_[static_cast<std::size_t>(d)];
  }
  return node;
}

int Topology::neighbor(int node, int port) const {
  const int d = port / 2;
  const int k = radix(d);
  const int c = coordinate(node, d);
  int next = (port % 2 == 0) ? c + 1 : c - 1;
  if (next < 0 || next >= k) {
    if (!torus_) return -1;
    next = (next + k) % k;
  }
  return node + (next - c) * stride_[static_cast<std::size_t>(d)];
}

int Topology::route(int node, int dest) const {
  for (int d = 0; d < dimensions(); ++d) {
    const int from = coordinate(node, d);
    const int to = coordinate(dest, d);
    if (from == to) continue;
    if (!torus_) return to > from ? 2 * d : 2 * d + 1;
    const int k = radix(d);
    const int ahead = (to - from + k) % k;
    return ahead <= k - ahead ? 2 * d : 2 * d + 1;
  }
  return local_port();
}

int Topology::distance(int a, int b) const {
  int hops = 0;
  for (int d = 0; d < dimensions(); ++d) {
    const int delta = coordinate(b, d) - coordinate(a, d);
    const int straight = delta < 0 ? -delta : delta;
    hops += torus_ ? std::min(straight, radix(d) - straight) : straight;
  }
  return hops;
}

bool Topology::crosses_dateline(int node, int port) const {
  if (!torus_ || port >= local_port()) return false;
  const int d = port / 2;
  const int c = coordinate(node, d);
  return port % 2 == 0 ? c == radix(d) - 1 : c == 0;
}

bool Topology::crosses_bisection(int node, int port) const {
  if (port / 2 != bisection_dim_ || port >= local_port()) return false;
  const int k = radix(bisection_dim_);
  const int c = coordinate(node, bisection_dim_);
  const int half = k / 2;
  if (port % 2 == 0 ? c == half - 1 : c == half) return true;
  return crosses_dateline(node, port);
}

int Topology::bisection_links() const {
  const int plane = nodes_ / radix(bisection_dim_);
  return torus_ ? 2 * plane : plane;
}

}  // namespace archex
