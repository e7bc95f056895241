#include "network/experiment/network_traffic_plan.h"

#include <utility>

namespace archex::traffic_run {

std::string with_commas(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

void mark_hotspot(NetworkMap& n, const std::vector<int>& hotspots) {
  if (hotspots.empty()) return;
  std::vector<std::int32_t> flags(n.terminals.rows(), 0);
  for (const int h : hotspots) flags[static_cast<std::size_t>(h)] = 1;
  n.terminals.add("hotspot", "", std::move(flags));
}

}  // namespace archex::traffic_run
