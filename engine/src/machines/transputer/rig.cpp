#include "machines/transputer/rig.h"

#include <utility>
#include <vector>

#include "network/topologies/router_network/router_network.h"

namespace archex::transputer {

Rig::Rig(const T805& t805, const T9000& t9000, const P4& p4, bool t9000_pair, bool c104)
    : p4_(p4) {
  if (t9000_pair) {
    auto topo = std::make_shared<const RouterNetwork>(c104 ? loop_spec(0) : direct_link_spec());
    t9_ = std::make_unique<T9000Net>(t9000, topo, events_);
    t9_->nodes().on_software = [this](int node, Time, double ns) { busy_[node] += ns; };
  } else {
    t8_ = std::make_unique<T805Net>(t805, 2, std::vector<std::pair<int, int>>{{0, 1}}, events_);
    t8_->nodes().on_software = [this](int node, Time, double ns) { busy_[node] += ns; };
  }
}

Transport& Rig::net() { return t9_ ? static_cast<Transport&>(*t9_) : *t8_; }

void Rig::message(Layer layer, int src, int dst, int bytes, Time t, std::shared_ptr<Time> ready,
                  At delivered, At free) {
  switch (layer) {
    case Layer::kRaw:
      if (t9_) {
        t9_->send(src, dst, bytes, t, std::move(ready), std::move(delivered), std::move(free));
      } else {
        t8_->raw(src, dst, bytes, t, std::move(ready), std::move(delivered), std::move(free));
      }
      return;
    case Layer::kRaw32: {
      // The header as a separate raw message; the data is input once it has been taken.
      auto header_in = std::make_shared<Time>(0);
      net().send(src, dst, p4_.header_bytes, t, std::move(ready),
                 [header_in](Time d) { *header_in = d; },
                 [this, src, dst, bytes, header_in, delivered, free](Time f) {
                   net().send(src, dst, bytes, f, header_in, delivered, free);
                 });
      return;
    }
    case Layer::kVcr:
      t8_->send(src, dst, bytes, t, std::move(ready), std::move(delivered), std::move(free));
      return;
    case Layer::kP4:
      p4_send(net(), p4_, src, dst, bytes, t, std::move(delivered), std::move(free));
      return;
  }
}

}  // namespace archex::transputer
