#include "network/topologies/kncube/kncube.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/param_spec.h"

namespace archex {

KNCube::KNCube(std::vector<int> radix, bool torus, bool dateline, int concentration,
               bool by_route)
    : radix_(std::move(radix)),
      torus_(torus),
      dateline_(dateline),
      by_route_(by_route),
      concentration_(concentration) {
  if (concentration < 1 || concentration > kMostConcentration) {
    throw ParamError("concentration", "terminals per router " + std::to_string(concentration) +
                                          " is out of range; valid range [1, " +
                                          std::to_string(kMostConcentration) + "]");
  }
  if (radix_.empty() || radix_.size() > static_cast<std::size_t>(kMostCubeDimensions)) {
    throw ParamError("dims", "a network has 1 to " + std::to_string(kMostCubeDimensions) +
                                 " dimensions, not " + std::to_string(radix_.size()));
  }
  nodes_ = 1;
  bisection_dim_ = 0;
  // One terminal a node here; more are checked below, naming concentration.
  const auto node_ports = static_cast<std::int64_t>(2 * radix_.size() + 1);
  stride_.reserve(radix_.size());
  for (std::size_t d = 0; d < radix_.size(); ++d) {
    if (radix_[d] < 2) {
      throw ParamError("dims", "radix " + std::to_string(radix_[d]) + " of dimension " +
                                   std::to_string(d + 1) + " is out of range; it is at least 2");
    }
    if (static_cast<std::int64_t>(nodes_) * radix_[d] * node_ports > kMaxChannels) {
      throw ParamError("dims", "a cube of more than " + format_number(kMaxChannels / node_ports) +
                                   " nodes of " + std::to_string(node_ports) +
                                   " ports is more than the engine numbers (its channels are "
                                   "counted in 32 bits)");
    }
    stride_.push_back(nodes_);
    nodes_ *= radix_[d];
    if (radix_[d] > radix_[static_cast<std::size_t>(bisection_dim_)]) {
      bisection_dim_ = static_cast<int>(d);
    }
  }
  // Channels and terminals are numbered in 32-bit ints too.
  if (static_cast<std::int64_t>(nodes_) * ports() > kMaxChannels) {
    throw ParamError("concentration", "a cube of " + format_number(nodes_) + " nodes with " +
                                          std::to_string(concentration) +
                                          " terminals a node has more ports than the engine "
                                          "numbers (they are counted in 32 bits)");
  }
  // Routing asks for coordinates every hop: a table beats dividing each time.
  coords_.assign(static_cast<std::size_t>(nodes_) * radix_.size(), 0);
  for (int node = 0; node < nodes_; ++node) {
    for (std::size_t d = 0; d < radix_.size(); ++d) {
      coords_[static_cast<std::size_t>(node) * radix_.size() + d] = (node / stride_[d]) % radix_[d];
    }
  }
}

double KNCube::state_bytes_of(const std::vector<int>& radix) {
  double nodes = 1;
  for (const int k : radix) nodes *= k;
  return static_cast<double>(sizeof(KNCube) + 2 * radix.size() * sizeof(int)) +
         nodes * static_cast<double>(radix.size() * sizeof(int));
}

std::size_t KNCube::state_bytes() const {
  return sizeof(KNCube) + (radix_.capacity() + stride_.capacity() + coords_.capacity()) * sizeof(int);
}

KNCube::Coordinates KNCube::coordinates(int node) const {
  Coordinates c{};
  for (int d = 0; d < dimensions(); ++d) c[static_cast<std::size_t>(d)] = coordinate(node, d);
  return c;
}

int KNCube::node_at(const Coordinates& c) const {
  int node = 0;
  for (int d = 0; d < dimensions(); ++d) {
    node += c[static_cast<std::size_t>(d)] * stride_[static_cast<std::size_t>(d)];
  }
  return node;
}

int KNCube::neighbor(int node, int port) const {
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

int KNCube::distance(int a, int b) const {
  int hops = 0;
  for (int d = 0; d < dimensions(); ++d) {
    const int delta = coordinate(b, d) - coordinate(a, d);
    const int straight = delta < 0 ? -delta : delta;
    hops += torus_ ? std::min(straight, radix(d) - straight) : straight;
  }
  return hops;
}

PortTarget KNCube::output(int router, int port) const {
  if (port >= local_port()) return {-1, -1, router * concentration_ + port - local_port()};
  const int next = neighbor(router, port);
  if (next < 0) return {};
  return {next, port ^ 1, -1};
}

RouterPort KNCube::reverse(int router, int port) const {
  const PortTarget t = output(router, port);
  if (t.router < 0) return {};
  return {t.router, t.port};
}

bool KNCube::crosses_dateline(int node, int port) const {
  if (!torus_ || port >= local_port()) return false;
  const int d = port / 2;
  const int c = coordinate(node, d);
  return port % 2 == 0 ? c == radix(d) - 1 : c == 0;
}

bool KNCube::crosses_bisection(int node, int port) const {
  if (port / 2 != bisection_dim_ || port >= local_port()) return false;
  const int k = radix(bisection_dim_);
  const int c = coordinate(node, bisection_dim_);
  const int half = k / 2;
  if (port % 2 == 0 ? c == half - 1 : c == half) return true;
  return crosses_dateline(node, port);
}

int KNCube::bisection_links() const {
  const int plane = nodes_ / radix(bisection_dim_);
  return torus_ ? 2 * plane : plane;
}

namespace {

// x, y and z, then d4, d5 and on (dimension 4 onward, counted from 1 as x is the first).
std::string axis_name(int d) {
  static const char* const kAxes[] = {"x", "y", "z"};
  return d < 3 ? kAxes[d] : "d" + std::to_string(d + 1);
}

}  // namespace

std::vector<ShapeSize> KNCube::sizes() const {
  std::vector<ShapeSize> out;
  for (int d = 0; d < dimensions(); ++d) out.push_back({axis_name(d), radix(d)});
  return out;
}

std::vector<std::string> KNCube::axes() const {
  std::vector<std::string> out;
  for (int d = 0; d < dimensions(); ++d) out.push_back(axis_name(d));
  return out;
}

std::vector<int> KNCube::position(int router) const {
  std::vector<int> out;
  for (int d = 0; d < dimensions(); ++d) out.push_back(coordinate(router, d));
  return out;
}

// Ports 2d and 2d + 1 lead + and - along dimension d.
std::vector<std::string> KNCube::channel_classes() const {
  std::vector<std::string> out;
  for (int d = 0; d < dimensions(); ++d) {
    out.push_back("+" + axis_name(d));
    out.push_back("-" + axis_name(d));
  }
  return out;
}

double KNCube::uniform_channel_load() const {
  // Load per unit of injection on each + channel of one dimension (the - channels mirror them),
  // from sources uniform over the line or ring to destinations uniform over it.
  double worst = 0;
  for (int d = 0; d < dimensions(); ++d) {
    const int k = radix(d);
    std::vector<double> load(static_cast<std::size_t>(k), 0.0);
    for (int a = 0; a < k; ++a) {
      for (int b = 0; b < k; ++b) {
        const int ahead = ((b - a) % k + k) % k;
        const bool plus = torus() ? ahead != 0 && ahead <= k - ahead : b > a;
        if (!plus) continue;
        for (int x = a; x != b; x = (x + 1) % k) load[static_cast<std::size_t>(x)] += 1.0 / k;
      }
    }
    worst = std::max(worst, *std::max_element(load.begin(), load.end()));
  }
  // Each node's c terminals send alike: c times one node's load, over the terminals but the source.
  const auto n = static_cast<double>(terminals());
  return worst * concentration_ * n / (n - 1);
}

}  // namespace archex
