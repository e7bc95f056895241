#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace archex {

class Topology;
struct RoutingPart;

// The next hop of a packet: the output port, and the class of virtual channels it may take there
// (virtual channel v belongs to class v % vc_classes()).
struct RouteStep {
  int port = -1;
  int vc_class = 0;
};

// A packet's routing state, 64 bits the network keeps for it from its source on (0 for a new
// one), shared by its routing and the routing's shape: bits 0-7 are the shape's for the leg of
// the route under way, cleared as a routing's next leg starts (a torus's dateline crossed); bits
// 8-23 the shape's for the whole route (a torus's half-way ties, a fat tree's up ports drawn, a
// dragonfly's global channels crossed); bits 24-31 the routing's own (a two-leg route's leg,
// UGAL's choice still to make, O1TURN's order); bits 32-62 the intermediate router (or group) a
// two-leg route goes through. It is committed only when the packet gets an output VC.
using RouteState = std::int64_t;
constexpr RouteState kLegBits = 0xFF;
constexpr int kRouteShift = 8;
constexpr int kRoutingShift = 24;
constexpr int kViaShift = 32;
// The intermediate a state holds, and the state of a route through `via`.
inline int via_of(RouteState state) { return static_cast<int>(state >> kViaShift); }
inline RouteState through(int via) { return static_cast<RouteState>(via) << kViaShift; }

// One output an adaptive routing offers a head: the port, its virtual channels vc_first to
// vc_first + vc_count - 1 (vc_count 0: vc_first to the last), the tier (the router takes a free
// VC of the lowest tier that has one: 0 the adaptive channels, 1 the escape channels) and the
// class the dependency graph files it under.
struct RouteChoice {
  int port = -1;
  int vc_first = 0;
  int vc_count = 0;
  int tier = 0;
  int vc_class = 0;
};
// The most dimensions of a k-ary n-cube (a binary 16-cube has 65,536 nodes).
constexpr int kMostCubeDimensions = 16;
// A torus's minimal adaptive routing on a tie in every dimension (both ways each) and its escape
// port; a fat tree's 16 up ports are fewer.
constexpr int kMostRouteChoices = 2 * kMostCubeDimensions + 1;

// One route a source-adaptive routing (UGAL) may give a packet at its source router: the first
// state it routes by, the output it leaves by, and the weight the flits queued at that output are
// counted with (Network::route_head picks).
struct RouteOption {
  RouteState state = 0;
  int port = -1;
  int weight = 1;
};
constexpr int kMostRouteOptions = 2;

// Which of its routing's groups of classes a hop is in, as its shape maps the group to its own
// virtual-channel classes (Topology::step): the one group of a routing of one (dimension order),
// the first or the second of a routing of two (a two-leg route's legs, O1TURN's orders), or the
// direct route of a two-leg routing, which skipped its intermediate (UGAL's minimal route).
enum class ClassGroup : std::uint8_t { kOnly, kFirst, kSecond, kDirect };

// What a routing asks of a hop (Topology::step): toward the intermediate `via` first (the shape's
// own, as Topology::detour drew it; -1: toward the destination), in the class group `group`, and
// in dimension order or its reverse (`descending`: O1TURN's y first).
struct Toward {
  int via = -1;
  ClassGroup group = ClassGroup::kOnly;
  bool descending = false;
};

// Where a two-leg routing draws its intermediate (Topology::detour): any router alike (Valiant;
// a shape may draw by its own parameters, as a dragonfly's valiant_groups), in the minimal box of
// the two ends (ROMM), or agreeing with both ends in each dimension where they agree (UGAL's on a
// flattened butterfly).
enum class Spread : std::uint8_t { kAnywhere, kMinimalBox, kDifferingDimensions };

// An intermediate drawn for a two-leg route (Topology::detour): the router or group, -1 where
// the route goes directly (the minimal route), and the shape's bits the route starts with (a
// torus's half-way ties, drawn with it).
struct Detour {
  int via = -1;
  RouteState state = 0;
};

// The virtual-channel classes a routing needs, as its shape maps them to its own
// (Topology::vc_classes): a group of the shape's classes for each leg or order of its routes
// (dimension order 1, Valiant's two legs 2), or, with `escape`, Duato's escape channels (the
// shape's dimension order's classes, Topology::escape_classes) under one adaptive class, where
// the shape's minimal routes need them.
struct VcNeeds {
  int groups = 1;
  bool escape = false;
};

// A routing as it runs on a shape: stateless but for its part, so one serves every shape of a
// type, the shape passed in each call (Topology's route, route_start and the rest call it).
// The routings are written once, in network/routings/, against the queries every topology
// answers for its own (topology.h: a hop toward a router, the minimal ports, an intermediate
// drawn from a packet's 64 random bits, a route's hops); a routing file may bind a copy of
// itself to a final shape class too, so those queries are called directly on the per-hop path
// (bind.h).
class Routing {
 public:
  explicit Routing(const RoutingPart& part) : part_(&part) {}
  virtual ~Routing() = default;
  Routing(const Routing&) = delete;
  Routing& operator=(const Routing&) = delete;

