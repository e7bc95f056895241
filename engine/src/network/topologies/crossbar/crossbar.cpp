#include "network/topologies/crossbar/crossbar.h"

#include <string>

#include "core/param_spec.h"

namespace archex {

Crossbar::Crossbar(int ports) : ports_(ports) {
  if (ports < 2 || ports > 64) {
    throw ParamError("crossbar_ports", "a crossbar of " + std::to_string(ports) +
                                           " ports is out of range; valid range [2, 64]");
  }
}

}  // namespace archex
