// A JSON document as the reports write it: what nlohmann's
// dump(2, ' ', false, error_handler_t::replace) writes, byte for byte, in a
// fraction of its time. The serializer checks and copies every string byte
// by byte; reports are mostly plain ASCII strings, which are copied whole
// here (a 19 MB SARIF report of 14,000 findings added 200 ms to a run, most
// of it in the serializer). Documents hold no binary values (no report does).
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace driftlint::yaml {

// Indented by two spaces, no trailing newline; invalid UTF-8 in a string
// becomes U+FFFD, as nlohmann's `replace` handler writes it.
std::string indented_json(const nlohmann::ordered_json& document);
std::string indented_json(const nlohmann::json& document);

}  // namespace driftlint::yaml
