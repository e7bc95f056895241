#pragma once

#include <string>
#include <vector>

#include "core/tables.h"

namespace archex {

// A named number a model reports; its unit and description come from the model's declaration of
// the output (core/outputs.h) unless the scalar gives its own description.
struct Scalar {
  std::string name;
  double value = 0.0;
  std::string unit;
  std::string description;
};

// A named curve: y against x, both with units.
struct Series {
  std::string name;
  std::string label;
  std::string x_name;
  std::string x_unit;
  std::string y_name;
  std::string y_unit;
  std::vector<double> x;
  std::vector<double> y;
  // A name per x value when x numbers categories (messages by kind); empty for a numeric x.
  std::vector<std::string> labels;
  // What the curve is of, the same in every chart of the run (a configuration, a message
  // length), so the charts give it one colour throughout; a model's or fitted curve has the key
  // of the simulated curve it is drawn for. Empty: the series' name is its key.
  std::string key;
};

struct Result {
  std::vector<Scalar> scalars;
  std::vector<Series> series;
  std::vector<NetworkMap> networks;
  std::vector<Timeline> timelines;
  // A sweep point's record as its experiment's RecordTable encodes it (core/record.h); empty in
  // a whole run's result.
  std::vector<double> record;

  // Throw std::out_of_range naming the missing name and the ones there are.
  double scalar(const std::string& name) const;
  const Series& find_series(const std::string& name) const;
  const NetworkMap& find_network(const std::string& name) const;
  const Timeline& find_timeline(const std::string& name) const;
};

}  // namespace archex
