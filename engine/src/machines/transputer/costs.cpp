#include "machines/transputer/costs.h"

#include <string>

namespace archex::transputer {

namespace {

ParamSpec cycles(const char* name, const char* label, double value, double max,
                 const char* what) {
  return number_param(name, label).unit("cycles").value(value).range(0, max).step(0.1).about(what);
}

ParamSpec instructions(const char* name, const char* label, double value, const char* what) {
  return number_param(name, label)
             .unit("instructions").value(value).range(0, 100000).step(1)
             .about(what);
}

ParamTable<Loop> loop_table(const std::string& key, const std::string& name, double fp_int,
                            double fp_fp, double int_instr) {
  auto count = [&](const std::string& suffix, const std::string& label, double value,
                   const std::string& what) {
    ParamSpec s = number_param("", "")
                      .unit("instructions").value(value).range(0, 10000).whole()
                      .about("");
    s.name = key + suffix;
    s.label = name + " " + label;
    s.description = what;
    return s;
  };
  ParamTable<Loop> t;
  t.add(&Loop::fp_int, count("_fp_loop_int", "loop: integer instructions", fp_int,
                             "Integer instructions per iteration of the floating-point version's "
                             "inner loop (fp loads and stores counted here)."))
      .add(&Loop::fp_fp, count("_fp_loop_fp", "loop: floating-point instructions", fp_fp,
                               "Floating-point instructions per iteration of that loop."))
      .add(&Loop::int_instr, count("_int_loop", "integer version: instructions", int_instr,
                                   "Instructions per iteration of the integer version's loop."));
  return t;
}

}  // namespace

ParamTable<Cpu> cpu_table(const char* key, const char* name, double clock_mhz, double int_cycles,
                          double fp_cycles) {
  const std::string k = key;
  const std::string n = name;
  auto spec = [&](const std::string& suffix, const std::string& label, const char* unit,
                  double value, double min, double max, const std::string& what) {
    ParamSpec s = number_param("", "")
                      .unit(unit).value(value).range(min, max).step(0.01)
                      .about("");
    s.name = k + suffix;
    s.label = n + " " + label;
    s.description = what;
    return s;
  };
  ParamTable<Cpu> t;
  t.add(&Cpu::clock_mhz, spec("_clock_mhz", "clock", "MHz", clock_mhz, 1, 1000,
                              "The " + n + "'s processor clock."))
      .add(&Cpu::int_cycles,
           spec("_int_cycles", "cycles per integer instruction", "cycles", int_cycles, 0.05, 100,
                "Mean cycles of an integer instruction (loads and stores included) of the " + n +
                    "; software costs given in instructions take this many cycles each."))
      .add(&Cpu::fp_cycles,
           spec("_fp_cycles", "cycles per floating-point instruction", "cycles", fp_cycles, 0.05,
                100, "Mean cycles of a double-precision floating-point instruction of the " + n +
                         "."));
  return t;
}

ParamTable<Cpu> t805_cpu_table() { return cpu_table("t805", "T805", 25, 5.984, 7); }
ParamTable<Cpu> t9000_cpu_table() { return cpu_table("t9000", "T9000", 20, 1.058, 2); }

ParamTable<T805> t805_table() {
  ParamTable<T805> t;
  t.include(&T805::cpu, t805_cpu_table())
      .add(&T805::link_mbit, number_param("t805_link_mbit", "T805 link speed")
                                 .unit("Mbit/s").value(20).range(1, 1000).step(1)
                                 .about("Bit rate of an OS-link."))
      .add(&T805::data_bits,
           number_param("os_data_bits", "OS-link data packet")
               .unit("bits").value(11).range(3, 64).whole()
               .about("Bits of the packet that carries one byte: two start bits, eight data bits, "
                      "a stop bit."))
      .add(&T805::ack_bits, number_param("os_ack_bits", "OS-link acknowledge")
                                .unit("bits").value(2).range(1, 16).whole()
                                .about("Bits of the acknowledge packet on the reverse wire."))
      .add(&T805::ack_delay_bits,
           number_param("os_ack_delay_bits", "Acknowledge delay")
               .unit("bit times").value(5).range(0, 64).step(0.5)
               .about("Bit times after a byte starts to arrive before its acknowledge starts back "
                      "(the acknowledge overlaps the byte)."))
      .add(&T805::resume_bits,
           number_param("os_resume_bits", "Next byte after acknowledge")
               .unit("bit times").value(5).range(0, 64).step(0.5)
               .about("Bit times after an acknowledge arrives before the sender starts the next "
                      "byte."))
      .add(&T805::raw_send_cycles,
           cycles("t805_send_cycles", "T805 channel output", 40, 100000,
                  "Cycles of a process's output on a hardware channel: the out instruction and "
                  "the descheduling until the link has the message."))
      .add(&T805::raw_recv_cycles,
           cycles("t805_recv_cycles", "T805 channel input", 40, 100000,
                  "Cycles from the last byte's arrival until the receiving process runs again."))
      .add(&T805::vcr_packet_bytes,
           number_param("vcr_packet_bytes", "VCR packet data")
               .unit("bytes").value(32).range(1, 65536).whole()
               .about("Data bytes of one VCR packet; a longer message is cut into several."))
      .add(&T805::vcr_header_bytes,
           number_param("vcr_header_bytes", "VCR packet header")
               .unit("bytes").value(4).range(0, 64).whole()
               .about("Header bytes of each VCR packet (virtual channel and length)."))
      .add(&T805::vcr_message_instr,
           instructions("vcr_message_instr", "VCR cost per message", 13,
                        "Instructions the VCR spends per message at each end (setting up the "
                        "virtual channel transfer, waking the process)."))
      .add(&T805::vcr_packet_instr,
           instructions("vcr_packet_instr", "VCR cost per packet", 80,
                        "Instructions a high-priority VCR process spends per packet at each "
                        "transputer it passes (output, input, multiplexing)."));
  return t;
}

ParamTable<T9000> t9000_table() {
  ParamTable<T9000> t;
  t.include(&T9000::cpu, t9000_cpu_table())
      .add(&T9000::link_mbit, number_param("t9000_link_mbit", "T9000 link speed")
                                  .unit("Mbit/s").value(100).range(1, 10000).step(1)
                                  .about("Bit rate of a DS-link."))
      .add(&T9000::packet_bytes,
           number_param("ds_packet_bytes", "DS-link packet data")
               .unit("bytes").value(32).range(1, 4096).whole()
               .about("Data bytes a packet carries at most; a longer message takes more packets."))
      .add(&T9000::data_token_bits,
           number_param("ds_data_token_bits", "Data token")
               .unit("bits").value(10).range(1, 64).whole()
               .about("Bits of a data token (parity, flag, eight data bits); header bytes are "
                      "data tokens too."))
      .add(&T9000::control_token_bits,
           number_param("ds_control_token_bits", "Control token")
               .unit("bits").value(4).range(1, 64).whole()
               .about("Bits of a control token (end of packet, end of message, flow control)."))
      .add(&T9000::fct_tokens,
           number_param("ds_fct_tokens", "Tokens per flow-control token")
               .unit("tokens").value(8).range(1, 1024).whole()
               .about("Tokens a receiver takes before it sends one flow-control token back."))
      .add(&T9000::vcp_send_cycles,
           cycles("vcp_send_cycles", "VCP per packet (send)", 10, 10000,
                  "Cycles the virtual channel processor takes to start a packet (after the "
                  "message starts or the previous packet's acknowledge arrives)."))
      .add(&T9000::vcp_ack_cycles,
           cycles("vcp_ack_cycles", "VCP per packet (acknowledge)", 17.3, 10000,
                  "Cycles from a packet's end token to the start of its acknowledge."))
      .add(&T9000::raw_send_cycles,
           cycles("t9000_send_cycles", "T9000 channel output", 40, 100000,
                  "Cycles of a process's output on a virtual channel before the VCP starts."))
      .add(&T9000::raw_recv_cycles,
           cycles("t9000_recv_cycles", "T9000 channel input", 40, 100000,
                  "Cycles from the message's last packet until the receiving process runs "
                  "again."))
      .add(&T9000::c104_latency_us,
           number_param("c104_latency_us", "C104 routing latency")
               .unit("us").value(1).range(0, 100).step(0.01)
               .about("Time from a packet's header reaching a C104 to its leaving on the output "
                      "link (interval lookup, header deletion, crossbar)."));
  return t;
}

ParamTable<P4> p4_table() {
  ParamTable<P4> t;
  t.add(&P4::header_bytes,
        number_param("p4_header_bytes", "p4 header message")
            .unit("bytes").value(32).range(0, 4096).whole()
            .about("The message p4 sends before the data (size, type, sender, XDR flag)."))
      .add(&P4::message_instr,
           instructions("p4_message_instr", "p4 cost per message", 366,
                        "Instructions of p4's own code per message at each end (the call, "
                        "buffer allocation and typed-message matching)."))
      .add(&P4::byte_cycles,
           number_param("p4_byte_cycles", "p4 cost per byte")
               .unit("cycles/byte").value(0).range(0, 1000).step(0.01)
               .about("Cycles per byte of buffer management at the receiver (a copy or XDR "
                      "conversion; 0 when the buffer is handed over)."));
  return t;
}

ParamTable<Cpu> i486_cpu_table() { return cpu_table("i486", "i486", 66, 5.562, 10); }
ParamTable<Cpu> r4000_cpu_table() { return cpu_table("r4000", "R4000", 100, 2.667, 4); }

ParamTable<Loop> t805_loop_table() { return loop_table("t805", "T805", 39, 11, 65); }
ParamTable<Loop> t9000_loop_table() { return loop_table("t9000", "T9000", 39, 11, 52); }
ParamTable<Loop> i486_loop_table() { return loop_table("i486", "i486", 18, 11, 32); }
ParamTable<Loop> r4000_loop_table() { return loop_table("r4000", "R4000", 8, 11, 32); }

double fp_cycles(const Cpu& c, const Loop& l) { return l.fp_int * c.int_cycles + l.fp_fp * c.fp_cycles; }
double int_cycles(const Cpu& c, const Loop& l) { return l.int_instr * c.int_cycles; }

}  // namespace archex::transputer
