#include "machines/transputer/costs.h"

#include <cmath>
#include <initializer_list>
#include <string>

#include "core/param_spec.h"

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


ParamTable<Loop> t805_loop_table() { return loop_table("t805", "T805", 39, 11, 65); }
ParamTable<Loop> t9000_loop_table() { return loop_table("t9000", "T9000", 39, 11, 52); }

double fp_cycles(const Cpu& c, const Loop& l) {
  return l.fp_int * c.int_cycles + l.fp_fp * c.fp_cycles;
}
double int_cycles(const Cpu& c, const Loop& l) { return l.int_instr * c.int_cycles; }

namespace {

// One class's cycles: `what` names the data sheet's instruction and figure.
ParamSpec class_cycles(const std::string& key, const std::string& name, const char* suffix,
                       const char* label, double value, const std::string& what) {
  ParamSpec s = number_param("", "").unit("cycles").value(value).range(0, 200).step(0.1).about("");
  s.name = key + suffix;
  s.label = name + " " + label;
  s.description = what;
  return s;
}

ParamSpec clock_spec(const std::string& key, const std::string& name, double mhz) {
  ParamSpec s = number_param("", "").unit("MHz").value(mhz).range(1, 1000).step(1).about("");
  s.name = key + "_clock_mhz";
  s.label = name + " clock";
  s.description = "The " + name + "'s processor clock.";
  return s;
}

// Instructions of one class per iteration of a loop.
ParamSpec class_count(const std::string& key, const std::string& name, const char* suffix,
                      const char* label, double value, const std::string& what) {
  ParamSpec s = number_param("", "").unit("instructions").value(value).range(0, 10000).whole()
                    .about("");
  s.name = key + suffix;
  s.label = name + " " + label;
  s.description = what;
  return s;
}

}  // namespace

// Intel486 Microprocessor Programmer's Reference Manual, clock counts on a cache hit.
ParamTable<ClassCpu> i486_cpu_table() {
  const std::string k = "i486", n = "i486";
  ParamTable<ClassCpu> t;
  t.add(&ClassCpu::clock_mhz, clock_spec(k, n, 66))
      .add(&ClassCpu::alu_cycles,
           class_cycles(k, n, "_alu_cycles", "ALU instruction", 1,
                        "A register ALU instruction, MOV or branch not taken: 1 clock."))
      .add(&ClassCpu::shift_cycles,
           class_cycles(k, n, "_shift_cycles", "shift", 2, "SAR r32, imm8: 2 clocks."))
      .add(&ClassCpu::branch_cycles,
           class_cycles(k, n, "_branch_cycles", "taken branch", 3,
                        "A Jcc taken or JMP: 3 clocks."))
      .add(&ClassCpu::mul_cycles,
           class_cycles(k, n, "_mul_cycles", "integer multiply", 48,
                        "IMUL r32, r/m32: 13-42 clocks, early-out on the multiplier's highest "
                        "bit."))
      .add(&ClassCpu::fload_cycles,
           class_cycles(k, n, "_fload_cycles", "fp load", 3, "FLD m64: 3 clocks."))
      .add(&ClassCpu::fstore_cycles,
           class_cycles(k, n, "_fstore_cycles", "fp store", 8, "FSTP m64: 8 clocks."))
      .add(&ClassCpu::fstatus_cycles,
           class_cycles(k, n, "_fstatus_cycles", "fp status to AX", 3,
                        "FNSTSW AX, the compare's condition codes to the integer unit: 3 clocks."))
      .add(&ClassCpu::fmul_cycles,
           class_cycles(k, n, "_fmul_cycles", "fp multiply", 16,
                        "FMUL ST, ST(i) in double precision: 16 clocks (14 from memory); the FPU "
                        "runs one instruction at a time."))
      .add(&ClassCpu::fadd_cycles,
           class_cycles(k, n, "_fadd_cycles", "fp add", 10,
                        "FADD or FSUB: 8-20 clocks, 10 typical."))
      .add(&ClassCpu::fcmp_cycles,
           class_cycles(k, n, "_fcmp_cycles", "fp compare", 4, "FCOM: 4 clocks."));
  return t;
}

