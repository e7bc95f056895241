#include "machines/jmachine/costs.h"

namespace archex::jmachine {

namespace {

ParamSpec cost(const char* name, const char* label, double value, const char* description) {
  return number_param(name, label)
             .unit("cycles").value(value).range(0, 1000).step(1)
             .about(description);
}

}  // namespace

ParamTable<NodeCosts> node_cost_table() {
  ParamTable<NodeCosts> t;
  t.add(&NodeCosts::send_overhead,
        cost("send_overhead_cycles", "Send overhead", 1,
             "Cycles to issue a send before its first word enters the network (the words then "
             "go at the injection rate)."))
      .add(&NodeCosts::dispatch,
           cost("dispatch_cycles", "Dispatch", 4,
                "Cycles to create a handler's task when a message reaches the head of the queue."))
      .add(&NodeCosts::handler,
           cost("handler_cycles", "RPC handler", 11,
                "Instructions of a request or reply handler besides dispatch and its sends."))
      .add(&NodeCosts::suspend, cost("suspend_cycles", "Empty handler", 1,
                                     "A handler that only ends (a message received and "
                                     "discarded)."))
      .add(&NodeCosts::read_handler,
           cost("read_handler_cycles", "Read handler", 17,
                "Instructions of a remote read's handler besides dispatch, name translation, the "
                "reply's words and its send."))
      .add(&NodeCosts::xlate, cost("xlate_cycles", "Name translation", 3,
                                   "Cycles of an xlate (object name to address) that hits."))
      .add(&NodeCosts::reply_internal,
           cost("reply_internal_cycles_per_word", "Reply from internal memory", 2,
                "Cycles per word of a remote read's reply read from on-chip memory."))
      .add(&NodeCosts::reply_external,
           cost("reply_external_cycles_per_word", "Reply from external memory", 8,
                "Cycles per word of a remote read's reply read from external DRAM."))
      .add(&NodeCosts::copy_internal,
           cost("copy_internal_cycles_per_word", "Copy to internal memory", 3,
                "Cycles per word to copy a received message to on-chip memory."))
      .add(&NodeCosts::copy_external,
           cost("copy_external_cycles_per_word", "Copy to external memory", 6,
                "Cycles per word to copy a received message to external DRAM."));
  return t;
}

ParamTable<NetworkParams> network_table(std::vector<double> dims) {
  ParamTable<NetworkParams> t = cube_network_table();
  t.set_default("dims", std::move(dims))
      .set_default("buffer_flits", 1)
      .set_default("channel_words_per_cycle", 0.5)
      .set_default("link_mode", static_cast<double>(LinkMode::kHalfDuplex))
      .set_default("inject_words_per_cycle", 2)
      .set_default("eject_words_per_cycle", 0.5)
      .set_default("receive_queue_words", 512)
      .set_default("clock_mhz", 12.5)
      .set_default("word_bits", 36);
  // The wire format. The first SEND of a message gives its destination, which is not delivered:
  // it goes ahead of the words as the routing header, and the router consumes it (Nuth & Dally,
  // The J-Machine network, ICCD 1992: absolute addressing, dimension-order routing). That the
  // header is sent as flits over the links, one 18-bit flit per dimension (3 on X links, 2 on Y,
  // 1 on Z, each consumed where its dimension is done), comes from a secondary source, the 2026
  // clean-room RTL reconstruction ranvier-labs/j-machine (rtl/mdp_network_output.sv,
  // rtl/j_mesh_router.sv). The network's flits are words, so it is modelled as the destination
  // word itself, two 18-bit flits, carried the whole way and consumed at the destination's router.
  t.add(&NetworkParams::header_words,
        number_param("header_words", "Routing header")
            .unit("words").value(1).range(0, 8).whole()
            .about("Words of routing header (the destination address of a message's first send) "
                   "sent ahead of its words: they take the links like any word, and the "
                   "destination's router consumes them, so they never reach its queue."));
  return t;
}


ParamTable<MdpCosts> mdp_cost_table() {
  const auto per = [](const char* name, const char* label, const char* unit, double value,
                      double max, const char* description) {
    return number_param(name, label)
               .unit(unit).value(value).range(0, max).step(0.01)
               .about(description);
  };
  ParamTable<MdpCosts> t;
  t.add(&MdpCosts::cpi_internal,
        number_param("cpi_internal", "Cycles per instruction, internal memory")
            .unit("cycles").value(12.5 / 5.5).range(1, 20).step(0.01)
            .about("Cycles per instruction with code and data in on-chip memory (5.5 MIPS typical "
                   "at 12.5 MHz)."))
      .add(&MdpCosts::cpi_external,
           number_param("cpi_external", "Cycles per instruction, external memory")
               .unit("cycles").value(12.5 / 2).range(1, 50).step(0.01)
               .about("Cycles per instruction with code and data in external DRAM (under 2 MIPS)."))
      .add(&MdpCosts::queue_fault,
           per("queue_fault_cycles", "Queue-overflow fault", "cycles", 40, 10000,
               "Cycles to enter and leave the queue-overflow fault handler, besides its copies."))
      .add(&MdpCosts::spill_per_word,
           per("spill_cycles_per_word", "Spill per word", "cycles", 6, 1000,
               "Cycles the overflow handler takes per queued word it copies to memory; the same "
               "again to bring it back for dispatch."))
      .add(&MdpCosts::send_fault,
           per("send_fault_cycles", "Send fault", "cycles", 10, 10000,
               "Cycles of the send-fault trap, once per send the network refuses."))
      .add(&MdpCosts::presence_tags,
           choice_param("presence_tags", "Synchronization")
               .choices({"flag words", "presence tags"})
               .value(1)
               .about("Presence tags on the data itself, or a separate flag word tested before (or "
                      "set after) the data (Table 2)."))
      .add(&MdpCosts::sync_success_tags,
           per("sync_success_tags_cycles", "Success, tags", "cycles", 2, 1000,
               "Reading a value that is present, with presence tags."))
      .add(&MdpCosts::sync_failure_tags,
           per("sync_failure_tags_cycles", "Failure, tags", "cycles", 6, 1000,
               "Reading a value that is absent, with presence tags (before the save)."))
      .add(&MdpCosts::sync_write_tags,
           per("sync_write_tags_cycles", "Write, tags", "cycles", 4, 1000,
               "Writing a value with presence tags."))
      .add(&MdpCosts::sync_success_flags,
           per("sync_success_flags_cycles", "Success, flag words", "cycles", 5, 1000,
               "Reading a value that is present, testing a flag word first."))
      .add(&MdpCosts::sync_failure_flags,
           per("sync_failure_flags_cycles", "Failure, flag words", "cycles", 7, 1000,
               "Reading a value that is absent, testing a flag word first (before the save)."))
      .add(&MdpCosts::sync_write_flags,
           per("sync_write_flags_cycles", "Write, flag words", "cycles", 6, 1000,
               "Writing a value and then its flag word."))
      .add(&MdpCosts::save_cycles,
           per("save_cycles", "Save on failure", "cycles", 40, 10000,
               "Saving a thread that suspends on an absent value (Table 2: 30 to 50)."))
      .add(&MdpCosts::restore_cycles,
           per("restore_cycles", "Restore on restart", "cycles", 35, 10000,
               "Restoring a suspended thread when its value arrives (Table 2: 20 to 50)."))
      .add(&MdpCosts::fixed_priority,
           choice_param("arbitration", "Router output arbitration")
               .choices({"round robin", "fixed priority"})
               .value(1)
               .about("Which waiting input a router output serves next: in turn, or always the "
                      "first in a fixed order (the MDP router's), which can starve a node's "
                      "injection."))
      .add(&MdpCosts::send_buffer_messages,
           number_param("send_buffer_messages", "Send buffer")
               .unit("messages").value(1).range(1, 4096).whole()
               .about("Messages a node's send path holds; a send beyond them faults until the "
                      "network takes the words."));
  return t;
}

}  // namespace archex::jmachine
