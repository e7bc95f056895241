#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/trace.h"

namespace archex {

// Each event of a kind, in its order: its time and its fields by name.
inline std::vector<std::pair<double, std::map<std::string, std::uint32_t>>> events(
    const TraceKind& k) {
  std::vector<std::pair<double, std::map<std::string, std::uint32_t>>> out;
  std::size_t i = 0;
  for (std::size_t r = 0; r < k.times.size(); ++r) {
    for (std::uint32_t n = 0; n < k.counts[r]; ++n, ++i) {
      std::map<std::string, std::uint32_t> f;
      for (std::size_t c = 0; c < k.columns.size(); ++c) {
        f[k.spec.fields[c].name] = k.columns[c].at(i);
      }
      out.emplace_back(k.times[r], f);
    }
  }
  return out;
}

}  // namespace archex