// MIPS R4000 Microprocessor User's Manual (Heinrich): pipeline cycles. Its FPU is pipelined: an
// fp instruction costs its repeat rate, the rest of its latency ASSUMED covered by the loop's
// independent operations (zr's and zi's chains); the latencies' sum would be over the measured.
ParamTable<ClassCpu> r4000_cpu_table() {
  const std::string k = "r4000", n = "R4000";
  ParamTable<ClassCpu> t;
  t.add(&ClassCpu::clock_mhz, clock_spec(k, n, 100))
      .add(&ClassCpu::alu_cycles,
           class_cycles(k, n, "_alu_cycles", "ALU instruction", 1,
                        "An ALU instruction, load, store or branch not taken issues in 1 cycle."))
      .add(&ClassCpu::shift_cycles,
           class_cycles(k, n, "_shift_cycles", "shift", 1, "SRA: 1 cycle."))
      .add(&ClassCpu::branch_cycles,
           class_cycles(k, n, "_branch_cycles", "taken branch", 3,
                        "A taken branch: its cycle and 2 idle ones after its delay slot (a "
                        "3-cycle branch delay, the branch resolving in EX)."))
      .add(&ClassCpu::mul_cycles,
           class_cycles(k, n, "_mul_cycles", "integer multiply", 18.1,
                        "MULT until its MFLO has the product: the product is in LO 10 cycles "
                        "after issue, an MFLO before then interlocks."))
      .add(&ClassCpu::fload_cycles,
           class_cycles(k, n, "_fload_cycles", "fp load", 1, "LDC1 issues in 1 cycle."))
      .add(&ClassCpu::fstore_cycles,
           class_cycles(k, n, "_fstore_cycles", "fp store", 1, "SDC1 issues in 1 cycle."))
      .add(&ClassCpu::fmul_cycles,
           class_cycles(k, n, "_fmul_cycles", "fp multiply", 4,
                        "MUL.D's repeat rate: 4 cycles (latency 8)."))
      .add(&ClassCpu::fadd_cycles,
           class_cycles(k, n, "_fadd_cycles", "fp add", 3,
                        "ADD.D or SUB.D's repeat rate: 3 cycles (latency 4)."))
      .add(&ClassCpu::fcmp_cycles,
           class_cycles(k, n, "_fcmp_cycles", "fp compare", 2,
                        "C.cond.D's repeat rate: 2 cycles (latency 3)."));
  return t;
}

