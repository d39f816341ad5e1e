#include "gotemplate/template_value.h"

#include <gtest/gtest.h>

#include "gotemplate/template_encode.h"

namespace driftlint {
namespace {

TEST(TemplateValueTest, FloatsPrintAsGoPrintsThem) {
  EXPECT_EQ(go_format_float(3), "3");
  EXPECT_EQ(go_format_float(123456), "123456");
  EXPECT_EQ(go_format_float(1234567), "1.234567e+06");
  EXPECT_EQ(go_format_float(1e6), "1e+06");
  EXPECT_EQ(go_format_float(0.0001), "0.0001");
  EXPECT_EQ(go_format_float(0.00001), "1e-05");
  EXPECT_EQ(go_format_float(-2.5), "-2.5");
  EXPECT_EQ(go_format_float(0), "0");
  EXPECT_EQ(go_format_float(1e100), "1e+100");
}

TEST(TemplateValueTest, YamlReadsAsJsonUnmarshalWould) {
  TemplateValue v = *value_from_yaml_text("a: 8080\nb: 'x'\nc: [true, null, 1.5]\nd: {e: f}\n");
  EXPECT_TRUE(v.find("a")->is(TemplateValue::Kind::Float));
  EXPECT_EQ(go_format(v), "map[a:8080 b:x c:[true <nil> 1.5] d:map[e:f]]");
  EXPECT_TRUE(deep_equal(v, v.deep_copy()));
  EXPECT_FALSE(deep_equal(*v.find("a"), TemplateValue::integer(8080)));  // float64 is not int
  EXPECT_FALSE(go_truth(TemplateValue::map()));
  EXPECT_TRUE(go_truth(*v.find("d")));
}

TEST(TemplateValueTest, MapsAreSharedLikeGoMaps) {
  TemplateValue a = TemplateValue::map({{"k", TemplateValue::string("v")}});
  TemplateValue b = a;
  (*b.shared_map())["k2"] = TemplateValue::string("w");
  EXPECT_NE(a.find("k2"), nullptr);
  TemplateValue c = a.deep_copy();
  (*c.shared_map())["k3"] = TemplateValue::null();
  EXPECT_EQ(a.find("k3"), nullptr);
}

TEST(TemplateValueTest, DeepValuesAreFreedAndPrintedWithoutRecursion) {
  TemplateValue v = TemplateValue::string("leaf");
  for (int i = 0; i < 300000; ++i) v = TemplateValue::list({v});  // freed on reassignment, one level at a time
  EXPECT_EQ(go_format(v).size(), 2 * 1001 + 3u);  // "[" x 1001, "...", "]" x 1001
  EXPECT_EQ(to_json(v).size(), 2 * 1001 + 4u);    // cut at the depth limit as null
}

TEST(TemplateEncodeTest, JsonAsEncodingJson) {
  TemplateValue v = *value_from_yaml_text("b: [1, 2.5, 1e21, 0.0000001]\na: \"x\\ty\"\n");
  EXPECT_EQ(to_json(v), R"({"a":"x\ty","b":[1,2.5,1e+21,1e-7]})");
  EXPECT_EQ(to_json(v, {true, "  "}), "{\n  \"a\": \"x\\ty\",\n  \"b\": [\n    1,\n    2.5,\n    1e+21,\n    1e-7\n  ]\n}");
  EXPECT_EQ(to_json(TemplateValue::map()), "{}");
}

TEST(TemplateEncodeTest, YamlAsSigsK8sYaml) {
  TemplateValue v = *value_from_yaml_text(R"(
name: web
replicas: 3
flags: ["yes", "on", "", "a: b", "#x", "-", "1.5", plain text, 'it''s']
nested: {list: [{a: 1, b: [x]}, []], empty: {}}
script: "line1\nline2\n"
)");
  EXPECT_EQ(to_yaml(v),
            "flags:\n"
            "- \"yes\"\n- \"on\"\n- \"\"\n- 'a: b'\n- '#x'\n- '-'\n- \"1.5\"\n- plain text\n- it's\n"
            "name: web\n"
            "nested:\n  empty: {}\n  list:\n  - a: 1\n    b:\n    - x\n  - []\n"
            "replicas: 3\n"
            "script: |\n  line1\n  line2");
  EXPECT_EQ(to_yaml(TemplateValue::string("a")), "a");
  EXPECT_EQ(to_yaml(TemplateValue::list()), "[]");
}

TEST(TemplateEncodeTest, QuoteAndBase64) {
  EXPECT_EQ(go_quote("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\x01\"");
  EXPECT_EQ(base64_encode("ab"), "YWI=");
  EXPECT_EQ(base64_encode("abc"), "YWJj");
  EXPECT_EQ(*base64_decode("YWI="), "ab");
  EXPECT_EQ(*base64_decode("aHR0cHM6Ly9rOHMuZXhhbXBsZQ=="), "https://k8s.example");
  EXPECT_FALSE(base64_decode("a$=="));
  EXPECT_FALSE(base64_decode("abc"));
}

}  // namespace
}  // namespace driftlint
