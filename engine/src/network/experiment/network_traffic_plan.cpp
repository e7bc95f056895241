#include "network/experiment/network_traffic_plan.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/param_spec.h"
#include "network/routings/routing.h"

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

TrafficParams under_routing(const TrafficParams& p, int routing) {
  TrafficParams q = p;
  q.net.routing = routing;
  q.saturation_steps = 0;
  q.compare_routings = CompareRoutings::kOff;
  return q;
}

std::vector<int> compared_routings(const TrafficParams& p) {
  std::vector<int> out;
  if (p.compare_routings == CompareRoutings::kOff) return out;
  for (int r = 0; r < static_cast<int>(routing_parts().size()); ++r) {
    if (r == p.net.routing) continue;
    const TrafficParams q = under_routing(p, r);
    try {
      // A routing the shape does not take, or that needs more virtual channels, is left out.
      const Plan plan(q);
      plan.check(q);
      out.push_back(r);
    } catch (const ParamError&) {
    }
  }
  return out;
}

void traffic_options(const TrafficParams& p, LoadPointOptions& options) {
  const std::vector<int>& sizes = p.packet_sizes;
  const std::vector<double>& shares = p.packet_size_shares;
  const bool mix = !(sizes.size() == 1 && sizes[0] == 0);
  if (mix && std::find(sizes.begin(), sizes.end(), 0) != sizes.end()) {
    throw ParamError("packet_sizes", "0 stands alone (every packet packet_flits long); a mix "
                                     "lists sizes of 1 to 64 flits");
  }
  const std::size_t count = mix ? sizes.size() : 1;
  if (shares.size() != 1 && shares.size() != count) {
    throw ParamError("packet_size_shares",
                     std::to_string(shares.size()) + " shares for " + std::to_string(count) +
                         (count == 1 ? " size" : " sizes") +
                         ": give one share per size of packet_sizes, or one for all alike");
  }
  for (const double share : shares) {
    if (!(share > 0)) {
      throw ParamError("packet_size_shares", "every share must be above 0 (" +
                                                 format_number(share) + " given)");
    }
  }
  if (p.request_reply == RequestReplyMode::kOn) {
    if (mix) {
      throw ParamError("packet_sizes", "request-reply traffic sizes its packets by "
                                       "read_request_flits, read_reply_flits, "
                                       "write_request_flits and write_reply_flits; a mix of "
                                       "sizes is for packets without replies (packet_sizes: 0)");
    }
    options.request_reply = true;
    options.transactions = {p.read_request_flits, p.read_reply_flits, p.write_request_flits,
                            p.write_reply_flits, p.write_fraction};
    return;
  }
  if (!mix) return;
  double sum = 0;
  for (std::size_t i = 0; i < count; ++i) sum += shares.size() == 1 ? shares[0] : shares[i];
  options.packet_sizes = sizes;
  options.packet_shares.clear();
  for (std::size_t i = 0; i < count; ++i) {
    options.packet_shares.push_back((shares.size() == 1 ? shares[0] : shares[i]) / sum);
  }
}

std::vector<std::pair<int, double>> packet_size_shares(const LoadPointOptions& options) {
  if (options.request_reply) {
    const RequestReply& t = options.transactions;
    const double read = (1 - t.write_fraction) / 2;
    const double write = t.write_fraction / 2;
    return {{t.read_request_flits, read},
            {t.read_reply_flits, read},
            {t.write_request_flits, write},
            {t.write_reply_flits, write}};
  }
  if (options.packet_sizes.empty()) return {{options.packet_flits, 1.0}};
  std::vector<std::pair<int, double>> out;
  for (std::size_t i = 0; i < options.packet_sizes.size(); ++i) {
    out.emplace_back(options.packet_sizes[i], options.packet_shares[i]);
  }
  return out;
}

}  // namespace archex::traffic_run
