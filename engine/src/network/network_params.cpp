#include "network/network_params.h"

namespace archex {

std::vector<ParamSpec> network_specs(const NetworkDefaults& d) {
  ParamSpec dims =
      number_spec("dims", "Radix per dimension", "nodes", 8, 2, 32, 1, true,
                  "Nodes along each dimension, 1 to 3 dimensions (8x8x8 is three 8s).");
  dims.max_items = 3;
  dims.default_list = d.dims;
  return {
      choice_spec("topology", "Topology", {"mesh", "torus"}, d.torus ? 1 : 0,
             "Mesh, or torus (wrap-around links; needs 2 or more virtual channels)."),
      dims,
      number_spec("vcs", "Virtual channels", "per channel", d.vcs, 1, 4, 1, true,
                  "Virtual channels per physical channel; a torus splits them into two dateline "
                  "classes."),
      number_spec("buffer_flits", "Buffer per virtual channel", "flits", d.buffer_flits, 1, 64, 1,
                  true, "Flit buffer of each virtual channel at a router input."),
      number_spec("router_delay_cycles", "Router delay", "cycles", d.router_delay_cycles, 0, 16, 1,
                  true, "Cycles a flit spends in each router, on top of one cycle per link."),
      choice_spec("flow_control", "Back-pressure", {"credit", "on/off"}, 0,
             "Credits (the sender counts free slots) or on/off (the receiver signals stop)."),
      number_spec("channel_words_per_cycle", "Channel bandwidth", "words/cycle",
                  d.channel_words_per_cycle, 0.05, 1, 0.05, false,
                  "Words per cycle a channel carries (0.5: a word every second cycle)."),
      choice_spec("link_mode", "Links", {"full duplex", "half duplex"}, d.half_duplex ? 1 : 0,
             "Full duplex: each direction has the channel bandwidth. Half duplex: both directions "
             "share it."),
      number_spec("inject_words_per_cycle", "Injection rate", "words/cycle",
                  d.inject_words_per_cycle, 0.05, 4, 0.05, false,
                  "Words per cycle a node puts into its router."),
      number_spec("eject_words_per_cycle", "Ejection rate", "words/cycle", d.eject_words_per_cycle,
                  0.05, 4, 0.05, false,
                  "Words per cycle the router delivers into the receive queue."),
      number_spec("receive_queue_words", "Receive queue", "words", d.receive_queue_words, 1, 8192,
                  1, true, "Words the receive queue holds; when full, the network backs up."),
      number_spec("clock_mhz", "Clock", "MHz", d.clock_mhz, 1, 10000, 0.1, false,
                  "Cycles per microsecond, to turn words per cycle into bits per second."),
      number_spec("word_bits", "Word width", "bits", d.word_bits, 1, 256, 1, true,
                  "Bits per word (a flit is a word)."),
  };
}

std::shared_ptr<const KNCube> cube_topology(const ParamValues& p) {
  std::vector<int> radix;
  for (const double k : p.list("dims")) radix.push_back(static_cast<int>(k));
  return std::make_shared<const KNCube>(radix, p.number("topology") == 1);
}

NetworkConfig network_config(const ParamValues& p) {
  NetworkConfig c;
  c.topology = cube_topology(p);
  c.vcs = static_cast<int>(p.number("vcs"));
  c.buffer_flits = static_cast<int>(p.number("buffer_flits"));
  c.router_delay_cycles = static_cast<int>(p.number("router_delay_cycles"));
  c.credit_flow = p.number("flow_control") == 0;
  c.channel_rate = p.number("channel_words_per_cycle");
  c.half_duplex = p.number("link_mode") == 1;
  c.inject_rate = p.number("inject_words_per_cycle");
  c.eject_rate = p.number("eject_words_per_cycle");
  c.receive_queue_flits = static_cast<int>(p.number("receive_queue_words"));
  return c;
}

double bisection_capacity_words_per_cycle(const KNCube& cube, const NetworkConfig& config) {
  // A half-duplex link's two directions share one channel's bandwidth.
  return cube.bisection_links() * config.channel_rate * (config.half_duplex ? 1.0 : 2.0);
}

double gbit_per_s(const ParamValues& p, double words_per_cycle) {
  return words_per_cycle * p.number("word_bits") * p.number("clock_mhz") * 1e6 / 1e9;
}

const char* direction_name(int port) {
  static const char* const kNames[] = {"xp", "xm", "yp", "ym", "zp", "zm"};
  return port >= 0 && port < 6 ? kNames[port] : "local";
}

}  // namespace archex
