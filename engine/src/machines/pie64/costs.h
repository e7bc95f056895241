#pragma once

#include "core/param_table.h"
#include "machines/pie64/machine.h"

namespace archex::pie64 {

// The paper every PIE64 model and its constants come from.
constexpr const char* kCitation =
    "M. Sato, H. Koike, H. Tanaka, Evaluation of the communication functions of the parallel "
    "computer PIE64 (in Japanese), 1993, sections 2-3";

// An inference unit's costs, each with its value and where it comes from: the one table every
// PIE64 model takes its costs from.
ParamTable<Costs> cost_table();

}  // namespace archex::pie64
