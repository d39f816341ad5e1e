// The pieces templates are rendered with: fasttemplate substitution, trees
// rebuilt with their positions, mergo's template merge, the strategic merge
// patch of templatePatch.
#include <gtest/gtest.h>

#include "argocd/appset_render.h"
#include "gotemplate/fast_template.h"
#include "gotemplate/template_encode.h"

namespace driftlint {
namespace {

EditNode edit(const char* text) { return *parse_edit_node(text); }

std::string yaml_of(const EditNode& node) {
  Expected<yaml::ParsedFile> built = build_tree(node);
  return to_yaml(template_value_from_yaml(built->documents.front().root));
}

TEST(FastTemplateTest, AsArgoCdSubstitutes) {
  TemplateValue params = *value_from_yaml_text("cluster: gpu\npath.basename: web\nnested: {a: b}\nempty: ''\n");
  EXPECT_EQ(*render_fast_template("{{cluster}}-{{ path.basename }}", params), "gpu-web");
  EXPECT_EQ(*render_fast_template("{{missing}}/{{nested}}/{{}}/{{empty}}", params), "{{missing}}/{{nested}}/{{}}/");
  EXPECT_EQ(*render_fast_template("{{ .cluster }}", params), "{{ .cluster }}");  // a Go template is no tag here
  EXPECT_EQ(*render_fast_template("{{cluster\n}}", params), "{{cluster\n}}");   // not on one line: left alone
  EXPECT_EQ(*render_fast_template("{{{{cluster}}", params), "{{{{cluster}}");     // the tag is "{{cluster"
  EXPECT_FALSE(render_fast_template("{{cluster}} and {{cluster", params));
}

TEST(AppSetRenderTest, TreesKeepPositionsAndTypes) {
  EditNode node = edit("a:\n  b: 'x'\n  c: [1, true, null, ~]\n  d: \"3\"\n");
  Expected<yaml::ParsedFile> built = build_tree(node);
  ASSERT_TRUE(built);
  yaml::Node root = built->documents.front().root;
  EXPECT_EQ(root.path({"a", "b"}).position().line, 2u);
  EXPECT_EQ(root.path({"a", "b"}).position().column, 6u);
  EXPECT_TRUE(root.path({"a", "c"}).element(0).as_int());
  EXPECT_TRUE(root.path({"a", "c"}).element(1).as_bool());
  EXPECT_TRUE(root.path({"a", "c"}).element(3).is_null());
  EXPECT_TRUE(root.path({"a", "d"}).is_string());
}

TEST(AppSetRenderTest, RendererTemplatesStringsAndKeysOnly) {
  TemplateRenderer go(true, {});
  TemplateValue params = *value_from_yaml_text("name: web\nport: 8080\n");
  Expected<EditNode> out = go.render_node(edit("'{{ .name }}-x': '{{ .port }}'\nnum: 3\nb: '{{ .missing | default 1 }}'\n"), params);
  ASSERT_TRUE(out);
  EXPECT_EQ(yaml_of(*out), "b: \"1\"\nnum: 3\nweb-x: \"8080\"");
  EXPECT_FALSE(go.render_node(edit("a: '{{ nosuch }}'"), params));
}

TEST(AppSetRenderTest, GeneratorTemplatesMergeAsMergo) {
  EditNode dst = edit("metadata: {name: ''}\nspec: {source: {path: mine}, project: '', syncPolicy: {automated: {prune: false}}}\n");
  merge_template(dst, edit("metadata: {name: base, labels: {a: b}}\nspec: {source: {repoURL: u, path: base}, project: p, "
                           "syncPolicy: {automated: {prune: true}}, sources: [{path: x}]}\n"));
  EXPECT_EQ(yaml_of(dst),
            "metadata:\n  labels:\n    a: b\n  name: base\n"
            "spec:\n  project: p\n  source:\n    path: mine\n    repoURL: u\n  sources:\n  - path: x\n"
            "  syncPolicy:\n    automated:\n      prune: true");  // mergo: false is empty, so the set's true wins
}

TEST(AppSetRenderTest, StrategicMergePatchOnAnApplication) {
  EditNode app = edit("spec:\n  project: p\n  sources: [{path: a}, {path: b}]\n  syncPolicy: {automated: {prune: true}}\n"
                      "  info: [{name: x}]\n");
  apply_strategic_merge(app, edit("spec:\n  sources: [{path: c}]\n  syncPolicy: {automated: null, retry: {limit: 2}}\n"
                                  "  info: {$patch: delete}\n  $retainKeys: [x]\n"));
  EXPECT_EQ(yaml_of(app), "spec:\n  project: p\n  sources:\n  - path: c\n  syncPolicy:\n    retry:\n      limit: 2");
  EditNode other = edit("spec: {a: 1, b: 2}\n");
  apply_strategic_merge(other, edit("spec: {$patch: replace, c: 3}\n"));
  EXPECT_EQ(yaml_of(other), "spec:\n  c: 3");
}

}  // namespace
}  // namespace driftlint
