#include <iostream>
#include <new>

#include "cli/commands.h"

namespace driftlint::cli {

void print_error(const std::string& message) { std::cerr << "driftlint: error: " << message << "\n"; }

int run_guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const std::bad_alloc&) {
    print_error("internal error: out of memory");
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
  } catch (...) {
    print_error("internal error: unknown exception");
  }
  return kExitInternal;
}

}  // namespace driftlint::cli
