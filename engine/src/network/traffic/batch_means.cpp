#include "network/traffic/batch_means.h"

#include <cmath>
#include <limits>

namespace archex {

namespace {

// Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom; the normal 1.96 past.
double t95(std::size_t df) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                      2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                      2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                      2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  return df >= 1 && df <= 30 ? kTable[df - 1] : 1.96;
}

}  // namespace

void BatchMeans::close_batch() {
  if (count_ > 0) means_.push_back(sum_ / static_cast<double>(count_));
  sum_ = 0;
  count_ = 0;
}

double BatchMeans::half_width() const {
  const std::size_t b = means_.size();
  if (b < min_batches_ || b < 2) return std::numeric_limits<double>::infinity();
  double mean = 0;
  for (const double m : means_) mean += m;
  mean /= static_cast<double>(b);
  double var = 0;
  for (const double m : means_) var += (m - mean) * (m - mean);
  var /= static_cast<double>(b - 1);
  return t95(b - 1) * std::sqrt(var / static_cast<double>(b));
}

bool BatchMeans::converged(double relative) const { return half_width() <= relative * mean(); }

}  // namespace archex
