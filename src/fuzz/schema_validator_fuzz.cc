// libFuzzer target: schema compilation and validation, and declarative rule
// files. The input is a schema (JSON), a NUL byte, and a YAML instance.
// Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/declarative.h"
#include "schema/validator.h"
#include "yaml/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t split = text.find('\0');
  std::string_view schema_text = text.substr(0, split);
  std::string_view instance_text = split == std::string_view::npos ? std::string_view() : text.substr(split + 1);
  nlohmann::json schema = nlohmann::json::parse(schema_text, nullptr, false);
  if (!schema.is_discarded()) {
    for (bool kubernetes : {false, true}) {
      driftlint::SchemaOptions options;
      options.kubernetes = kubernetes;
      auto compiled = driftlint::Schema::compile(schema, options);
      if (!compiled) continue;
      driftlint::yaml::ParsedFile instance = driftlint::yaml::parse_yaml(instance_text);
      for (const auto& d : instance.documents) driftlint::validate(**compiled, d.root);
    }
  }
  driftlint::parse_declarative_rules(instance_text, "fuzz.yaml");
  return 0;
}
