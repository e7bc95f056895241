#pragma once

#include <cstddef>
#include <vector>

namespace archex {

// The method of batch means: a run's samples are cut into batches of equal time, and the spread
// of the batch means gives a confidence interval for the mean that allows for the correlation of
// samples close in time (Dally & Towles 2004, sec. 24.3).
class BatchMeans {
 public:
  explicit BatchMeans(std::size_t min_batches) : min_batches_(min_batches) {}

  void add(double sample) {
    sum_ += sample;
    ++count_;
    total_ += sample;
    ++samples_;
  }
  // Ends the current batch; a batch without samples is left out.
  void close_batch();

  std::size_t batches() const { return means_.size(); }
  std::size_t samples() const { return samples_; }
  // The mean of every sample added.
  double mean() const { return samples_ > 0 ? total_ / static_cast<double>(samples_) : 0; }
  // Half-width of the 95 % interval (Student's t) of the mean of the batch means; infinite until
  // there are min_batches batches.
  double half_width() const;
  // The interval is within `relative` of the mean.
  bool converged(double relative) const;

 private:
  std::size_t min_batches_;
  double sum_ = 0;
  std::size_t count_ = 0;
  double total_ = 0;
  std::size_t samples_ = 0;
  std::vector<double> means_;
};

}  // namespace archex
