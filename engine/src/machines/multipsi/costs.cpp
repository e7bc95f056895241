#include "machines/multipsi/costs.h"

#include "core/param_spec.h"

namespace archex::fghc {

ParamTable<Costs> cost_table() {
  auto ms = [](const char* name, const char* label, double value, const char* what) {
    return number_param(name, label)
               .unit("ms").value(value).range(0, 1000).step(0.001)
               .about(what);
  };
  ParamTable<Costs> costs;
  costs
      .add(&Costs::reduction_ms,
           ms("reduction_ms", "Reduction time", kTable1.reduction_ms,
              "CPU time of one goal reduction, guard tests included (Table 1)."))
      .add(&Costs::builtin_ms,
           ms("builtin_ms", "Built-in call time", 0.376,
              "CPU time of one arithmetic built-in predicate call (:=) on top of its reduction."))
      .add(&Costs::message_ms,
           ms("message_ms", "Message software time", kMessageMs,
              "Software time of any message, sender and receiver together."))
      .add(&Costs::throw_goal_ms,
           ms("throw_goal_ms", "throw_goal extra time", kThrowGoalMs,
              "Extra software time of a throw_goal: goal record and AND-tree maintenance."))
      .add(&Costs::word_ms,
           ms("word_ms", "Per-word software time", kWordMs,
              "Software time per message word, an argument or a copied list cell (composing and "
              "decomposing 40-bit words as bytes), sender and receiver together."))
      .add(&Costs::send_share,
           number_param("send_share", "Sender's share")
               .unit("fraction").value(0.5).range(0, 1).step(0.05)
               .about("Fraction of a message's software time spent on the sending PE."))
      .add(&Costs::firmware_ms,
           ms("firmware_ms", "Firmware time per message end", kTable1.firmware_ms / 4,
              "Firmware send or receive control time, on each of the two PEs (Table 1: 0.22 ms "
              "over two messages)."))
      .add(&Costs::hop_ms,
           ms("hop_ms", "Network time per hop", kTable1.hardware_ms / 2,
              "Hardware transfer time per hop (Table 1: 0.07 ms over two one-hop messages)."))
      .add(&Costs::copy_cells,
           number_param("copy_cells", "Lists copied up to")
               .unit("cells").value(3).range(0, 12).whole()
               .about("Lists up to this long travel inside a throw_goal; longer ones stay behind "
                      "as exported references that the receiver reads (read_value / return_value)."));
  return costs;
}

Costs default_costs() {
  const ParamTable<Costs> table = cost_table();
  return table.read(resolve_params("multipsi_queens", table.specs(), {}));
}

}  // namespace archex::fghc
