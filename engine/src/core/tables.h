#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "network/topologies/drawing.h"

namespace archex {

// Structured results, typed and columnar: a column is one typed array, so a table crosses to the
// UI as a few typed arrays (moved, not copied item by item) and its meaning is in its fields, not
// in the names of series. Trace events may sit beside these in their own header.

// One column of a table: a value per row, whole numbers (ids, ports, coordinates) or reals.
struct Column {
  std::string name;
  std::string unit;
  std::variant<std::vector<std::int32_t>, std::vector<double>> values;
  // For whole numbers that pick one of a few named values (a channel's direction), the names of
  // the values 0, 1, ...; empty otherwise.
  std::vector<std::string> labels;
};

// Columns of equal length.
class Table {
 public:
  Table& add(std::string name, std::string unit, std::vector<std::int32_t> values,
             std::vector<std::string> labels = {});
  Table& add(std::string name, std::string unit, std::vector<double> values);

  // Rows of the first column (0 without columns).
  std::size_t rows() const;
  const std::vector<Column>& columns() const { return columns_; }
  // Throw std::out_of_range naming the missing column and the ones there are, or
  // std::logic_error for a column of the other type.
  const Column& column(const std::string& name) const;
  const std::vector<std::int32_t>& ints(const std::string& name) const;
  const std::vector<double>& reals(const std::string& name) const;

 private:
  void check(const std::string& name, std::size_t rows) const;
  std::vector<Column> columns_;
};

// A size of a network's shape: a cube's radix along x, a fly's radix or stages, a crossbar's ports.
struct ShapeSize {
  std::string name;
  int value = 0;
};

// A network as the engine builds it, so the UI draws every network from the same description:
//   routers:   one row per router; its coordinates where the shape has them (x, y, z on a cube;
//              stage and row on a fly), none otherwise.
//   terminals: one row per terminal (node): router, port (where it sends in and receives from);
//              under hotspot traffic, hotspot (1 at the terminal the traffic favours).
//   channels:  one row per router output that leads somewhere: router, port, to_router and
//              to_port (-1 for a terminal), to_terminal (-1 for a router), direction (labelled:
//              +x ... on a cube, the stage it enters on a fly); then what the run measured per
//              channel (utilization, occupancy), as real columns.
//   crosspoints: on a lone crossbar, what the run measured per input and output pair.
//   dependencies: where a result draws the channel-dependency graph, one row per dependence of
//              one channel's virtual-channel class on another's (channel_dependencies).
//   turns:     beside a cube's dependencies, one row per turn from a direction into another
//              dimension's, with the dependences that take it (0: the routing forbids it).
struct NetworkMap {
  std::string name;
  std::string label;
  // The shape as the topology parameter names it: mesh, torus, fly, crossbar, router network.
  std::string shape;
  std::vector<ShapeSize> sizes;
  // How the network is drawn, as its topology declares it.
  Drawing drawing;
  // Terminals the machine uses (a machine may use fewer than its shape has).
  int nodes = 0;
  Table routers;
  Table terminals;
  Table channels;
  Table crosspoints;
  Table dependencies;
  Table turns;
};

// What each of a machine's units (PEs, nodes) did over time: time cut into equal bins, and for
// each row, state and bin the share of the bin spent in that state (the rest is idle).
struct Timeline {
  std::string name;
  std::string label;
  std::string time_unit;
  // Bin edges: bins + 1 of them.
  std::vector<double> edges;
  std::vector<std::string> rows;
  std::vector<std::string> states;
  // share[(row * states + state) * bins + bin].
  std::vector<double> shares;

  std::size_t bins() const { return edges.empty() ? 0 : edges.size() - 1; }
  double share(std::size_t row, std::size_t state, std::size_t bin) const {
    return shares[(row * states.size() + state) * bins() + bin];
  }
};

}  // namespace archex
