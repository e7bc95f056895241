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

const NetworkMap& Result::find_network(const std::string& name) const {
  return find_by_name<std::out_of_range>(networks, name, "no network");
}

const Timeline& Result::find_timeline(const std::string& name) const {
  return find_by_name<std::out_of_range>(timelines, name, "no timeline");
}

}  // namespace archex
