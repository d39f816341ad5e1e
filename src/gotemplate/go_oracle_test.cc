// The engine against real Go: every case of testdata/gotemplate/cases.json
// (the ApplicationSet templates of the fixtures, the corpus and two public
// repositories, and generated cases for each function and printf verb), run
// here and compared with what Go's text/template and Sprig printed for it
// (expected.json, written by ci/gotemplate-oracle; gotemplate_oracle_fresh
// checks it is current where Go is installed).
//
// Where Go prints, the engine prints the same bytes, or refuses with a
// message that says driftlint does not support it. Where Go fails, the
// engine fails with Go's message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "gotemplate/go_template.h"
#include "gotemplate/template_encode.h"

namespace driftlint {
namespace {

nlohmann::json read_json(const std::string& name) {
  std::ifstream in(std::filesystem::path(DRIFTLINT_SOURCE_DIR) / "testdata/gotemplate" / name);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

bool is_refusal(const std::string& message) {
  return message.find("not supported") != std::string::npos ||
         message.find("driftlint does not support") != std::string::npos ||
         message.find("driftlint's limit") != std::string::npos;
}

TEST(GotemplateOracleTest, EveryCaseIsWhatGoPrintsOrARefusal) {
  nlohmann::json table = read_json("cases.json");
  nlohmann::json expected = read_json("expected.json");
  ASSERT_EQ(table["cases"].size(), expected.size()) << "run ci/gotemplate-oracle";
  std::map<std::string, TemplateValue> data;
  for (const auto& [name, value] : table["data"].items()) {
    Expected<TemplateValue> parsed = value_from_yaml_text(value.dump());  // JSON is YAML
    ASSERT_TRUE(parsed) << name;
    data[name] = *parsed;
  }
  int same = 0, refused = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const nlohmann::json& c = table["cases"][i];
    ASSERT_EQ(c["name"], expected[i]["name"]);
    // Where Argo CD's newer Go differs from the oracle's 1.19, the newer one.
    nlohmann::json want = c.contains("newer_go") ? c["newer_go"] : expected[i];
    if (want.contains("output_base64")) want["output"] = *base64_decode(want["output_base64"].get<std::string>());
    std::vector<std::string> option_texts = c.value("options", std::vector<std::string>{});
    Expected<GoTemplateOptions> options = parse_go_template_options(option_texts);
    ASSERT_TRUE(options) << c["name"];
    Expected<std::string> got = render_go_template(c["template"].get<std::string>(), data.at(c["data"]), *options);
    std::string where = c["name"].get<std::string>() + "\n  template: " + c["template"].get<std::string>();
    if (want.contains("output")) {
      if (!got && is_refusal(got.error().message)) {
        ++refused;
        continue;
      }
      EXPECT_TRUE(got) << where << "\n  Go printed: " << want["output"] << "\n  driftlint: " << got.error().message;
      if (got) EXPECT_EQ(*got, want["output"].get<std::string>()) << where;
    } else {
      EXPECT_FALSE(got) << where << "\n  Go failed: " << want["error"] << "\n  driftlint printed: " << *got;
      if (!got && is_refusal(got.error().message)) {
        ++refused;  // past a driftlint limit Go does not have
        continue;
      }
      if (!got && !c.contains("message_differs")) EXPECT_EQ(got.error().message, want["error"].get<std::string>()) << where;
    }
    ++same;
  }
  std::printf("%d cases as Go, %d refused\n", same, refused);
}

}  // namespace
}  // namespace driftlint
