#pragma once

#include <string>

#include "core/result.h"

namespace archex::transputer {

// A curve with its axes and no points yet.
Series series(std::string name, std::string label, std::string x_name, std::string x_unit,
              std::string y_name, std::string y_unit);

}  // namespace archex::transputer
