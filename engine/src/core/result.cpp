#include "core/result.h"

#include <stdexcept>

namespace archex {

double Result::scalar(const std::string& name) const {
  std::string known;
  for (const auto& s : scalars) {
    if (s.name == name) return s.value;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw std::out_of_range("no result '" + name + "'; results: " + known);
}

const Series& Result::find_series(const std::string& name) const {
  std::string known;
  for (const auto& s : series) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw std::out_of_range("no series '" + name + "'; series: " + known);
}

}  // namespace archex
