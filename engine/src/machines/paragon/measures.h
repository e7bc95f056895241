#pragma once

#include <string>
#include <vector>

#include "core/fit.h"
#include "core/param_spec.h"
#include "core/param_table.h"
#include "core/result.h"
#include "machines/paragon/costs.h"

namespace archex::paragon {

// What the Paragon's experiments share besides the costs.

// The fitted line drawn over the x range of `s`, keyed as `s` is (drawn in its colour).
Series line_over(std::string name, std::string label, const Series& s, const Line& l);

// A parameter table that starts with the machine's costs (as `P::m`).
template <class P>
ParamTable<P> with_machine() {
  ParamTable<P> t;
  t.include(&P::m, cost_table());
  return t;
}

// The mesh configurations a model sweeps, `values` by default.
ParamSpec processors_spec(std::vector<double> values, const char* description);

}  // namespace archex::paragon
