#pragma once

#include "core/param_table.h"

namespace archex::transputer {

// The paper every transputer model and its constants come from.
constexpr const char* kCitation =
    "S. J. Turner, A. Back, A T9000 implementation of the p4 parallel programming model "
    "(University of Exeter, 1994), sec. 4";

// A processor as instruction timings: software costs are instructions times the cycles of an
// integer instruction at the clock (the same p4 code runs on both transputers).
struct Cpu {
  double clock_mhz;
  double int_cycles;
  double fp_cycles;
  double cycles_ns(double cycles) const { return cycles * 1000.0 / clock_mhz; }
  double instr_ns(double instructions) const { return cycles_ns(instructions * int_cycles); }
};

// The T805 and its OS-links; virtual channels in software (the Inmos VCR).
struct T805 {
  Cpu cpu;
  double link_mbit;
  int data_bits;
  int ack_bits;
  double ack_delay_bits;
  double resume_bits;
  double raw_send_cycles;
  double raw_recv_cycles;
  int vcr_packet_bytes;
  int vcr_header_bytes;
  double vcr_message_instr;
  double vcr_packet_instr;
};

// The T9000 and its DS-links; virtual channels in hardware (the VCP); C104 routers.
struct T9000 {
  Cpu cpu;
  double link_mbit;
  int packet_bytes;
  int data_token_bits;
  int control_token_bits;
  int fct_tokens;
  double vcp_send_cycles;
  double vcp_ack_cycles;
  double raw_send_cycles;
  double raw_recv_cycles;
  double c104_latency_us;
};

// p4's message passing on top of either: a header message before the data, typed buffering.
struct P4 {
  int header_bytes;
  double message_instr;
  double byte_cycles;
};

// A processor's clock and cycles per instruction class; `key` prefixes the names (t805_...).
ParamTable<Cpu> cpu_table(const char* key, const char* name, double clock_mhz, double int_cycles,
                          double fp_cycles);
// The two transputers' processors with their defaults (their clocks are the paper's).
ParamTable<Cpu> t805_cpu_table();
ParamTable<Cpu> t9000_cpu_table();
ParamTable<T805> t805_table();
ParamTable<T9000> t9000_table();
ParamTable<P4> p4_table();

// A processor's inner loop per iteration: Table 1 (integer and floating-point instructions of
// the double-precision version) and Table 2 (instructions of the integer version).
struct Loop {
  double fp_int;
  double fp_fp;
  double int_instr;
};

// Each processor's Mandelbrot loop: Table 1's instruction counts of the double-precision version
// and Table 2's of the integer version.
ParamTable<Loop> t805_loop_table();
ParamTable<Loop> t9000_loop_table();

// Cycles of one iteration of the floating-point and of the integer version.
double fp_cycles(const Cpu& c, const Loop& l);
double int_cycles(const Cpu& c, const Loop& l);

// The i486 and the R4000 of Tables 1 and 2, timed per instruction class from their data sheets.
// The integer multiply is a class of its own: the integer version's multiplies are not charged to
// the floating-point version's loads, stores and loop control. A class a processor lacks (the
// i486's status word move on the R4000) stays at 0.
struct ClassCpu {
  double clock_mhz;
  double alu_cycles;      // register ALU, move, a branch not taken
  double shift_cycles;    // an arithmetic shift by a constant
  double branch_cycles;   // a taken branch, with the pipeline's refill
  double mul_cycles;      // a 32-bit integer multiply until its product is used
  double fload_cycles = 0;
  double fstore_cycles = 0;
  double fstatus_cycles = 0;  // the fp compare's result moved to the integer unit
  double fmul_cycles;
  double fadd_cycles;
  double fcmp_cycles;
};

// A loop's instructions by class. Tables 1 and 2 give the totals; the split is ASSUMED, and the
// ALU class (among the fp instructions, adds and subtracts) holds what the named classes leave.
struct ClassLoop {
  Loop totals;
  double fp_fload = 0;
  double fp_fstore = 0;
  double fp_fstatus = 0;
  double fp_branch;
  double fp_fmul;
  double fp_fcmp;
  double int_mul;
  double int_shift;
  double int_branch;
};

ParamTable<ClassCpu> i486_cpu_table();
ParamTable<ClassCpu> r4000_cpu_table();
ParamTable<ClassLoop> i486_class_loop_table();
ParamTable<ClassLoop> r4000_class_loop_table();

// Throws ParamError when a loop's named classes hold more instructions than its total.
void check_mix(const char* key, const ClassLoop& l);
double fp_cycles(const ClassCpu& c, const ClassLoop& l);
double int_cycles(const ClassCpu& c, const ClassLoop& l);

}  // namespace archex::transputer
