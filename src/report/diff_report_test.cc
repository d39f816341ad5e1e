#include "report/diff_report.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

// What a pull request can name an app, and write in its manifests, to forge
// the comment: text that hides the rest, closes the details or the table,
// and a fence of its own.
const std::string kHostileName = "x<!-- hidden</details>| fake | row |\n\n# no new findings\n``` `";

RenderedDiff hostile_diff() {
  AppChange app;
  app.app = kHostileName;
  app.kind = AppChange::Kind::Changed;
  app.after_source = "https://github.com/org/infra.git path apps/<b>x</b>";
  app.before_source = app.after_source;
  app.notes = {"at the head: not rendered: <!-- | *x* \n- forged"};
  ObjectChange o;
  o.kind = ObjectChange::Kind::Changed;
  o.object = "ConfigMap team/settings";
  o.before_yaml = "data:\n  a: '1'\n";
  o.after_yaml = "data:\n  a: |\n   ```\n   </details>\n   <!--\n";
  app.objects.push_back(o);
  RenderedDiff diff;
  diff.apps.push_back(app);
  return diff;
}

// The comment as GitHub would render it, raw HTML kept (cmark-gfm --unsafe),
// or "" without cmark-gfm.
std::string render_gfm(const std::string& markdown) {
  if (std::system("command -v cmark-gfm >/dev/null 2>&1") != 0) return "";
  Workspace workspace;
  workspace.write("comment.md", markdown);
  std::string command = "cmark-gfm --unsafe -e table -e strikethrough -e autolink '" +
                        workspace.path_of("comment.md").string() + "' > '" + workspace.path_of("comment.html").string() + "'";
  if (std::system(command.c_str()) != 0) return "";
  return workspace.read("comment.html");
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(DiffMarkdownTest, RepoStringsCannotWriteMarkdownOrHtml) {
  std::string md = diff_markdown(hostile_diff());
  // The name as text in the summary (raw HTML there), as code in the table.
  EXPECT_NE(md.find("<details><summary><code>x&lt;!-- hidden&lt;/details&gt;| fake | row |  # no new findings ``` `"
                    "</code>: changed (https://github.com/org/infra.git path apps/&lt;b&gt;x&lt;/b&gt;)</summary>\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\n| ```` x<!-- hidden</details>  fake   row    # no new findings ``` ` ```` | changed | 0 | 0 | 1 |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\n- at the head: not rendered: &lt;!-- \\| \\*x\\*  - forged\n"), std::string::npos) << md;
  // No line of the name's own, and the diff's fence is longer than the backticks inside it.
  EXPECT_EQ(md.find("\n# no new findings"), std::string::npos) << md;
  EXPECT_NE(md.find("\n````diff\n"), std::string::npos) << md;
  EXPECT_NE(md.find("\n````\n"), std::string::npos) << md;
}

TEST(DiffMarkdownTest, RenderedByGfmNoTagOrCommentOfTheRepoSurvives) {
  std::string html = render_gfm(diff_markdown(hostile_diff()));
  if (html.empty()) {
    if (std::getenv("CI")) FAIL() << "cmark-gfm is missing (ci/setup installs it)";
    GTEST_SKIP() << "cmark-gfm is not installed: apt-get install cmark-gfm to run this check";
  }
  EXPECT_EQ(html.find("<!--"), std::string::npos) << html;
  EXPECT_EQ(html.find("<b>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<h1>"), std::string::npos) << html;
  EXPECT_EQ(count(html, "</details>"), 1u) << html;
  EXPECT_EQ(count(html, "<tr>"), 2u) << html;  // the header and the one app
  EXPECT_EQ(count(html, "<li>"), 1u) << html;  // the one note
  EXPECT_NE(html.find("&lt;!-- hidden&lt;/details&gt;"), std::string::npos) << html;
}

}  // namespace
}  // namespace driftlint
