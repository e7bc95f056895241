#include "machines/paragon/point.h"

namespace archex::paragon {

const RecordTable<ProgramsTime>& programs_time_record() {
  static const RecordTable<ProgramsTime> table =
      RecordTable<ProgramsTime>().add(&ProgramsTime::time_us);
  return table;
}

}  // namespace archex::paragon
