#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/param_table.h"
#include "core/registry.h"
#include "network/topologies/topology.h"

namespace archex {

struct NetworkParams;

// A shape of network as it offers itself to the network's parameters, declared in its own folder
// of network/topologies/ and listed once in parts.cpp (in the spirit of BookSim2's routefunc.cpp
// registry and a file per network, and of gem5's parameters declared beside their object): the
// `topology` choice, its description, which parameters are read on which shape, the state a run
// of it takes and what the network's analytical models read of it come from here, so nothing
// else names a shape.
struct TopologyPart {
  // The `topology` choice's name of the shape (the name its Topology::shape() gives).
  std::string shape;
  // Its clause in the `topology` choice's description: what it is and what sizes it.
  std::string about;
  // Its own parameters. Shapes of one folder may name the same ones (a mesh's and a torus's
  // dims): the network declares each once, read while any shape naming it is chosen, besides the
  // spec's own conditions (ParamSpec::when: a torus's dateline under wormhole switching only).
  std::vector<ParamSpec> params;
  // It carries circuits as well as wormhole packets.
  bool circuits = true;
  // The zero-load latency model (the pattern's routes walked, hop by hop) is drawn for it.
  bool zero_load_model = false;
  // The shape built from the network's parameters, its own read by read_part; throws ParamError
  // naming a parameter out of range. Which routings route it is theirs to say
  // (network/routings/parts.cpp); make_topology binds the one chosen.
  std::function<std::shared_ptr<Topology>(const NetworkParams&)> make;
  // The state of its wormhole network, counted without building it, so a network too big for
  // the memory there is can be refused first; empty where its own parameters keep it small.
  std::function<StateEstimate(const NetworkParams&)> state;
  // What the network's analytical models read of the shape, where they have a closed form for
  // it: the saturation throughput of its one input-queued crossbar per unit of rate (Karol,
  // Hluchyj & Morgan), and the share of requests its blocking circuits accept at request rate m
  // (Patel).
  std::function<double(const NetworkParams&)> fifo_saturation;
  std::function<double(const NetworkParams&, double m)> circuit_acceptance;
};

// Every shape, in the `topology` choice's order (parts.cpp).
const std::vector<TopologyPart>& topology_parts();

// The part of the shape the parameters choose.
const TopologyPart& topology_part(const NetworkParams& p);

// The index of the shape named `shape` among topology_parts(); throws std::invalid_argument
// listing the shapes for an unknown name.
int topology_index(const std::string& shape);

// A part's own typed parameters from the network's (NetworkParams::shape), each one left out (a
// model whose table takes a few of them) at its spec's default.
template <class Q>
Q read_part(const ParamTable<Q>& table, const ParamValues& given) {
  ParamValues values;
  for (const ParamSpec& spec : table.specs()) {
    if (given.contains(spec.name)) {
      values.set(spec.name, given.at(spec.name));
    } else if (spec.is_list()) {
      values.set(spec.name, ParamValue(spec.default_list));
    } else {
      values.set(spec.name, ParamValue(spec.default_value));
    }
  }
  return table.read(values);
}

}  // namespace archex
