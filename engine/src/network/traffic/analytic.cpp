#include "network/traffic/analytic.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/param_spec.h"

namespace archex {

namespace {

// Head-of-line cells per output, sorted from most to least (outputs are alike).
using Partition = std::vector<int>;

constexpr int kExactCrossbarPorts = 16;

// The distribution over partitions after `balls` cells pick outputs uniformly at random.
std::map<Partition, double> throw_cells(const Partition& from, int balls) {
  std::map<Partition, double> now{{from, 1.0}};
  const auto n = static_cast<double>(from.size());
  for (int b = 0; b < balls; ++b) {
    std::map<Partition, double> next;
    for (const auto& [state, p] : now) {
      // Outputs with the same count are alike: one branch per distinct count.
      for (std::size_t i = 0; i < state.size();) {
        std::size_t j = i;
        while (j < state.size() && state[j] == state[i]) ++j;
        Partition grown = state;
        ++grown[i];  // the first of the equal run stays sorted
        next[grown] += p * static_cast<double>(j - i) / n;
        i = j;
      }
    }
    now.swap(next);
  }
  return now;
}

}  // namespace

double patel_acceptance(int k, int stages, double request_rate) {
  if (k < 2) throw ParamError("fly_radix", "switch radix: 2 or more");
  if (stages < 1) throw ParamError("fly_stages", "stages: 1 or more");
  if (!(request_rate > 0 && request_rate <= 1)) {
    throw ParamError("request_rate", "request rate: above 0, at most 1");
  }
  double m = request_rate;
  for (int s = 0; s < stages; ++s) m = 1 - std::pow(1 - m / k, k);
  return m / request_rate;
}

double iq_crossbar_saturation(int ports) {
  if (ports < 1) throw ParamError("crossbar_ports", "ports: 1 or more");
  if (ports > kExactCrossbarPorts) return 2 - std::sqrt(2.0);
  // Transitions: each busy output sends one cell; the inputs it served draw new destinations.
  std::map<Partition, std::map<Partition, double>> moves;
  std::function<void(const Partition&)> explore = [&](const Partition& state) {
    if (moves.count(state)) return;
    Partition left = state;
    int served = 0;
    for (int& c : left) {
      if (c > 0) {
        --c;
        ++served;
      }
    }
    std::sort(left.rbegin(), left.rend());
    moves[state] = throw_cells(left, served);
    for (const auto& next : moves[state]) explore(next.first);
  };
  Partition start(static_cast<std::size_t>(ports), 0);
  start[0] = ports;
  explore(start);
  std::map<Partition, double> p{{start, 1.0}};
  double throughput = 0;
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::map<Partition, double> next;
    for (const auto& [state, weight] : p) {
      for (const auto& [to, q] : moves[state]) next[to] += weight * q;
    }
    double busy = 0;
    for (const auto& [state, weight] : next) {
      busy += weight * static_cast<double>(std::count_if(state.begin(), state.end(),
                                                         [](int c) { return c > 0; }));
    }
    const double previous = throughput;
    throughput = busy / ports;
    p.swap(next);
    if (iteration > 10 && std::fabs(throughput - previous) < 1e-13) break;
  }
  return throughput;
}

double cube_mean_hops(const KNCube& cube) {
  double hops = 0;
  for (int d = 0; d < cube.dimensions(); ++d) {
    const int k = cube.radix(d);
    double sum = 0;
    for (int a = 0; a < k; ++a) {
      for (int b = 0; b < k; ++b) {
        const int straight = std::abs(a - b);
        sum += cube.torus() ? std::min(straight, k - straight) : straight;
      }
    }
    hops += sum / (static_cast<double>(k) * k);
  }
  // Uniform over all nodes, then without the node itself (zero hops).
  const auto n = static_cast<double>(cube.nodes());
  return hops * n / (n - 1);
}

double cube_zero_load_latency_cycles(const KNCube& cube, const NetworkConfig& c,
                                     int packet_flits) {
  const double per_router =
      1 + c.router_delay_cycles + c.switch_alloc_cycles + c.route_cycles + c.vc_alloc_cycles;
  const double rate = std::min({c.channel_rate, c.inject_rate, c.eject_rate, 1.0});
  return (cube_mean_hops(cube) + 1) * per_router + (packet_flits - 1) / rate;
}

double cube_channel_load_bound(const KNCube& cube, const NetworkConfig& c) {
  const double gamma = cube.uniform_channel_load();
  // Both directions of a half-duplex link carry the same load and share one channel's rate.
  const double bandwidth = c.half_duplex ? c.channel_rate / 2 : c.channel_rate;
  return std::min({bandwidth / gamma, c.inject_rate, c.eject_rate});
}

}  // namespace archex
