#include "core/fit.h"

#include <cstddef>

namespace archex {

Line fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() < 2 || x.size() != y.size()) return {};
  const auto n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  const double den = n * sxx - sx * sx;
  if (den == 0) return {sy / n, 0};
  const double slope = (n * sxy - sx * sy) / den;
  return {(sy - slope * sx) / n, slope};
}

}  // namespace archex
