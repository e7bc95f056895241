#pragma once

#include "core/param_table.h"

namespace archex::paragon {

// The paper every Paragon model and its constants come from.
constexpr const char* kCitation =
    "B. H. H. Juurlink, Experimental Validation of Parallel Computation Models on the Intel "
    "Paragon, IPPS/SPDP 1998";

// The Intel Paragon's node and network parameters (Juurlink, IPPS/SPDP 1998, sec. 2 and 3);
// cost_table() declares them with their sources. Times in microseconds.
struct MachineParams {
  // Network: 175 MB/s links moved as flits of `flit_bytes` (one flit per link cycle).
  double link_mb_s;
  int flit_bytes;
  int buffer_flits;
  int receive_queue_packets;
  // NX on the message processor.
  int nx_packet_bytes;
  double nx_packet_us;        // per NX packet sent or received, besides moving its bytes
  double nx_send_message_us;  // per message sent
  double nx_recv_message_us;  // per message received
  double nx_post_us;          // compute processor, per receive posted
  // The BSP library (compute processor) and the local work of the applications.
  int bsp_packet_bytes;
  int bsp_header_bytes;
  double bsp_buffer_us;  // per packet: written to the output queue, read from the input queue
  double bsp_alloc_us;   // input-buffer allocation per superstep
  double barrier_call_us;   // a gsync call's own time besides its rounds: entering, leaving
  double barrier_round_us;  // one round of the dissemination barrier (NX gsync)
};

ParamTable<MachineParams> cost_table();
// The table's defaults: the Paragon as calibrated.
MachineParams default_params();

// Local work of the application kernels on the i860 XP compute processor.
struct AppCosts {
  double flop_us;  // per floating-point operation (a multiply-add is two)
  double key_us;   // per key per comparison level of a sort or merge
};

// The application kernels' local work, with its values and sources.
ParamTable<AppCosts> app_cost_table();

}  // namespace archex::paragon
