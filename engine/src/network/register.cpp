#include "network/register.h"

#include "network/experiment/network_traffic.h"

namespace archex {

void register_network(ModelRegistry& registry) { registry.add(network_traffic_info()); }

}  // namespace archex