namespace {

// Table 1's and 2's totals and the ASSUMED classes within them (`status` adds the fp status
// move, a class the R4000 lacks).
ParamTable<ClassLoop> class_loop_table(const std::string& key, const std::string& name,
                                       double fp_int, double int_instr, bool status,
                                       double fp_fload, double fp_fstore, double fp_fstatus) {
  ParamTable<ClassLoop> t;
  t.include(&ClassLoop::totals, loop_table(key, name, fp_int, 11, int_instr))
      .add(&ClassLoop::fp_fload,
           class_count(key, name, "_fp_loop_fload", "fp loop: fp loads", fp_fload,
                       "Floating-point loads per iteration of the floating-point version (among "
                       "its integer instructions)."))
      .add(&ClassLoop::fp_fstore,
           class_count(key, name, "_fp_loop_fstore", "fp loop: fp stores", fp_fstore,
                       "Floating-point stores per iteration of that loop (among its integer "
                       "instructions)."));
  if (status) {
    t.add(&ClassLoop::fp_fstatus,
          class_count(key, name, "_fp_loop_fstatus", "fp loop: status moves", fp_fstatus,
                      "Moves of the fp compare's condition codes to the integer unit per "
                      "iteration of that loop."));
  }
  t.add(&ClassLoop::fp_branch,
        class_count(key, name, "_fp_loop_branch", "fp loop: taken branches", 1,
                    "Taken branches per iteration of that loop (the jump back)."))
      .add(&ClassLoop::fp_fmul,
           class_count(key, name, "_fp_loop_fmul", "fp loop: fp multiplies", 6,
                       "Floating-point multiplies per iteration: zr*zr and zi*zi for the test "
                       "and again for the new zr, 2*zr and its product with zi."))
      .add(&ClassLoop::fp_fcmp,
           class_count(key, name, "_fp_loop_fcmp", "fp loop: fp compares", 1,
                       "Floating-point compares per iteration (|z|^2 against 4)."))
      .add(&ClassLoop::int_mul,
           class_count(key, name, "_int_loop_mul", "integer version: multiplies", 3,
                       "Integer multiplies per iteration of the integer version: a*a, b*b, "
                       "a*b."))
      .add(&ClassLoop::int_shift,
           class_count(key, name, "_int_loop_shift", "integer version: shifts", 3,
                       "Shifts per iteration of that loop (each product back to fixed point)."))
      .add(&ClassLoop::int_branch,
           class_count(key, name, "_int_loop_branch", "integer version: taken branches", 1,
                       "Taken branches per iteration of that loop (the jump back)."));
  return t;
}

double alu_left(double total, std::initializer_list<double> named) {
  for (const double n : named) total -= n;
  return total;
}

}  // namespace

ParamTable<ClassLoop> i486_class_loop_table() {
  return class_loop_table("i486", "i486", 18, 32, true, 6, 3, 1);
}
ParamTable<ClassLoop> r4000_class_loop_table() {
  return class_loop_table("r4000", "R4000", 8, 32, false, 2, 0, 0);
}

void check_mix(const char* key, const ClassLoop& l) {
  // Counts are whole numbers (their specs say so).
  auto fail = [&](const std::string& total, double have, double named, const char* classes) {
    throw ParamError(std::string(key) + total,
                     std::string(key) + total + ": " + std::to_string(std::lround(have)) +
                         " instructions, fewer than the " + std::to_string(std::lround(named)) +
                         " its " + classes + " name");
  };
  const double fp_int = l.fp_fload + l.fp_fstore + l.fp_fstatus + l.fp_branch;
  if (fp_int > l.totals.fp_int) {
    fail("_fp_loop_int", l.totals.fp_int, fp_int, "fp loads, stores, status moves and branches");
  }
  if (l.fp_fmul + l.fp_fcmp > l.totals.fp_fp) {
    fail("_fp_loop_fp", l.totals.fp_fp, l.fp_fmul + l.fp_fcmp, "fp multiplies and compares");
  }
  const double in = l.int_mul + l.int_shift + l.int_branch;
  if (in > l.totals.int_instr) {
    fail("_int_loop", l.totals.int_instr, in, "multiplies, shifts and branches");
  }
}

double fp_cycles(const ClassCpu& c, const ClassLoop& l) {
  const double alu = alu_left(l.totals.fp_int, {l.fp_fload, l.fp_fstore, l.fp_fstatus,
                                                l.fp_branch});
  const double fadd = alu_left(l.totals.fp_fp, {l.fp_fmul, l.fp_fcmp});
  return alu * c.alu_cycles + l.fp_fload * c.fload_cycles + l.fp_fstore * c.fstore_cycles +
         l.fp_fstatus * c.fstatus_cycles + l.fp_branch * c.branch_cycles +
         l.fp_fmul * c.fmul_cycles + fadd * c.fadd_cycles + l.fp_fcmp * c.fcmp_cycles;
}

double int_cycles(const ClassCpu& c, const ClassLoop& l) {
  const double alu = alu_left(l.totals.int_instr, {l.int_mul, l.int_shift, l.int_branch});
  return alu * c.alu_cycles + l.int_mul * c.mul_cycles + l.int_shift * c.shift_cycles +
         l.int_branch * c.branch_cycles;
}

}  // namespace archex::transputer
