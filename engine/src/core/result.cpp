#include "core/result.h"

#include <stdexcept>

#include "core/names.h"

namespace archex {

double Result::scalar(const std::string& name) const {
  return find_by_name<std::out_of_range>(scalars, name, "no result").value;
}

const Series& Result::find_series(const std::string& name) const {
  return find_by_name<std::out_of_range>(series, name, "no series");
}

}  // namespace archex
