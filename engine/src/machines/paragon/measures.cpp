#include "machines/paragon/measures.h"

#include <utility>

namespace archex::paragon {

Series line_over(std::string name, std::string label, const Series& s, const Line& l) {
  Series out = s;
  out.key = s.key.empty() ? s.name : s.key;
  out.name = std::move(name);
  out.label = std::move(label);
  out.y.clear();
  for (const double x : out.x) out.y.push_back(l.intercept + l.slope * x);
  return out;
}

ParamSpec processors_spec(std::vector<double> values, const char* description) {
  return number_param("processors", "Configurations")
      .unit("processors").value(8).range(2, 100).whole()
      .about(description)
      .max_items(8).default_list(std::move(values));
}

}  // namespace archex::paragon
