// The Go template engine against what Go's text/template does with the same
// template and data (expected outputs and messages follow Go 1.2x).
#include "gotemplate/go_template.h"
#include "gotemplate/go_template_ast.h"

#include <gtest/gtest.h>

#include "gotemplate/template_encode.h"

namespace driftlint {
namespace {

TemplateValue data() {
  return *value_from_yaml_text(R"(
name: Guestbook
count: 3
big: 1000000
half: 0.5
enabled: true
empty: ""
nothing: null
path: {path: apps/team-a/web, basename: web, segments: [apps, team-a, web]}
labels: {env: prod, region: eu-west-1}
list: [a, b, c]
)");
}

std::string run(std::string_view text, MissingKey missing = MissingKey::Invalid) {
  Expected<std::string> out = render_go_template(text, data(), GoTemplateOptions{missing});
  return out ? *out : "ERROR: " + out.error().message;
}

TEST(GoTemplateTest, TextFieldsAndMissingKeys) {
  EXPECT_EQ(run("plain"), "plain");
  EXPECT_EQ(run("{{.name}}-{{.path.basename}}"), "Guestbook-web");
  EXPECT_EQ(run("{{ .path.path }}"), "apps/team-a/web");
  EXPECT_EQ(run("{{.missing}}"), "<no value>");
  EXPECT_EQ(run("{{.missing.deeper}}"), "<no value>");
  EXPECT_EQ(run("{{.nothing}}"), "<no value>");  // a nil interface prints as no value
  EXPECT_EQ(run("{{.missing}}", MissingKey::Zero), "<no value>");
  EXPECT_EQ(run("{{.missing}}", MissingKey::Error), "ERROR: template: base:1:2: executing \"base\" at <.missing>: map has no entry for key \"missing\"");
  EXPECT_EQ(run("{{.missing.x}}", MissingKey::Zero), "ERROR: template: base:1:10: executing \"base\" at <.missing.x>: nil pointer evaluating interface {}.x");
  EXPECT_EQ(run("{{.nothing.x}}"), "ERROR: template: base:1:10: executing \"base\" at <.nothing.x>: nil pointer evaluating interface {}.x");
  EXPECT_EQ(run("{{.name.x}}"), "ERROR: template: base:1:7: executing \"base\" at <.name.x>: can't evaluate field x in type interface {}");
  EXPECT_EQ(run("{{.count}} {{.big}} {{.half}} {{.enabled}}"), "3 1e+06 0.5 true");  // numbers are float64, as from JSON
  EXPECT_EQ(run("{{.list}} {{.labels}}"), "[a b c] map[env:prod region:eu-west-1]");
  EXPECT_EQ(run("{{.}}").substr(0, 4), "map[");
  EXPECT_EQ(run("{{$.name}}"), "Guestbook");
}

TEST(GoTemplateTest, TrimMarkersAndComments) {
  EXPECT_EQ(run("a  {{- .name -}}  b"), "aGuestbookb");
  EXPECT_EQ(run("a\n  {{- /* a comment */ -}}\n  b"), "ab");
  EXPECT_EQ(run("{{/* only */}}x"), "x");
  EXPECT_EQ(run("{{-3}}"), "-3");  // no space after '-': a number, not a trim marker
  EXPECT_EQ(run("x {{- 3 }} y"), "x3 y");
}

TEST(GoTemplateTest, LiteralsAndPipelines) {
  EXPECT_EQ(run(R"({{ "a\tb" }}|{{ `raw\n` }}|{{ 'a' }}|{{ 1.5 }}|{{ 0x10 }}|{{ 1_000 }}|{{ true }})"),
            "a\tb|raw\\n|97|1.5|16|1000|true");
  EXPECT_EQ(run("{{ .name | lower | printf \"%s-x\" }}"), "guestbook-x");
  EXPECT_EQ(run("{{ (index .path.segments 1) }}"), "team-a");
  EXPECT_EQ(run("{{ (.path).basename }}"), "web");
  EXPECT_EQ(run("{{ index .labels \"env\" }}/{{ index .labels \"nope\" }}"), "prod/<no value>");
  EXPECT_EQ(run("{{ index .path.segments 3 }}"), "ERROR: template: base:1:3: executing \"base\" at <index .path.segments 3>: error calling index: reflect: slice index out of range");
  EXPECT_EQ(run("{{ index .path.segments 5 }}"), "ERROR: template: base:1:3: executing \"base\" at <index .path.segments 5>: error calling index: index out of range: 5");
  EXPECT_EQ(run("{{ index .missing 0 }}"), "ERROR: template: base:1:3: executing \"base\" at <index .missing 0>: error calling index: index of untyped nil");
  EXPECT_EQ(run("{{ len .list }} {{ len .name }} {{ len .labels }}"), "3 9 2");
  EXPECT_EQ(run("{{ print 1 2 \"a\" \"b\" 3 }}"), "1 2ab3");
  EXPECT_EQ(run("{{ printf \"%05.1f|%-4s|%q|%v|%d|%x\" .half \"ab\" \"q\" .list 7 255 }}"), "000.5|ab  |\"q\"|[a b c]|7|ff");
  EXPECT_EQ(run("{{ printf \"%d\" .count }}"), "%!d(float64=3)");
  EXPECT_EQ(run("{{ printf \"%s %s\" \"a\" }}"), "a %!s(MISSING)");
}

// A float constant past int64's range is a float (Go keeps it untyped and
// prints it as one); sprig's int of it is Go's int64 conversion on amd64.
TEST(GoTemplateTest, FloatsPastInt64AreNeverCastToIt) {
  EXPECT_EQ(run("{{ 1e61 }}|{{ -1e19 }}|{{ 9.2233720368547758e18 }}"), "1e+61|-1e+19|9.223372036854776e+18");
}

TEST(GoTemplateTest, Conditionals) {
  EXPECT_EQ(run("{{if .enabled}}yes{{else}}no{{end}}"), "yes");
  EXPECT_EQ(run("{{if .empty}}a{{else if .nothing}}b{{else if eq .name \"Guestbook\"}}c{{else}}d{{end}}"), "c");
  EXPECT_EQ(run("{{if and .enabled .empty}}a{{else}}b{{end}}|{{ or .empty .name }}|{{ and .name 0 }}"), "b|Guestbook|0");
  EXPECT_EQ(run("{{ or .empty (index .missing 0) }}"), "ERROR: template: base:1:14: executing \"base\" at <index .missing 0>: error calling index: index of untyped nil");
  EXPECT_EQ(run("{{ and .empty (index .missing 0) }}"), "");  // and stops at the first false argument
  EXPECT_EQ(run("{{ not .enabled }} {{ not .missing }}"), "false true");
  EXPECT_EQ(run("{{with .path}}{{.basename}}{{end}}|{{with .missing}}x{{else}}none{{end}}"), "web|none");
  EXPECT_EQ(run("{{ eq .name \"a\" \"Guestbook\" }} {{ ne .count 3.0 }} {{ lt 1 2 }} {{ ge \"b\" \"a\" }}"), "true false true true");
  EXPECT_EQ(run("{{ eq .count 3 }}"), "ERROR: template: base:1:3: executing \"base\" at <eq .count 3>: error calling eq: incompatible types for comparison");
  EXPECT_EQ(run("{{ eq .missing \"x\" }}"), "false");
  EXPECT_EQ(run("{{ lt .list 1 }}"), "ERROR: template: base:1:3: executing \"base\" at <lt .list 1>: error calling lt: invalid type for comparison");
}

TEST(GoTemplateTest, RangeAndVariables) {
  EXPECT_EQ(run("{{range .list}}[{{.}}]{{end}}"), "[a][b][c]");
  EXPECT_EQ(run("{{range $i, $s := .path.segments}}{{$i}}={{$s}};{{end}}"), "0=apps;1=team-a;2=web;");
  EXPECT_EQ(run("{{range $k, $v := .labels}}{{$k}}:{{$v}} {{end}}"), "env:prod region:eu-west-1 ");
  EXPECT_EQ(run("{{range .missing}}x{{else}}empty{{end}}"), "empty");
  EXPECT_EQ(run("{{range .list}}{{if eq . \"b\"}}{{break}}{{end}}{{.}}{{end}}"), "a");
  EXPECT_EQ(run("{{range .list}}{{if eq . \"b\"}}{{continue}}{{end}}{{.}}{{end}}"), "ac");
  EXPECT_EQ(run("{{range 3}}{{.}}{{end}}"), "012");
  EXPECT_EQ(run("{{ $x := .name }}{{ $x = lower $x }}{{ $x }}"), "guestbook");
  EXPECT_EQ(run("{{range .list}}{{$.name}}{{end}}"), "GuestbookGuestbookGuestbook");
  EXPECT_EQ(run("{{ $last := \"\" }}{{range .list}}{{ $last = . }}{{end}}{{ $last }}"), "c");
  EXPECT_EQ(run("{{range .name}}x{{end}}"), "ERROR: template: base:1:8: executing \"base\" at <.name>: range can't iterate over Guestbook");
}

// Argo CD's TestRenderTemplateParamsGoTemplate, word for word after its "failed to execute go template X: ".
TEST(GoTemplateTest, ArgoCdsOwnErrorCases) {
  TemplateValue data = *value_from_yaml_text("data: a data string\nunused: x\nvalue: \"non\\n compliant\\n yaml\"\n");
  auto err = [&](std::string_view text, MissingKey missing) {
    return render_go_template(text, data, GoTemplateOptions{missing}).error().message;
  };
  EXPECT_EQ(err("{{functiondoesnotexist}}", MissingKey::Invalid),
            "template: base:1: function \"functiondoesnotexist\" not defined");
  EXPECT_EQ(err("{{.data.test}}", MissingKey::Invalid),
            "template: base:1:7: executing \"base\" at <.data.test>: can't evaluate field test in type interface {}");
  EXPECT_EQ(err("--> {{.doesnotexist}} <--", MissingKey::Error),
            "template: base:1:6: executing \"base\" at <.doesnotexist>: map has no entry for key \"doesnotexist\"");
  EXPECT_EQ(err("{{ get (fromYaml .value) \"hello\" }}", MissingKey::Invalid),
            "template: base:1:8: executing \"base\" at <fromYaml .value>: error calling fromYaml: error unmarshaling "
            "JSON: while decoding JSON: json: cannot unmarshal string into Go value of type map[string]interface {}");
  EXPECT_EQ(*render_go_template("--> {{.doesnotexist}} <--", data, {}), "--> <no value> <--");
  EXPECT_EQ(*render_go_template("{{ toYaml . | indent 2 }}", *value_from_yaml_text("foo: {bar: {bool: true, number: 2, str: Hello world}}"), {}),
            "  foo:\n    bar:\n      bool: true\n      number: 2\n      str: Hello world");
  EXPECT_EQ(*render_go_template("{{ fromYamlArray .value | last }}", *value_from_yaml_text("value: \"- hello world\\n- bonjour tout le monde\""), {}),
            "bonjour tout le monde");
}

TEST(GoTemplateTest, ParseErrorsReadAsGo) {
  EXPECT_EQ(run("{{ nosuch .name }}"), "ERROR: template: base:1: function \"nosuch\" not defined");
  EXPECT_EQ(run("{{ now }}"), "ERROR: template: base:1: driftlint does not support the template function \"now\"");
  EXPECT_EQ(run("{{ $y }}"), "ERROR: template: base:1: undefined variable \"$y\"");
  EXPECT_EQ(run("{{ .name "), "ERROR: template: base:1: unclosed action");
  EXPECT_EQ(run("{{if .enabled}}x"), "ERROR: template: base:1: unexpected EOF");
  EXPECT_EQ(run("{{end}}"), "ERROR: template: base:1: unexpected {{end}}");
  EXPECT_EQ(run("{{ \"a\" | \"b\" }}"), "ERROR: template: base:1: non executable command in pipeline stage 2");
  EXPECT_EQ(run("{{ template \"x\" }}"), "ERROR: template: base:1:12: executing \"base\" at <{{template \"x\"}}>: template \"x\" not defined");
  EXPECT_EQ(run("{{ define \"x\" }}[{{ . }}]{{ end }}{{ template \"x\" .name }}"), "[Guestbook]");
  EXPECT_EQ(run("{{ break }}"), "ERROR: template: base:1: {{break}} outside {{range}}");
  EXPECT_EQ(run("x\n{{ }}"), "ERROR: template: base:2: missing value for command");
}

TEST(GoTemplateTest, ArgumentTypesAreChecked) {
  EXPECT_EQ(run("{{ lower .count }}"), "ERROR: template: base:1:9: executing \"base\" at <.count>: wrong type for value; expected string; got float64");
  EXPECT_EQ(run("{{ lower .missing }}"), "ERROR: template: base:1:9: executing \"base\" at <.missing>: invalid value; expected string");
  EXPECT_EQ(run("{{ lower 3 }}"), "ERROR: template: base:1:9: executing \"base\" at <3>: expected string; found 3");
  EXPECT_EQ(run("{{ trunc \"3\" .name }}"), "ERROR: template: base:1:9: executing \"base\" at <\"3\">: expected integer; found \"3\"");
  EXPECT_EQ(run("{{ trunc 3.0 .name }}"), "Gue");  // an integral constant is an int
  EXPECT_EQ(run("{{ lower }}"), "ERROR: template: base:1:3: executing \"base\" at <lower>: wrong number of args for lower: want 1 got 0");
  EXPECT_EQ(run("{{ .name 1 }}"), "ERROR: template: base:1:3: executing \"base\" at <.name>: name is not a method but has arguments");
  EXPECT_EQ(run("{{ \"a\" 1 }}"), "ERROR: template: base:1:3: executing \"base\" at <\"a\">: can't give argument to non-function \"a\"");
}

// A template from a pull request must not crash or stall a run: each of
// these stops with a clear error (or finishes) at once.
TEST(GoTemplateTest, HostileTemplatesStopCleanly) {
  auto error_of = [](const std::string& text) {
    Expected<std::string> out = render_go_template(text, TemplateValue::map(), {});
    return out ? std::string("no error, ") + std::to_string(out->size()) + " bytes" : out.error().message;
  };
  // Nesting a dict 60,000 times, or looping 10^10 times: stopped by the budgets.
  EXPECT_NE(error_of("{{ $d := dict }}{{ range until 60000 }}{{ $d = dict \"a\" $d }}{{ end }}{{ len $d }}")
                .find("more than 256 MiB of values"),
            std::string::npos);
  EXPECT_NE(error_of("{{ range until 100000 }}{{ range until 100000 }}{{ end }}{{ end }}").find("executing"),
            std::string::npos);
  EXPECT_NE(error_of("{{ range until 100000 }}{{ range $.x }}{{ end }}{{ range $.x }}{{ end }}{{ end }}")
                .find("more than 200000 steps"),
            std::string::npos);
  // A list holding itself twice, forty times over: 2^40 items if written out.
  EXPECT_NE(error_of("{{ $a := list 1 }}{{ range until 40 }}{{ $a = list $a $a }}{{ end }}{{ toJson $a }}")
                .find("more than 256 MiB of values"),
            std::string::npos);
  EXPECT_NE(error_of("{{ $d := dict }}{{ $_ := set $d \"self\" (list $d) }}").find("does not put a map into itself"),
            std::string::npos);
  EXPECT_NE(error_of("{{" + std::string(5000, '(') + "1" + std::string(5000, ')') + "}}").find("more than 100 levels deep"),
            std::string::npos);
  EXPECT_NE(error_of("{{ range until 99999 }}{{ \"01234567890123456789\" }}{{ end }}").find("larger than 1 MiB"),
            std::string::npos);
  EXPECT_NE(error_of("{{ repeat 100000000 \"xy\" }}").find("larger than 1 MiB"), std::string::npos);
}

std::string repeated(std::string_view text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

// Blocks 10,000 deep overflowed the stack (issue 28): past 100 levels of
// blocks and parentheses a template is refused; 100 still parse and run.
TEST(GoTemplateTest, NestingIsBoundedAtAHundredLevels) {
  auto run_empty = [](const std::string& text) {
    Expected<std::string> out = render_go_template(text, TemplateValue::map(), {});
    return out ? *out : "ERROR: " + out.error().message;
  };
  const std::string refused = "ERROR: template: base:1: the template nests blocks and parentheses more than 100 levels deep (driftlint's limit)";
  for (const char* open : {"{{if true}}", "{{range until 1}}", "{{with 1}}"}) {
    EXPECT_EQ(run_empty(repeated(open, 10000) + "x" + repeated("{{end}}", 10000)), refused) << open;
    EXPECT_EQ(run_empty(repeated(open, 100) + "x" + repeated("{{end}}", 100)), "x") << open;
  }
  EXPECT_EQ(run_empty(repeated("{{if true}}", 50) + "{{" + repeated("(", 50) + "1" + repeated(")", 50) + "}}" +
                      repeated("{{end}}", 50)),
            "1");
  EXPECT_EQ(run_empty(repeated("{{if true}}", 50) + "{{" + repeated("(", 51) + "1" + repeated(")", 51) + "}}" +
                      repeated("{{end}}", 50)),
            refused);
  EXPECT_EQ(run_empty("{{" + repeated("(", 101) + "1" + repeated(")", 101) + "}}"), refused);
}

// Else-ifs continue one block: a chain of 30,000 is not nesting.
TEST(GoTemplateTest, LongElseIfChainsRunWithoutNesting) {
  std::string chain = "{{if eq .n 0}}zero";
  for (int i = 1; i < 30000; ++i) chain += "{{else if eq .n " + std::to_string(i) + "}}" + std::to_string(i);
  chain += "{{else}}many{{end}}";
  auto with_n = [](int n) { return TemplateValue::map({{"n", TemplateValue::integer(n)}}); };
  Expected<GoTemplate> t = GoTemplate::parse(chain);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(*t->execute(with_n(0), {}), "zero");
  EXPECT_EQ(*t->execute(with_n(7), {}), "7");
  EXPECT_EQ(*t->execute(with_n(29999), {}), "29999");
  EXPECT_EQ(*t->execute(with_n(-1), {}), "many");
  EXPECT_EQ(run("{{with .missing}}a{{else with .name}}{{.}}{{else}}c{{end}}"), "Guestbook");
  EXPECT_EQ(run("{{if $x := .missing}}a{{else if $y := .name}}{{$y}}{{$x}}{{end}}"), "Guestbook<no value>");
  EXPECT_EQ(run("{{if false}}a{{else if false}}b{{else}}c{{end}}"), "c");
}

// A 400 KB template on one line took 18 s to lex (each token searched back
// for its line's start); now its tokens' columns come from a forward scan.
TEST(GoTemplateTest, OneLongLineLexesInLinearTime) {
  Expected<std::vector<gotmpl::Token>> tokens = gotmpl::lex(repeated("{{1}}", 200000) + "{{ .x }}");
  ASSERT_TRUE(tokens);
  EXPECT_EQ(tokens->size(), 600006u);  // three per {{1}}, five for {{ .x }} (spaces included), and Eof
  EXPECT_EQ((*tokens)[600002].col, 1000003);  // ".x" after 200,000 "{{1}}" and "{{ "
  EXPECT_EQ(run("ab\n  {{ .missing 1 }}"), "ERROR: template: base:2:5: executing \"base\" at <.missing>: missing is not a method but has arguments");
}

TEST(GoTemplateTest, OptionsAreReadAsGoReadsThem) {
  EXPECT_EQ(parse_go_template_options({"missingkey=error"})->missing_key, MissingKey::Error);
  EXPECT_EQ(parse_go_template_options({"missingkey=zero"})->missing_key, MissingKey::Zero);
  EXPECT_EQ(parse_go_template_options({"missingkey=default"})->missing_key, MissingKey::Invalid);
  EXPECT_FALSE(parse_go_template_options({"missingkey=maybe"}));
}

TEST(GoTemplateTest, ParsedOnceRunsManyTimes) {
  Expected<GoTemplate> t = GoTemplate::parse("{{ .a }}");
  ASSERT_TRUE(t);
  EXPECT_EQ(*t->execute(*value_from_yaml_text("a: x"), {}), "x");
  EXPECT_EQ(*t->execute(*value_from_yaml_text("a: why"), {}), "why");
}

}  // namespace
}  // namespace driftlint
