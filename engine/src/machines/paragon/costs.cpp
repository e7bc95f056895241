#include "machines/paragon/costs.h"

namespace archex::paragon {

namespace {

ParamSpec us(const char* name, const char* label, double value, double max,
             const char* description) {
  return number_param(name, label)
             .unit("us").value(value).range(0, max).step(0.01)
             .about(description);
}

}  // namespace

ParamTable<MachineParams> cost_table() {
  ParamTable<MachineParams> t;
  t.add(&MachineParams::link_mb_s,
        number_param("link_mb_s", "Link bandwidth")
            .unit("MB/s").value(175).range(10, 1000).step(1)
            .about("Bytes per microsecond a mesh link carries in each direction."))
      .add(&MachineParams::flit_bytes,
           number_param("flit_bytes", "Flit")
               .unit("bytes").value(16).range(4, 256).whole().step(4)
               .about("Bytes the simulation moves as one flit (one link cycle); a packet takes a "
                      "header flit and its bytes."))
      .add(&MachineParams::buffer_flits,
           number_param("buffer_flits", "Router buffer")
               .unit("flits").value(4).range(1, 64).whole()
               .about("Flits each router input holds (wormhole: a blocked packet waits where it "
                      "is, holding its path)."))
      .add(&MachineParams::receive_queue_packets,
           number_param("receive_queue_packets", "Receive queue")
               .unit("NX packets").value(2).range(1, 64).whole()
               .about("NX packets the network interface holds for the message processor; a full "
                      "queue backs up the mesh."))
      .add(&MachineParams::nx_packet_bytes,
           number_param("nx_packet_bytes", "NX packet")
               .unit("bytes").value(1024).range(64, 65536).whole().step(64)
               .about("Bytes of a message per NX packet."))
      .add(&MachineParams::nx_packet_us,
           us("nx_packet_us", "NX per-packet overhead", 5.83, 100,
              "Message-processor time per NX packet sent or received, besides moving its bytes "
              "at the link rate."))
      .add(&MachineParams::nx_send_message_us,
           us("nx_send_message_us", "NX send overhead", 66.9, 1000,
              "Message-processor time per message sent, before its first packet."))
      .add(&MachineParams::nx_recv_message_us,
           us("nx_recv_message_us", "NX receive overhead", 66.9, 1000,
              "Message-processor time per message received, after its last packet."))
      .add(&MachineParams::nx_post_us,
           us("nx_post_us", "Posting a receive", 79.5, 1000,
              "Compute-processor time to post a receive (hidden when the node is waiting "
              "anyway)."))
      .add(&MachineParams::bsp_packet_bytes,
           number_param("bsp_packet_bytes", "BSP packet")
               .unit("bytes").value(4).range(4, 1024).whole().step(4)
               .about("Data bytes of one BSP packet (one word)."))
      .add(&MachineParams::bsp_header_bytes,
           number_param("bsp_header_bytes", "BSP packet header")
               .unit("bytes").value(16).range(0, 64).whole().step(4)
               .about("Bytes each BSP packet carries besides its data (where to put it)."))
      .add(&MachineParams::bsp_buffer_us,
           us("bsp_buffer_us", "BSP buffering per packet", 6.03, 100,
              "Compute-processor time per BSP packet: half to write it to an output buffer, "
              "half to read it from the input buffer."))
      .add(&MachineParams::bsp_alloc_us,
           us("bsp_alloc_us", "BSP input-buffer allocation", 556.43, 100000,
              "Compute-processor time per superstep to allocate the input buffer."))
      .add(&MachineParams::barrier_call_us,
           us("barrier_call_us", "Barrier call", 579.25, 100000,
              "A node's time in a barrier (NX gsync) besides its rounds: entering the call and "
              "leaving it, paid once a barrier."))
      .add(&MachineParams::barrier_round_us,
           us("barrier_round_us", "Barrier round", 65.85, 10000,
              "Time of one round of the barrier (NX gsync), a dissemination barrier of "
              "ceil(log2 p) rounds: a node leaves a round this long after both it and the node "
              "it hears from have entered it."));
  return t;
}

MachineParams default_params() {
  const ParamTable<MachineParams> t = cost_table();
  ParamValues v;
  for (const ParamSpec& s : t.specs()) v.set(s.name, s.default_value);
  return t.read(v);
}

ParamTable<AppCosts> app_cost_table() {
  ParamTable<AppCosts> costs;
  costs
      .add(&AppCosts::flop_us,
           number_param("flop_us", "Time per flop")
               .unit("us").value(0.147).range(0.001, 10).step(0.001)
               .about("Compute-processor time per floating-point operation of the matrix multiply."))
      .add(&AppCosts::key_us,
           number_param("key_us", "Time per key and level")
               .unit("us").value(0.2).range(0.001, 10).step(0.001)
               .about("Compute-processor time per key per comparison level of a sort or a merge."));
  return costs;
}

}  // namespace archex::paragon
