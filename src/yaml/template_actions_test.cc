#include "yaml/template_actions.h"

#include <gtest/gtest.h>

#include <initializer_list>

namespace driftlint::yaml {
namespace {

struct Case {
  const char* text;
  uint32_t line, column;
};

// Each text holds a template action first found at its line and column.
void expect_actions_at(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto action = find_template_action(c.text);
    ASSERT_TRUE(action);
    EXPECT_EQ(action->line, c.line);
    EXPECT_EQ(action->column, c.column);
  }
}

TEST(TemplateActionsTest, FindsActionsWhereYamlWouldStartANode) {
  expect_actions_at({
      {"apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: {{.Image}}\n", 5, 12},
      {"kind: ConfigMap\n{{- if .Values.enabled }}\ndata: {a: b}\n{{- end }}\n", 2, 1},
      {"metadata:\n  labels:\n    {{ .Key }}: x\n", 3, 5},
      {"args: [{{ .Arg }}]\n", 1, 8},
      {"items:\n- {{ .Item }}\n", 2, 3},
      {"{% for x in xs %}\nname: {{ x }}\n{% endfor %}\n", 1, 1},
      {"spec:\n  replicas: {% if big %}3{% else %}1{% endif %}\n", 2, 13},
  });
  EXPECT_EQ(find_template_action("a: 1\nb: {{ .B }}\n")->excerpt, "{{ .B }}");
}

TEST(TemplateActionsTest, ActionsInStringsAreData) {
  for (const char* text : {
           "image: \"{{.Image}}\"\n",
           "image: '{{ .Image }}'\n",
           "args: [\"{{inputs.parameters.x}}\", '{{workflow.name}}']\n",
           "name: app-{{ .Name }}\n",
           "description: |\n  {{ $labels.instance }} is down\n  {{- if x }}\nnext: 1\n",
           "script: >-\n  {% for x in y %}\n  echo {{ x }}\n  {% endfor %}\n",
           "msg: \"a long text\n  {{ .Continued }}\"\n",
           "# {{ a comment }}\nkind: Pod\n",
           "plain: yaml\nbroken: [unclosed\n",
           "",
       }) {
    EXPECT_FALSE(find_template_action(text)) << text;
  }
}

// The scanner's marks count characters, the text is UTF-8 bytes: a flow map
// after an accented letter is not read as `{{`, and an action after one is
// found where it is.
TEST(TemplateActionsTest, CharactersOfMoreThanOneByteDoNotShiftActions) {
  EXPECT_FALSE(find_template_action("title: \"Caf\xC3\xA9\"\nspec: {a: {b: 1}}\n# {{ not an action }}\n"));
  EXPECT_FALSE(find_template_action("d: \"\xE2\x89\xA5" "80%\"\ns: { a: { b: 1 } }\nu: ${ds}\n"));
  expect_actions_at({{"title: \"Caf\xC3\xA9 \xF0\x9F\x9A\x80\"\nimage: {{.Image}}\n", 2, 8}});
  auto action = find_template_action("t: \"\xC3\xA9\xC3\xA9\"\nx: {{ .X }}\n");
  ASSERT_TRUE(action);
  EXPECT_EQ(action->excerpt, "{{ .X }}");
}

// A JSON document (a Grafana dashboard) holds no action: `{{` and `${` are in
// its strings. kserve's gpt-oss dashboard was skipped as a template.
TEST(TemplateActionsTest, AJsonDocumentIsNeverATemplate) {
  for (const char* text : {
           "{\"title\": \"GPU \xE2\x89\xA5" " 80%\", \"panels\": [{\"options\": {\"reduce\": {\"calcs\": []}}, "
           "\"targets\": [{\"legendFormat\": \"{{instance}}\", \"datasource\": {\"uid\": \"${datasource}\"}}]}]}\n",
           "[\n  {\"expr\": \"sum by (pod) (x)\", \"legendFormat\": \"{{pod}}\"}\n]\n",
       }) {
    EXPECT_FALSE(find_template_action(text)) << text;
  }
  // Not JSON (a template that merely starts with a brace): still found.
  EXPECT_TRUE(find_template_action("{\n{{- range .Values.x }}\n\"a\": 1\n{{- end }}\n}\n"));
}

TEST(TemplateActionsTest, TerraformTemplatefileActionsThatBreakYaml) {
  expect_actions_at({
      // ai-on-gke's kuberay-cluster values: a whole line pasted in by indent().
      {"head:\n  labels:\n    node-type: head\n    ${indent(4, chomp(yamlencode(additional_labels)))}\n"
       "  serviceAccountName: ${k8s_service_account}\n",
       4, 5},
      {"spec:\n%{ if gpu }\n  runtimeClassName: nvidia\n%{ endif }\n  containers: []\n", 2, 1},
      {"volumes:\n%{ for v in vols ~}\n- name: ${v}\n%{ endfor ~}\n", 2, 1},
      {"metadata:\n  annotations: ${jsonencode({\"a\": \"b\"})}\n", 2, 16},
  });
}

TEST(TemplateActionsTest, VariablesInValidYamlAndRealErrorsNearThemAreNotTemplates) {
  for (const char* text : {
           // envsubst and Flux postBuild variables in YAML that parses: data.
           "image: ${REGISTRY}/app:${TAG}\nhost: app.${SECRET_DOMAIN}\n",
           "${KEY}: value\nlist: [${A}, ${B}]\n",
           "cost: \"%{not a directive}\"\n",
           // Flux substitutes after parsing: a broken line is broken, variable or not.
           "metadata:\n  name: app\n   namespace: ${NS}\n",
           "data:\n  url: [https://${HOST}\n",
       }) {
    EXPECT_FALSE(find_template_action(text)) << text;
  }
}

}  // namespace
}  // namespace driftlint::yaml
