// The Sprig functions (and Argo CD's own) as ApplicationSets use them,
// with what Sprig returns for the same input.
#include <gtest/gtest.h>

#include "gotemplate/go_template.h"
#include "gotemplate/template_encode.h"

namespace driftlint {
namespace {

std::string run(std::string_view text) {
  TemplateValue data = *value_from_yaml_text(R"(
name: Team-A.Platform_GPU
path: {path: clusters/eu/prod, segments: [clusters, eu, prod]}
cluster: {name: prod-eu, labels: {env: prod, tier: gpu}}
values: {chart: ray}
count: 3
list: [b, a, b, "", c]
)");
  Expected<std::string> out = render_go_template(text, data, {});
  return out ? *out : "ERROR: " + out.error().message;
}

TEST(SprigTest, Strings) {
  EXPECT_EQ(run("{{ lower .name }}|{{ upper .cluster.name }}|{{ title \"hello gpu-world\" }}"),
            "team-a.platform_gpu|PROD-EU|Hello Gpu-World");
  EXPECT_EQ(run("{{ .cluster.name | trimPrefix \"prod-\" }}|{{ .cluster.name | trimSuffix \"-eu\" }}|{{ trimAll \"-\" \"--x--\" }}"),
            "eu|prod|x");
  EXPECT_EQ(run("{{ replace \".\" \"-\" .name }}|{{ .path.path | replace \"/\" \"-\" }}"),
            "Team-A-Platform_GPU|clusters-eu-prod");
  EXPECT_EQ(run("{{ trunc 4 .cluster.name }}|{{ trunc -2 .cluster.name }}|{{ trunc 99 \"ab\" }}"), "prod|eu|ab");
  EXPECT_EQ(run("{{ substr 0 4 .cluster.name }}|{{ substr 5 -1 .cluster.name }}"), "prod|eu");
  EXPECT_EQ(run("{{ contains \"eu\" .path.path }} {{ hasPrefix \"clusters\" .path.path }} {{ hasSuffix \"x\" .path.path }}"),
            "true true false");
  EXPECT_EQ(run("{{ quote .cluster.name 3 }}|{{ squote \"a\" }}|{{ cat \"a\" 1 .missing \"b\" }}"), "\"prod-eu\" \"3\"|'a'|a 1 b");
  EXPECT_EQ(run("{{ \"a\\nb\" | indent 2 }}|{{ \"a\" | nindent 2 }}"), "  a\n  b|\n  a");
  EXPECT_EQ(run("{{ repeat 3 \"ab\" }}|{{ nospace \"a b\\tc\" }}"), "ababab|abc");
  EXPECT_EQ(run("{{ toString .count }}|{{ toString .missing }}"), "3|<nil>");
}

TEST(SprigTest, SplitAndJoin) {
  EXPECT_EQ(run("{{ splitList \"/\" .path.path }}|{{ index (splitList \"/\" .path.path) 1 }}"), "[clusters eu prod]|eu");
  EXPECT_EQ(run("{{ (split \"/\" .path.path)._2 }}|{{ (splitn \"/\" 2 .path.path)._1 }}"), "prod|eu/prod");
  EXPECT_EQ(run("{{ join \"-\" .path.segments }}|{{ join \",\" .list }}|{{ join \"-\" \"x\" }}"), "clusters-eu-prod|b,a,b,,c|x");
  EXPECT_EQ(run("{{ .path.segments | last }}|{{ first .path.segments }}|{{ rest .path.segments }}|{{ initial .path.segments }}"),
            "prod|clusters|[eu prod]|[clusters eu]");
}

TEST(SprigTest, DefaultsAndConditions) {
  EXPECT_EQ(run("{{ .missing | default \"main\" }}|{{ .values.chart | default \"x\" }}|{{ \"\" | default \"d\" }}"), "main|ray|d");
  EXPECT_EQ(run("{{ default \"d\" }}|{{ empty .list }}|{{ empty .missing }}|{{ coalesce .missing \"\" \"c\" }}"), "d|false|true|c");
  EXPECT_EQ(run("{{ ternary \"gpu\" \"cpu\" (eq .cluster.labels.tier \"gpu\") }}"), "gpu");
  EXPECT_EQ(run("{{ hasKey .cluster.labels \"env\" }} {{ hasKey .cluster.labels \"x\" }} {{ get .cluster.labels \"x\" }}."),
            "true false .");
  EXPECT_EQ(run("{{ fail \"no region\" }}"), "ERROR: template: base:1:3: executing \"base\" at <fail \"no region\">: error calling fail: no region");
}

TEST(SprigTest, ListsAndDicts) {
  EXPECT_EQ(run("{{ uniq .list }}|{{ compact .list }}|{{ without .list \"b\" }}|{{ has \"c\" .list }}"),
            "[b a  c]|[b a b c]|[a  c]|true");
  EXPECT_EQ(run("{{ sortAlpha .list }}|{{ reverse .path.segments }}|{{ append .path.segments \"x\" }}"),
            "[ a b b c]|[prod eu clusters]|[clusters eu prod x]");
  EXPECT_EQ(run("{{ $d := dict \"a\" 1 \"b\" \"two\" }}{{ $d.b }} {{ keys $d }} {{ $_ := set $d \"c\" 3 }}{{ $d.c }} {{ len $d }}"),
            "two [a b] 3 3");
  EXPECT_EQ(run("{{ list 1 \"a\" }}|{{ concat (list 1) (list 2 3) }}|{{ pluck \"env\" .cluster.labels (dict \"env\" \"dev\") }}"),
            "[1 a]|[1 2 3]|[prod dev]");
  EXPECT_EQ(run("{{ dig \"labels\" \"env\" \"none\" .cluster }}|{{ dig \"labels\" \"zone\" \"none\" .cluster }}"), "prod|none");
  EXPECT_EQ(run("{{ first .name }}"), "ERROR: template: base:1:3: executing \"base\" at <first .name>: error calling first: Cannot find first on type string");
}

TEST(SprigTest, EncodingsAndYaml) {
  EXPECT_EQ(run("{{ toJson .cluster }}"), R"({"labels":{"env":"prod","tier":"gpu"},"name":"prod-eu"})");
  EXPECT_EQ(run("{{ toJson \"<a&b>\" }}|{{ toRawJson \"<a>\" }}"), R"("\u003ca\u0026b\u003e"|"<a>")");
  EXPECT_EQ(run("{{ toYaml .cluster }}"), "labels:\n  env: prod\n  tier: gpu\nname: prod-eu");
  EXPECT_EQ(run("{{ toYaml .path.segments }}"), "- clusters\n- eu\n- prod");
  EXPECT_EQ(run("{{ (fromYaml \"a: {b: c}\").a.b }}|{{ index (fromYamlArray \"[x, z]\") 1 }}"), "c|z");
  EXPECT_EQ(run("{{ fromYaml \"[1]\" }}").rfind("ERROR: ", 0), 0u);
  EXPECT_EQ(run("{{ b64enc \"gpu\" }}|{{ b64dec \"Z3B1\" }}"), "Z3B1|gpu");
  EXPECT_EQ(run("{{ (fromJson \"{\\\"a\\\": 2}\").a }}"), "2");
}

TEST(SprigTest, MathAndTypes) {
  EXPECT_EQ(run("{{ add 1 2 .count }}|{{ add1 .count }}|{{ sub 5 2 }}|{{ mul 2 3 4 }}|{{ div 7 2 }}|{{ mod 7 2 }}"),
            "6|4|3|24|3|1");
  EXPECT_EQ(run("{{ max 1 5 3 }}|{{ min 4 2 }}|{{ int \"12\" }}|{{ atoi \"42\" }}|{{ int64 2.9 }}|{{ float64 \"1.5\" }}"),
            "5|2|12|42|2|1.5");
  // Go's int64 of a float past its range, on amd64 (the C++ cast would be undefined).
  EXPECT_EQ(run("{{ int64 1e61 }}|{{ int -1e30 }}"), "-9223372036854775808|-9223372036854775808");
  EXPECT_EQ(run("{{ div 1 0 }}"), "ERROR: template: base:1:3: executing \"base\" at <div 1 0>: error calling div: runtime error: integer divide by zero");
  EXPECT_EQ(run("{{ typeOf .count }} {{ kindOf .list }} {{ kindIs \"map\" .cluster }} {{ typeOf .missing }}"),
            "float64 slice true <nil>");
  EXPECT_EQ(run("{{ base .path.path }}|{{ dir .path.path }}|{{ ext \"a/b.yaml\" }}|{{ clean \"a/../b/./c\" }}"),
            "prod|clusters/eu|.yaml|b/c");
}

TEST(SprigTest, Regex) {
  EXPECT_EQ(run("{{ regexMatch \"^prod-\" .cluster.name }} {{ regexMatch \"(\" \"x\" }}"), "true false");
  EXPECT_EQ(run("{{ regexFind \"[a-z]+$\" .cluster.name }}|{{ regexFindAll \"[a-z]\" \"a1b2c\" 2 }}"), "eu|[a b]");
  EXPECT_EQ(run("{{ regexReplaceAll \"(\\\\w+)-(\\\\w+)\" .cluster.name \"${2}_$1\" }}"), "eu_prod");
  EXPECT_EQ(run("{{ regexReplaceAll \"a*\" \"baaac\" \"-\" }}|{{ regexReplaceAllLiteral \"e\" \"eu\" \"$1\" }}"), "-b-c-|$1u");
  EXPECT_EQ(run("{{ regexSplit \"/+\" \"a//b/c\" -1 }}|{{ regexSplit \"/\" \"a/b/c\" 2 }}"), "[a b c]|[a b/c]");
  EXPECT_EQ(run("{{ regexFind \"(\" \"x\" }}").find("error calling regexFind: error parsing regexp: missing closing ): `(`"), 68u);
}

TEST(SprigTest, ArgoCdNames) {
  EXPECT_EQ(run("{{ normalize .name }}"), "team-a.platform-gpu");
  EXPECT_EQ(argo_sanitize_name("--Web_App..."), "web-app");
  EXPECT_EQ(run("{{ slugify .name }}"), "team-a-platform-gpu");
  EXPECT_EQ(run("{{ slugify 12 true \"Team A platform gpu\" }}|{{ slugify 12 false \"Team A platform gpu\" }}"),
            "team-a|team-a-platf");
  EXPECT_EQ(run("{{ slugify 5 true \"abcdefgh-ij\" }}"), "abcde");
}

}  // namespace
}  // namespace driftlint
