#include "machines/transputer/measures.h"

#include <utility>

namespace archex::transputer {

Series series(std::string name, std::string label, std::string x_name, std::string x_unit,
              std::string y_name, std::string y_unit) {
  Series s;
  s.name = std::move(name);
  s.label = std::move(label);
  s.x_name = std::move(x_name);
  s.x_unit = std::move(x_unit);
  s.y_name = std::move(y_name);
  s.y_unit = std::move(y_unit);
  return s;
}

}  // namespace archex::transputer
