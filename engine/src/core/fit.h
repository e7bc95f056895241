#pragma once

#include <vector>

namespace archex {

// The least-squares line y = intercept + slope x.
struct Line {
  double intercept = 0;
  double slope = 0;
};

// The least-squares line through the points (x[i], y[i]). Fewer than two points (or x and y of
// different lengths): the zero line; all x equal: slope 0 through the mean of y.
Line fit_line(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace archex
