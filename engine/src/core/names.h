#pragma once

#include <string>

namespace archex {

// Finds the element of `items` whose `.name` is `name`; otherwise throws `Error` with
// "<unknown> '<name>'; valid: a, b, ..." so the message lists every choice there is.
template <class Error, class Items>
const auto& find_by_name(const Items& items, const std::string& name, const std::string& unknown) {
  std::string valid;
  for (const auto& item : items) {
    if (item.name == name) return item;
    valid += (valid.empty() ? "" : ", ") + item.name;
  }
  throw Error(unknown + " '" + name + "'; valid: " + valid);
}

}  // namespace archex
