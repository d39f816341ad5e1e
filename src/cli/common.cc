#include <iostream>

#include "cli/commands.h"

namespace driftlint::cli {

void print_error(const std::string& message) { std::cerr << "driftlint: error: " << message << "\n"; }

}  // namespace driftlint::cli
