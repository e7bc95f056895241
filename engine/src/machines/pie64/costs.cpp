#include "machines/pie64/costs.h"

namespace archex::pie64 {

ParamTable<Costs> cost_table() {
  auto clocks = [](const char* name, const char* label, double value, double max, bool integer,
                   const char* what) {
    return number_param(name, label)
               .unit("clocks").value(value).range(0, max).whole(integer).step(integer ? 1 : 0.1)
               .about(what);
  };
  ParamTable<Costs> t;
  t.add(&Costs::ts_te, clocks("ts_te_clocks", "Set-up + release (Ts + Te)", 38.9, 1000, false,
                              "Clocks of one transfer beyond its words on an idle network: the "
                              "command, the NIP's set-up, the circuit's set-up and release "
                              "(sec. 3.2.1)."))
      .add(&Costs::tb, number_param("tb_clocks_per_word", "Transfer time per word (Tb)")
                           .unit("clocks/word").value(1).range(1, 100).whole()
                           .about("Clocks per word once the circuit is complete (sec. 3.2.1)."))
      .add(&Costs::setup_per_switch,
           clocks("setup_clocks_per_switch", "Set-up per switch", 1, 100, true,
                  "Clocks a request takes to cross one further 4x4 switch and reserve its "
                  "output; part of Ts."))
      .add(&Costs::release, clocks("release_clocks", "Release (Te)", 4, 100, true,
                                   "Clocks the path stays held after the last word (parity "
                                   "check, release); part of Ts + Te."))
      .add(&Costs::command, clocks("command_clocks", "Command bus", 2, 100, true,
                                   "Clocks for UNIRED's command to reach the NIP or the MP over "
                                   "the command bus; part of Ts."))
      .add(&Costs::alloc, clocks("alloc_clocks", "WRITEMN buffer allocation", 5, 1000, true,
                                 "Clocks the receiving slave NIP takes to allocate the buffer "
                                 "from its heap, holding the path."))
      .add(&Costs::mp, clocks("mp_clocks", "MP processing per step (Tmp)", 133.1, 10000, false,
                              "Clocks the SPARC MP spends on each step of an MP-Write: UNIRED's "
                              "request, a Req (allocation), an Ack."))
      .add(&Costs::staging, clocks("staging_clocks", "MP staging write", 2, 100, true,
                                   "Clocks the MP holds data bus 2 to write a message into its "
                                   "staging buffer; the DAN master NIP shares that bus."));
  return t;
}

}  // namespace archex::pie64
