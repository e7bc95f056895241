#include "network/describe.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "network/kncube.h"

namespace archex {

namespace {

// Calls `f(router, port, index, target)` for each router output that leads somewhere; `index`
// counts every port, router by router.
template <class F>
void each_channel(const Topology& topology, F f) {
  int index = 0;
  for (int router = 0; router < topology.routers(); ++router) {
    for (int port = 0; port < topology.ports(router); ++port, ++index) {
      const PortTarget t = topology.output(router, port);
      if (t.router >= 0 || t.terminal >= 0) f(router, port, index, t);
    }
  }
}

}  // namespace

const std::vector<std::string>& topology_names() {
  static const std::vector<std::string> kNames = {"mesh", "torus", "fly", "crossbar",
                                                  "router network"};
  return kNames;
}

NetworkMap describe_network(const Topology& topology, std::string name, std::string label,
                         int nodes) {
  NetworkMap n;
  n.name = std::move(name);
  n.label = std::move(label);
  n.shape = topology_names()[static_cast<std::size_t>(topology.kind())];
  n.sizes = topology.sizes();
  n.nodes = nodes < 0 ? topology.terminals() : nodes;

  const std::vector<std::string> axes = topology.axes();
  std::vector<std::vector<std::int32_t>> coordinates(axes.size());
  for (int router = 0; router < topology.routers(); ++router) {
    const std::vector<int> at = topology.position(router);
    for (std::size_t a = 0; a < axes.size(); ++a) coordinates[a].push_back(at[a]);
  }
  if (axes.empty()) {
    std::vector<std::int32_t> ids(static_cast<std::size_t>(topology.routers()));
    for (std::size_t r = 0; r < ids.size(); ++r) ids[r] = static_cast<std::int32_t>(r);
    n.routers.add("router", "", std::move(ids));
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    n.routers.add(axes[a], "", std::move(coordinates[a]));
  }

  std::vector<std::int32_t> router;
  std::vector<std::int32_t> port;
  for (int t = 0; t < topology.terminals(); ++t) {
    const RouterPort at = topology.injection(t);
    router.push_back(at.router);
    port.push_back(at.port);
  }
  n.terminals.add("router", "", std::move(router)).add("port", "", std::move(port));

  std::vector<std::int32_t> ids;
  std::vector<std::int32_t> from;
  std::vector<std::int32_t> from_port;
  std::vector<std::int32_t> to_router;
  std::vector<std::int32_t> to_port;
  std::vector<std::int32_t> to_terminal;
  std::vector<std::int32_t> classes;
  std::vector<std::int32_t> wraps;
  each_channel(topology, [&](int r, int p, int index, const PortTarget& t) {
    ids.push_back(index);
    from.push_back(r);
    from_port.push_back(p);
    to_router.push_back(t.router);
    to_port.push_back(t.router >= 0 ? t.port : -1);
    to_terminal.push_back(t.terminal);
    classes.push_back(topology.channel_class(r, p));
    wraps.push_back(topology.wraps(r, p) ? 1 : 0);
  });
  n.channels.add("id", "", std::move(ids))
      .add("router", "", std::move(from))
      .add("port", "", std::move(from_port))
      .add("to_router", "", std::move(to_router))
      .add("to_port", "", std::move(to_port))
      .add("to_terminal", "", std::move(to_terminal));
  const std::string class_name = topology.channel_class_name();
  if (!class_name.empty()) {
    n.channels.add(class_name, "", std::move(classes), topology.channel_classes());
  }
  if (!axes.empty()) n.channels.add("wrap", "", std::move(wraps));
  return n;
}

NetworkMap describe_grid(int nodes, int columns, std::string name, std::string label) {
  nodes = std::max(1, nodes);
  columns = std::min(std::max(1, columns), nodes);
  int rows = (nodes + columns - 1) / columns;
  if (rows > 32) {
    columns = static_cast<int>(std::ceil(std::sqrt(nodes)));
    rows = (nodes + columns - 1) / columns;
  }
  std::vector<int> dims;
  if (columns > 1) dims.push_back(columns);
  if (rows > 1) dims.push_back(rows);
  if (dims.empty()) dims.push_back(2);
  return describe_network(KNCube(dims, false), std::move(name), std::move(label), nodes);
}

std::vector<double> per_channel(const Topology& topology, const std::vector<double>& by_port) {
  std::vector<double> out;
  each_channel(topology, [&](int, int, int index, const PortTarget&) {
    const auto at = static_cast<std::size_t>(index);
    out.push_back(at < by_port.size() ? by_port[at] : 0.0);
  });
  return out;
}

}  // namespace archex
