#pragma once

#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/result.h"
#include "core/tables.h"

namespace archex::pie64 {

// What PIE64's experiments share besides the costs: the commands' names, message lengths as a
// parameter and a label, and the machine's networks for the picker.

// The transfer commands in Command's order: as the paper names them, and as output names do.
const std::vector<std::string>& command_names();
const std::vector<std::string>& command_keys();

// The message lengths a model sweeps, `values` by default.
ParamSpec lengths_spec(std::vector<double> values);
// "1 word", "64 words".
std::string words_label(int words);

// PIE64's two networks, the PAN and the DAN: the same 4-ary 3-fly (dan_topology()), the first
// `ius` IUs on each.
std::vector<NetworkMap> networks(int ius);

}  // namespace archex::pie64
