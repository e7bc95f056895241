#pragma once

#include <vector>

#include "core/param_table.h"
#include "network/network_params.h"

namespace archex::jmachine {

// The paper every J-Machine model and its constants come from.
constexpr const char* kCitation =
    "M. D. Noakes, D. A. Wallach, W. J. Dally, The J-Machine Multicomputer: An Architectural "
    "Evaluation, ISCA 1993, sections 2-3";

// Costs of the Message-Driven Processor around a message (Noakes, Wallach & Dally, ISCA 1993,
// sec. 2-3), in cycles; node_cost_table() declares them with the J-Machine's values.
struct NodeCosts {
  double send_overhead;   // issuing a send before its first word leaves
  double dispatch;        // creating the handler's task on arrival
  double handler;         // an RPC handler's own instructions besides dispatch and sends
  double suspend;         // a handler that only ends (discarding its message)
  double read_handler;    // a remote read's handler besides dispatch, xlate and the words
  double xlate;           // name translation of the object read, on a hit
  double reply_internal;  // per word of a reply read from internal memory
  double reply_external;  // per word from external memory
  double copy_internal;   // per word of a received message copied to internal memory
  double copy_external;   // per word copied to external memory
};

ParamTable<NodeCosts> node_cost_table();

// The J-Machine network on the cube parameters: 8x8x8 mesh (or `dims`), 0.5 words/cycle
// bidirectional (half-duplex) channels, 1-flit buffers, injection 2 words/cycle, queue at 0.5
// words/cycle holding 128 4-word messages, 12.5 MHz, 36-bit words, and its wire format: a
// one-word routing header ahead of each message's words (header_words).
ParamTable<NetworkParams> network_table(std::vector<double> dims);

// What the programs' runs add to the node: its instruction rate, its faults, the presence-tag
// synchronization of Table 2, and the router's arbitration.
struct MdpCosts {
  double cpi_internal;          // cycles per instruction, code and data in internal memory
  double cpi_external;          // the same from external memory
  double queue_fault;           // entering and leaving the queue-overflow fault handler
  double spill_per_word;        // the handler's copy of a queued word to memory, and back
  double send_fault;            // a send fault's trap, each time the network refuses a word
  int presence_tags;            // 1: synchronize on tags; 0: on separate flag words
  double sync_success_tags;     // Table 2, with tags: reading a present value
  double sync_failure_tags;     // reading an absent value (the fault)
  double sync_write_tags;       // writing a value no thread waits on
  double sync_success_flags;    // Table 2, without tags
  double sync_failure_flags;
  double sync_write_flags;
  double save_cycles;           // saving a suspended thread's state
  double restore_cycles;        // restoring it on restart
  int fixed_priority;           // 1: the router's fixed-priority output arbitration
  int send_buffer_messages;     // messages a node's send path holds before a send faults
};

ParamTable<MdpCosts> mdp_cost_table();

}  // namespace archex::jmachine
