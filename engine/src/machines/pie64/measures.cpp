#include "machines/pie64/measures.h"

#include <memory>
#include <utility>

#include "machines/pie64/machine.h"
#include "network/topologies/describe.h"

namespace archex::pie64 {

const std::vector<std::string>& command_names() {
  static const std::vector<std::string> names = {"WRITEX", "WRITEMN", "MP-Write"};
  return names;
}

const std::vector<std::string>& command_keys() {
  static const std::vector<std::string> keys = {"writex", "writemn", "mpwrite"};
  return keys;
}

ParamSpec lengths_spec(std::vector<double> values) {
  return number_param("lengths", "Message lengths")
             .unit("words").value(1).range(1, 4096).whole()
             .about("Words per message; one curve or point per length.")
             .max_items(24).default_list(std::move(values));
}

std::string words_label(int words) {
  return std::to_string(words) + (words == 1 ? " word" : " words");
}

std::vector<NetworkMap> networks(int ius) {
  const std::shared_ptr<const Fly> fly = dan_topology();
  return {describe_network(*fly, "pan", "PAN", ius), describe_network(*fly, "dan", "DAN", ius)};
}

}  // namespace archex::pie64