  const RoutingPart& part() const { return *part_; }

  // The output port of the route at `router` toward terminal `dest`, for a packet that came in
  // by `in_port`, with its state (see RouteState). By default the shape's own dimension-order
  // hop (an adaptive routing's route too, which the analytical walks follow).
  virtual RouteStep route(const Topology& shape, int router, int in_port, int dest,
                          RouteState& state) const;
  // A routing that draws (RoutingPart::draws) sets a packet's first state from `draw`, 64
  // random bits the network gives each packet as it is sent; route_starts lists every first
  // state it can give (for the dependency graph, which follows each), most_starts the most
  // for any pair.
  virtual RouteState start(const Topology& /*shape*/, int /*src*/, int /*dest*/,
                           std::uint64_t /*draw*/) const {
    return 0;
  }
  virtual std::vector<RouteState> starts(const Topology& /*shape*/, int /*src*/,
                                         int /*dest*/) const {
    return {0};
  }
  virtual double most_starts(const Topology& /*shape*/) const { return 1; }
  // An adaptive routing offers a head several outputs (at most kMostRouteChoices, in the order
  // ties go) instead of one route step; route() is then not called by the network.
  virtual bool adaptive() const { return false; }
  virtual int choices(const Topology& /*shape*/, int /*router*/, int /*in_port*/, int /*dest*/,
                      RouteChoice* /*out*/) const {
    return 0;
  }
  // A source-adaptive routing offers a packet whose route is not chosen yet (its state says so)
  // its routes at `router` (at most kMostRouteOptions, the first the default) instead of
  // choosing alone; the network commits the one it picks, so the choice is made once. 0: no
  // choice here.
  virtual bool chooses() const { return false; }
  virtual int options(const Topology& /*shape*/, int /*router*/, int /*in_port*/, int /*dest*/,
                      RouteState /*state*/, RouteOption* /*out*/) const {
    return 0;
  }

 private:
  const RoutingPart* part_;
};

// A name BookSim2's configuration gives the routing (its routing_function, without the
// topology), on BookSim2's topologies `on`, with a note where archex runs it otherwise. The
// import lists them in the routings' order (network_traffic's foreign names).
struct BooksimName {
  std::string name;
  std::vector<std::string> on;
  std::string note;
};

// A routing as it offers itself to the network's parameters, declared in its own file of
// network/routings/ and listed once in routings.def, in the spirit of the topology parts
// (topologies/part.h): the `routing` choice, its description, which shapes it routes, the
// virtual channels it needs and whether it draws come from here, so nothing else names a
// routing.
struct RoutingPart {
  // Declared by the routing's own file: the `routing` choice's name and its clause in the
  // choice's description;
  std::string name;
  std::string about;
  // why it needs the classes it needs, as a too-few-VCs error says it (Topology::vc_classes_error);
  std::string classes_about;
  // the network's parameters it reads besides `routing` (UGAL's threshold);
  std::vector<std::string> params;
  // BookSim2's names of it (the BookSim2 import reads them through the model's description);
  std::vector<BooksimName> booksim;
  // Its name on some shapes (by the `topology` choice's names), where their own word for it is
  // another: a dragonfly's minimal route.
  struct ShapeName {
    std::string name;
    std::vector<std::string> shapes;
  };
  std::vector<ShapeName> names_on;
  // a circuit may reserve its path by it (it neither draws nor adapts);
  bool circuits = false;
  // the routing bound to a shape it serves (bind.h); throws ParamError naming "routing" for a
  // shape of the right name it cannot route (west-first on a 3-D mesh).
  std::function<std::shared_ptr<const Routing>(const RoutingPart&, const Topology&)> bind;

  // Given by its line in the registry (routings.def): the shapes it serves by the `topology`
  // choice's names (empty: every shape), the classes it needs, and whether it draws a route
  // per packet (Routing::start).
  std::vector<std::string> shapes;
  VcNeeds vcs;
  bool draws = false;

  bool serves(const std::string& shape) const;
};

// Every routing, in the `routing` choice's order (routings.def): a routing's value in links and
// presets is its place there, so a new routing goes last.
const std::vector<RoutingPart>& routing_parts();
// Their names, in that order.
const std::vector<std::string>& routing_names();
// The routing named `name`, or its index; throw std::invalid_argument listing the routings for
// an unknown name.
const RoutingPart& routing_part(const std::string& name);
int routing_index(const std::string& name);
// The shapes of `shapes` (the `topology` choice's names, in order) whose routing is a choice:
// two or more routings serve them.
std::vector<std::string> routed_shapes(const std::vector<std::string>& shapes);
// Throws ParamError naming "routing" where `part` does not route the shape named `shape`,
// naming the routings it takes.
void check_serves(const RoutingPart& part, const std::string& shape);

}  // namespace archex
