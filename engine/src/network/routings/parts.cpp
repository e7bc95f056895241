#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "network/routings/routing.h"

namespace archex {

// Each routing's part, defined in its own file of network/routings/ and named in routings.def.
#define ROUTING(part, ...) RoutingPart part();
#include "network/routings/routings.def"
#undef ROUTING

namespace {

// A routing as its registry line gives it: the shapes it serves (none named: every shape), the
// virtual-channel classes it needs and whether it draws a route per packet.
RoutingPart line(RoutingPart part, std::vector<std::string> shapes, VcNeeds vcs, bool draws) {
  part.shapes = std::move(shapes);
  part.vcs = vcs;
  part.draws = draws;
  return part;
}

constexpr bool kDraws = true;
constexpr bool kFixed = false;

}  // namespace

const std::vector<RoutingPart>& routing_parts() {
  // routings.def's lines, in its order (the `routing` choice's).
  static const std::vector<RoutingPart> parts = {
#define ROUTING(part, ...) line(part(), __VA_ARGS__),
#include "network/routings/routings.def"
#undef ROUTING
  };
  return parts;
}

bool RoutingPart::serves(const std::string& shape) const {
  return shapes.empty() || std::find(shapes.begin(), shapes.end(), shape) != shapes.end();
}

const std::vector<std::string>& routing_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const RoutingPart& part : routing_parts()) out.push_back(part.name);
    return out;
  }();
  return names;
}

int routing_index(const std::string& name) {
  const std::vector<std::string>& names = routing_names();
  std::string valid;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
    valid += (i == 0 ? "" : ", ") + names[i];
  }
  throw std::invalid_argument("unknown routing '" + name + "'; valid: " + valid);
}

const RoutingPart& routing_part(const std::string& name) {
  return routing_parts()[static_cast<std::size_t>(routing_index(name))];
}

std::vector<std::string> routed_shapes(const std::vector<std::string>& shapes) {
  std::vector<std::string> out;
  for (const std::string& shape : shapes) {
    const auto serving = std::count_if(routing_parts().begin(), routing_parts().end(),
                                       [&](const RoutingPart& r) { return r.serves(shape); });
    if (serving > 1) out.push_back(shape);
  }
  return out;
}

void check_serves(const RoutingPart& part, const std::string& shape) {
  if (part.serves(shape)) return;
  std::vector<std::string> takes;
  bool own = true;
  for (const RoutingPart& r : routing_parts()) {
    if (!r.serves(shape)) continue;
    takes.push_back(r.name);
    own = own && r.shapes.empty();
  }
  if (own) {
    throw ParamError("routing", part.name + " does not route a " + shape +
                                    "; it has its own routing (routing: " +
                                    routing_parts().front().name + ")");
  }
  std::string list;
  for (std::size_t i = 0; i < takes.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == takes.size() ? " or " : ", ") + takes[i];
  }
  throw ParamError("routing", part.name + " does not route a " + shape + "; a " + shape +
                                  " takes " + list);
}

}  // namespace archex
