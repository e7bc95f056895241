#pragma once

#include "core/outputs.h"

// The custom network's outputs, declared once: network_traffic.cpp lists them, the point and the
// combine report through them.
namespace archex::traffic_run {

constexpr ScalarOutput kOfferedFlitsPerNodeCycle{"offered_flits_per_node_cycle", "flits/node/cycle",
                                                 "Offered load of the chosen point"};
constexpr ScalarOutput kAcceptedFlitsPerNodeCycle{
    "accepted_flits_per_node_cycle", "flits/node/cycle",
    "Flits delivered per node per cycle while measuring"};
constexpr ScalarOutput kLatencyMeanCycles{
    "latency_mean_cycles", "cycles",
    "Mean latency, creation to last flit delivered (source queueing in); absent, with the "
    "percentiles, where the point deadlocked"};
constexpr ScalarOutput kLatencyCiCycles{
    "latency_ci_cycles", "cycles",
    "Half-width of the 95 % confidence interval of the mean (batch means); absent where the "
    "point is saturated or measured too few batches to say"};
constexpr ScalarOutput kLatencyP50Cycles{"latency_p50_cycles", "cycles", "Median latency"};
constexpr ScalarOutput kLatencyP95Cycles{"latency_p95_cycles", "cycles", "95th percentile"};
constexpr ScalarOutput kLatencyP99Cycles{"latency_p99_cycles", "cycles", "99th percentile"};
constexpr ScalarOutput kNetworkLatencyMeanCycles{
    "network_latency_mean_cycles", "cycles",
    "Mean network latency of the same packets: from the head leaving the source queue into its "
    "router (a circuit's first set-up attempt) to the last flit delivered, source queueing out; "
    "absent where the point deadlocked"};
constexpr ScalarOutput kHopsMean{
    "hops_mean", "hops",
    "Mean router-to-router channels a measured packet crossed (a circuit's switch-to-switch "
    "channels): above the minimal distance under routings that detour, such as Valiant's; "
    "absent where the point deadlocked"};
constexpr ScalarOutput kAcceptedMinFlitsPerNodeCycle{
    "accepted_min_flits_per_node_cycle", "flits/node/cycle",
    "Fairness: flits delivered per cycle into the node that received the fewest while measuring "
    "(the nodes' mean is the accepted load; 0 where the point deadlocked)"};
constexpr ScalarOutput kAcceptedMaxFlitsPerNodeCycle{
    "accepted_max_flits_per_node_cycle", "flits/node/cycle",
    "Fairness: flits delivered per cycle into the node that received the most while measuring"};
constexpr ScalarOutput kSaturated{
    "saturated", "boolean",
    "The offered load was not sustained (under 90 % of the flits created while measuring "
    "were delivered then, a source queue overflowed, or the measured packets did not drain)"};
constexpr ScalarOutput kDeadlocked{
    "deadlocked", "boolean",
    "A torus without a dateline or an anynet whose routes close a cycle: the network "
    "deadlocked at the chosen load (a cycle of channels each waiting on the next; the point "
    "stopped there)"};
constexpr ScalarOutput kDeadlockCycle{"deadlock_cycle", "cycles",
                                      "Cycle the deadlock was found at (-1: none)"};
constexpr ScalarOutput kDeadlockWatchedCycles{
    "deadlock_watched_cycles", "cycles",
    "A network whose channel-dependency graph has a cycle: the cycles a saturated point ran on "
    "past its judgement without deadlocking (the watch, deadlock_watch_cycles); 0 where it "
    "deadlocked or was not saturated"};
constexpr ScalarOutput kLatencyVsOfferedDeadlock{
    "latency_vs_offered_deadlock", "flits/node/cycle",
    "Lowest offered load of the curve at which the network deadlocked"};
constexpr ScalarOutput kMeasuredPackets{"measured_packets", "packets",
                                        "Packets in the latency statistics"};
constexpr ScalarOutput kSimulatedCycles{"simulated_cycles", "cycles",
                                        "Cycles simulated for the chosen point"};
constexpr ScalarOutput kBisectionGbps{"bisection_gbps", "Gbit/s",
                                      "Traffic across the bisection while measuring"};
constexpr ScalarOutput kBisectionCapacityGbps{"bisection_capacity_gbps", "Gbit/s",
                                              "Peak traffic across the bisection, both directions"};
constexpr ScalarOutput kAcceptance{
    "acceptance", "fraction",
    "Share of the measured packets or connections delivered (not dropped); where the point "
    "deadlocked, the share of every packet created before it stopped"};
constexpr ScalarOutput kBlockingProbability{
    "blocking_probability", "fraction",
    "Share of set-up attempts at a switch output that found it held"};
constexpr ScalarOutput kLatencyVsOfferedSaturation{
    "latency_vs_offered_saturation", "flits/node/cycle",
    "Lowest offered load of the curve that was not sustained"};
constexpr ScalarOutput kSaturationBisected{
    "saturation_bisected", "flits/node/cycle",
    "The saturation search (saturation_steps): the middle of the last interval between the "
    "highest offered load found sustained and the lowest found not (not sustained as `saturated` "
    "says); absent where the search is off or the highest load it tries is sustained"};
constexpr ScalarOutput kSaturationBisectedError{
    "saturation_bisected_error", "flits/node/cycle",
    "Half the width of that last interval: the saturation load lies within this of "
    "saturation_bisected"};
constexpr ScalarOutput kModelCapacityBound{
    "model_capacity_bound", "flits/node/cycle",
    "Model: the most load the chosen pattern can offer before a channel is full (its "
    "channel-load bound along the network's routes)"};
constexpr ScalarOutput kModelBoundDimensionOrder{
    "model_bound_dimension_order", "boolean",
    "The routing adapts: model_capacity_bound is the bound of its minimal routes taken in "
    "dimension order, which spreading over the other minimal routes can beat (absent for a "
    "routing whose own routes the bound walks)"};
constexpr ScalarOutput kModelMinimalCutBound{
    "model_minimal_cut_bound", "flits/node/cycle",
    "Model, under an adaptive routing on a cube: a load no minimal routing passes (the most "
    "loaded cut between two coordinates of a dimension, the load every minimal route carries "
    "across it over its channels); the curve's fractions of the bound (sweep_scale) are read "
    "against it, so the curve passes the adaptive routing's saturation"};
constexpr ScalarOutput kModelZeroLoadLatencyCycles{
    "model_zero_load_latency_cycles", "cycles",
    "Model: mean latency of a packet alone in the network under the chosen pattern's "
    "destinations"};
constexpr ScalarOutput kModelFifoSaturation{
    "model_fifo_saturation", "flits/node/cycle",
    "Model: saturation throughput of an input-queued crossbar with FIFO heads under uniform "
    "traffic (Karol, Hluchyj & Morgan)"};
constexpr ScalarOutput kTotalSimulatedCycles{"total_simulated_cycles", "cycles",
                                             "Cycles simulated over every point of the run"};
constexpr SeriesOutput kLatencyHistogram{
    "latency_histogram", "",
    "Measured packets per latency bin at the chosen load (none where it deadlocked)"};
constexpr SeriesOutput kLatencyVsOffered{"latency_vs_offered", "cycles",
                                         "Mean latency against offered load, the loads sustained"};
constexpr SeriesOutput kLatencyP99VsOffered{"latency_p99_vs_offered", "cycles",
                                            "99th percentile latency against offered load"};
constexpr SeriesOutput kLatencyP50VsOffered{"latency_p50_vs_offered", "cycles",
                                            "Median latency against offered load"};
constexpr SeriesOutput kLatencyP95VsOffered{"latency_p95_vs_offered", "cycles",
                                            "95th percentile latency against offered load"};
constexpr SeriesOutput kNetworkLatencyVsOffered{
    "network_latency_vs_offered", "cycles",
    "Mean network latency (source queueing out) against offered load, the loads sustained"};
constexpr SeriesOutput kHopsVsOffered{
    "hops_vs_offered", "hops",
    "Mean router-to-router channels crossed per packet against offered load, the loads "
    "sustained"};
constexpr SeriesOutput kAcceptedMinVsOffered{
    "accepted_min_vs_offered", "flits/node/cycle",
    "Accepted load of the node that received the fewest flits against offered load"};
constexpr SeriesOutput kAcceptedMaxVsOffered{
    "accepted_max_vs_offered", "flits/node/cycle",
    "Accepted load of the node that received the most flits against offered load"};
constexpr SeriesOutput kAcceptedVsOffered{"accepted_vs_offered", "flits/node/cycle",
                                          "Accepted load against offered load"};
constexpr SeriesOutput kLatencyVsAccepted{"latency_vs_accepted", "cycles",
                                          "Mean latency against accepted load"};
constexpr SeriesOutput kAcceptanceVsOffered{
    "acceptance_vs_offered", "fraction",
    "Share of packets or connections delivered against offered load"};
constexpr SeriesOutput kBlockingVsOffered{
    "blocking_vs_offered", "fraction",
    "Circuit switching: share of set-up attempts blocked against offered load"};
constexpr SeriesOutput kLatencyVsOfferedRouting{
    "latency_vs_offered_routing_*", "cycles",
    "compare_routings: mean latency against offered load under each routing (the chosen one "
    "and every other the shape takes), the loads sustained"};
constexpr SeriesOutput kModelPatelAcceptance{
    "model_patel_acceptance", "fraction",
    "Model: Patel's acceptance of a fly that drops blocked requests"};
constexpr ScalarOutput kRequestLatencyMeanCycles{
    "request_latency_mean_cycles", "cycles",
    "Request-reply: mean latency of the measured requests, creation to last flit delivered"};
constexpr ScalarOutput kReplyLatencyMeanCycles{
    "reply_latency_mean_cycles", "cycles",
    "Request-reply: mean latency of the replies to the measured requests, from the request's "
    "arrival (the reply's creation) to the reply's last flit delivered"};
constexpr ScalarOutput kRequestNetworkLatencyMeanCycles{
    "request_network_latency_mean_cycles", "cycles",
    "Request-reply: mean network latency of the measured requests (source queueing out)"};
constexpr ScalarOutput kReplyNetworkLatencyMeanCycles{
    "reply_network_latency_mean_cycles", "cycles",
    "Request-reply: mean network latency of their replies (source queueing out)"};
constexpr ScalarOutput kRequestAcceptedFlitsPerNodeCycle{
    "request_accepted_flits_per_node_cycle", "flits/node/cycle",
    "Request-reply: request flits delivered per node per cycle while measuring"};
constexpr ScalarOutput kReplyAcceptedFlitsPerNodeCycle{
    "reply_accepted_flits_per_node_cycle", "flits/node/cycle",
    "Request-reply: reply flits delivered per node per cycle while measuring"};
constexpr ScalarOutput kRoundTripLatencyMeanCycles{
    "round_trip_latency_mean_cycles", "cycles",
    "Request-reply: mean round trip, from a measured request's creation to its reply's last "
    "flit delivered"};
constexpr ScalarOutput kRoundTripLatencyP99Cycles{"round_trip_latency_p99_cycles", "cycles",
                                                  "Request-reply: 99th percentile round trip"};
constexpr SeriesOutput kRequestLatencyVsOffered{
    "request_latency_vs_offered", "cycles",
    "Request-reply: mean request latency against offered load, the loads sustained"};
constexpr SeriesOutput kReplyLatencyVsOffered{
    "reply_latency_vs_offered", "cycles",
    "Request-reply: mean reply latency against offered load, the loads sustained"};
constexpr SeriesOutput kRoundTripLatencyVsOffered{
    "round_trip_latency_vs_offered", "cycles",
    "Request-reply: mean round trip against offered load, the loads sustained"};
constexpr SeriesOutput kRequestAcceptedVsOffered{
    "request_accepted_vs_offered", "flits/node/cycle",
    "Request-reply: request flits delivered per node per cycle against offered load (which "
    "counts both classes' flits)"};
constexpr SeriesOutput kReplyAcceptedVsOffered{
    "reply_accepted_vs_offered", "flits/node/cycle",
    "Request-reply: reply flits delivered per node per cycle against offered load (which "
    "counts both classes' flits)"};
constexpr SeriesOutput kLatencyByPacketSize{
    "latency_by_packet_size", "cycles",
    "A mix of packet sizes: mean latency of each size's measured packets at the chosen load"};
constexpr NetworkOutput kChannelUtil{
    "channel_util", "fraction",
    "The network with each channel's utilization and occupancy (the share of the time "
    "packets held it) at the chosen load, the model's expected utilization (model_utilization: "
    "the pattern's load on the channel along the routes the capacity bound walks, times the "
    "offered load, over the channel rate), a crossbar's crosspoints, and under the hotspot "
    "pattern the hot spot (terminals' column hotspot)"};
constexpr NetworkOutput kChannelDependencies{
    "channel_dependencies", "",
    "On a torus, or a mesh under a routing other than dimension order: the channel-dependency "
    "graph of the routing with its virtual-channel classes, its cycles numbered; under an "
    "adaptive routing each channel's tier (adaptive or escape) and the escape channels' own "
    "cycles; on 2 or more dimensions the turns the routing takes and those it forbids"};
constexpr NetworkOutput kDeadlock{
    "deadlock", "",
    "Where the chosen load deadlocked: each channel's place in the knot (-1: off it)"};

}  // namespace archex::traffic_run
