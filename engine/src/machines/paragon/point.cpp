#include "machines/paragon/point.h"

#include <cmath>
#include <utility>

namespace archex::paragon {

ProgramsPoint::ProgramsPoint(const MachineParams& m, std::vector<int> dims,
                             std::vector<Program> programs, std::vector<Scalar> tags)
    : machine_(m, std::move(dims)), tags_(std::move(tags)) {
  machine_.load(std::move(programs));
}

bool ProgramsPoint::advance(std::uint64_t budget) {
  for (std::uint64_t i = 0; i < budget && !done_; ++i) done_ = !machine_.step();
  return done_;
}

Result ProgramsPoint::result() const {
  Result r;
  r.scalars = tags_;
  if (done_) r.scalars.push_back({"time_us", machine_.now_us(), "us", "Time the programs took"});
  return r;
}

double time_of(const Result& r) {
  for (const Scalar& s : r.scalars) {
    if (s.name == "time_us") return s.value;
  }
  return std::nan("");
}

Series empty_series(std::string name, std::string label, std::string x_name, std::string x_unit,
                    std::string y_name, std::string y_unit) {
  return Series{std::move(name), std::move(label), std::move(x_name), std::move(x_unit),
                std::move(y_name), std::move(y_unit), {},   {}};
}

}  // namespace archex::paragon
