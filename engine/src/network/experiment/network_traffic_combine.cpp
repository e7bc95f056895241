#include "network/experiment/network_traffic_combine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <utility>

#include "network/experiment/network_traffic_outputs.h"
#include "network/routings/routing.h"

namespace archex::traffic_run {

namespace {

// A curve against offered load.
Series sweep_series(const SeriesOutput& out, const std::string& label, const char* y_name) {
  return out(label, "offered load", "flits/node/cycle", y_name);
}

// What the curves' packets are: "8-flit packets", "packets of 1, 8 flits", "requests and
// replies".
std::string packets_label(const LoadPointOptions& o) {
  if (o.request_reply) return "requests and replies";
  if (o.packet_sizes.empty()) return std::to_string(o.packet_flits) + "-flit packets";
  std::string sizes;
  for (const int s : o.packet_sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(s);
  return "packets of " + sizes + " flits";
}

// A scalar a point reported itself, or nullptr.
const Scalar* own_scalar(const Result& outputs, const ScalarOutput& out) {
  for (const Scalar& s : outputs.scalars) {
    if (s.name == out.name()) return &s;
  }
  return nullptr;
}

// Request-reply: each class's latency and accepted load, and the round trip, over the curve,
// from the scalars each point reported (none of latency where it deadlocked).
void add_class_sweep(Result& r, const Plan& plan,
                     const std::vector<PointRecord<TrafficRecord>>& finished) {
  if (!plan.options.request_reply) return;
  Series request = sweep_series(kRequestLatencyVsOffered, "requests", "mean latency");
  Series reply = sweep_series(kReplyLatencyVsOffered, "replies", "mean latency");
  Series round = sweep_series(kRoundTripLatencyVsOffered, "round trip", "mean latency");
  Series request_accepted = sweep_series(kRequestAcceptedVsOffered, "requests", "accepted load");
  Series reply_accepted = sweep_series(kReplyAcceptedVsOffered, "replies", "accepted load");
  for (const PointRecord<TrafficRecord>& f : finished) {
    if (f.point == 0 || f.point >= plan.rates.size()) continue;
    const double offered = plan.rates.at(f.point);
    const auto add = [&](Series& s, const ScalarOutput& out) {
      if (const Scalar* v = own_scalar(f.outputs, out)) {
        s.x.push_back(offered);
        s.y.push_back(v->value);
      }
    };
    add(request_accepted, kRequestAcceptedFlitsPerNodeCycle);
    add(reply_accepted, kReplyAcceptedFlitsPerNodeCycle);
    if (f.record.deadlocked || f.record.saturated) continue;
    add(request, kRequestLatencyMeanCycles);
    add(reply, kReplyLatencyMeanCycles);
    add(round, kRoundTripLatencyMeanCycles);
  }
  for (Series* s : {&request, &reply, &round, &request_accepted, &reply_accepted}) {
    r.series.push_back(std::move(*s));
  }
}

// The curves over the curve's points (1..), from the points done.
void add_sweep(Result& r, const Plan& plan,
               const std::vector<PointRecord<TrafficRecord>>& finished) {
  const std::string label = packets_label(plan.options);
  Series mean = sweep_series(kLatencyVsOffered, label, "mean latency");
  Series p50 = sweep_series(kLatencyP50VsOffered, label + ", median", "latency");
  Series p95 = sweep_series(kLatencyP95VsOffered, label + ", 95th percentile", "latency");
  Series p99 = sweep_series(kLatencyP99VsOffered, label + ", 99th percentile", "latency");
  Series network = sweep_series(kNetworkLatencyVsOffered, label + ", in the network",
                                "mean network latency");
  Series hops = sweep_series(kHopsVsOffered, label, "mean hops");
  Series accepted = sweep_series(kAcceptedVsOffered, label, "accepted load");
  Series least = sweep_series(kAcceptedMinVsOffered, "least served node", "accepted load");
  Series most = sweep_series(kAcceptedMaxVsOffered, "most served node", "accepted load");
  Series by_accepted = kLatencyVsAccepted(label, "accepted load", "flits/node/cycle", "mean latency");
  Series acceptance = sweep_series(kAcceptanceVsOffered, label, "acceptance");
  Series blocking = sweep_series(kBlockingVsOffered, label, "blocking");
  double saturation = -1;
  double deadlock = -1;
  for (const PointRecord<TrafficRecord>& f : finished) {
    if (f.point == 0 || f.point >= plan.rates.size()) continue;
    const TrafficRecord& pt = f.record;
    const double offered = plan.rates.at(f.point);
    const double carried = pt.accepted;
    accepted.x.push_back(offered);
    accepted.y.push_back(carried);
    least.x.push_back(offered);
    least.y.push_back(pt.accepted_min);
    most.x.push_back(offered);
    most.y.push_back(pt.accepted_max);
    acceptance.x.push_back(offered);
    acceptance.y.push_back(pt.acceptance);
    if (plan.circuits) {
      blocking.x.push_back(offered);
      blocking.y.push_back(pt.blocking);
    }
    if (plan.can_deadlock && pt.deadlocked) {
      // Not a point of the latency curves: nothing is delivered once the knot has formed.
      if (deadlock < 0) deadlock = offered;
      continue;
    }
    if (pt.saturated) {
      if (saturation < 0) saturation = offered;
      continue;
    }
    const double latency = pt.latency_mean;
    mean.x.push_back(offered);
    mean.y.push_back(latency);
    by_accepted.x.push_back(carried);
    by_accepted.y.push_back(latency);
    p99.x.push_back(offered);
    p99.y.push_back(pt.latency_p99);
    for (Series* s : {&p50, &p95, &network, &hops}) s->x.push_back(offered);
    p50.y.push_back(pt.latency_p50);
    p95.y.push_back(pt.latency_p95);
    network.y.push_back(pt.network_latency_mean);
    hops.y.push_back(pt.hops_mean);
  }
  if (saturation >= 0) {
    r.scalars.push_back(kLatencyVsOfferedSaturation(saturation));
  }
  if (deadlock >= 0) r.scalars.push_back(kLatencyVsOfferedDeadlock(deadlock));
  r.series.push_back(std::move(mean));
  r.series.push_back(std::move(p99));
  r.series.push_back(std::move(p50));
  r.series.push_back(std::move(p95));
  r.series.push_back(std::move(network));
  r.series.push_back(std::move(hops));
  r.series.push_back(std::move(accepted));
  r.series.push_back(std::move(least));
  r.series.push_back(std::move(most));
  r.series.push_back(std::move(by_accepted));
  r.series.push_back(std::move(acceptance));
  if (plan.circuits) r.series.push_back(std::move(blocking));
}

// A routing's name as a series name's part: "west-first" -> "west_first", "ROMM" -> "romm".
std::string slug(std::string name) {
  for (char& c : name) {
    if (c == ' ' || c == '-') c = '_';
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return name;
}

// compare_routings: each routing's mean latency over the loads it sustained, the chosen one's
// from the curve's points, each other's from its own points (Plan::compare_base).
void add_routing_curves(Result& r, const TrafficParams& p, const Plan& plan,
                        const std::vector<PointRecord<TrafficRecord>>& finished) {
  if (plan.compared.empty()) return;
  const auto curve = [&](int routing, const Plan& its, std::size_t first, bool chosen) {
    const std::string& name = routing_parts().at(static_cast<std::size_t>(routing)).name;
    Series s = kLatencyVsOfferedRouting({slug(name)}, chosen ? name + " (chosen)" : name,
                                        "offered load", "flits/node/cycle", "mean latency");
    for (const PointRecord<TrafficRecord>& f : finished) {
      if (f.point < first || f.point >= first + its.curve_points()) continue;
      if (f.record.saturated || f.record.deadlocked) continue;
      s.x.push_back(its.rates.at(1 + f.point - first));
      s.y.push_back(f.record.latency_mean);
    }
    r.series.push_back(std::move(s));
  };
  curve(p.net.routing, plan, 1, true);
  for (std::size_t i = 0; i < plan.compared.size(); ++i) {
    const int routing = plan.compared[i];
    curve(routing, Plan(under_routing(p, routing)), plan.compare_base() + i * plan.curve_points(),
          false);
  }
}

void add_models(Result& r, const TrafficParams& p, const Plan& plan) {
  r.scalars.push_back(kModelCapacityBound(plan.bound));
  // The walk follows an adaptive routing's dimension-order routes (pattern_load).
  if (plan.topology->adaptive()) r.scalars.push_back(kModelBoundDimensionOrder(1));
  if (plan.cut_bound > 0) r.scalars.push_back(kModelMinimalCutBound(plan.cut_bound));
  const TopologyPart& part = topology_part(p.net);
  if (part.zero_load_model && !plan.circuits) {
    // A mix's packets alike on average: the zero-load latency is the sizes' by their shares.
    double zero_load = 0;
    for (const auto& [flits, share] : packet_size_shares(plan.options)) {
      zero_load += share * pattern_zero_load_latency_cycles(*plan.config.topology, plan.config,
                                                            *plan.pattern, flits);
    }
    r.scalars.push_back(kModelZeroLoadLatencyCycles(zero_load));
  }
  const NetworkConfig& config = plan.config;
  if (part.fifo_saturation && !plan.circuits) {
    const double rate = std::min({config.channel_rate, config.inject_rate, config.eject_rate});
    r.scalars.push_back(kModelFifoSaturation(part.fifo_saturation(p.net) * rate));
  }
  if (part.circuit_acceptance && plan.circuits && p.net.circuit_policy == BlockPolicy::kDrop) {
    Series patel = sweep_series(kModelPatelAcceptance, "model: Patel", "acceptance");
    patel.key = kAcceptanceVsOffered.name();  // drawn for the simulated acceptance
    for (std::size_t i = 1; i < plan.rates.size(); ++i) {
      // Patel's request rate: the share of cycles an input is busy sending.
      const double m = std::min(1.0, plan.rates[i] / config.channel_rate);
      patel.x.push_back(plan.rates[i]);
      patel.y.push_back(part.circuit_acceptance(p.net, m));
    }
    r.series.push_back(std::move(patel));
  }
}

}  // namespace

// The whole result: the chosen point's scalars and series, the curves, the models.
Result combine_traffic(const TrafficParams& p,
                       const std::vector<PointRecord<TrafficRecord>>& finished) {
  const Plan plan(p);
  Result r;
  if (!finished.empty() && finished.front().point == 0) r = finished.front().outputs;
  add_sweep(r, plan, finished);
  add_class_sweep(r, plan, finished);
  add_routing_curves(r, p, plan, finished);
  for (const PointRecord<TrafficRecord>& f : finished) {
    if (f.point != plan.bisection_point()) continue;
    for (const ScalarOutput* out : {&kSaturationBisected, &kSaturationBisectedError}) {
      if (const Scalar* v = own_scalar(f.outputs, *out)) r.scalars.push_back(*v);
    }
  }
  add_models(r, p, plan);
  double cycles = 0;
  for (const PointRecord<TrafficRecord>& f : finished) cycles += f.record.cycles;
  r.scalars.push_back(kTotalSimulatedCycles(cycles));
  return r;
}

}  // namespace archex::traffic_run
