#include "report/diff_report.h"

#include <nlohmann/json.hpp>

#include "base/line_diff.h"
#include "report/markdown_text.h"
#include "yaml/json_text.h"

namespace driftlint {

namespace {

const char* app_kind(AppChange::Kind k) {
  switch (k) {
    case AppChange::Kind::Added: return "added";
    case AppChange::Kind::Removed: return "removed";
    case AppChange::Kind::Moved: return "moved";
    case AppChange::Kind::Changed: return "changed";
  }
  return "";
}

const char* object_kind(ObjectChange::Kind k) {
  switch (k) {
    case ObjectChange::Kind::Added: return "added";
    case ObjectChange::Kind::Removed: return "removed";
    case ObjectChange::Kind::Changed: return "changed";
  }
  return "";
}

const char* field_kind(FieldChange::Kind k) {
  switch (k) {
    case FieldChange::Kind::Added: return "added";
    case FieldChange::Kind::Removed: return "removed";
    case FieldChange::Kind::Changed: return "changed";
  }
  return "";
}

struct Counts {
  size_t added = 0, removed = 0, changed = 0;
};

Counts count(const AppChange& app) {
  Counts c;
  for (const ObjectChange& o : app.objects) {
    (o.kind == ObjectChange::Kind::Added ? c.added : o.kind == ObjectChange::Kind::Removed ? c.removed : c.changed)++;
  }
  return c;
}

std::string where(const AppChange& app) {
  if (app.kind == AppChange::Kind::Moved) return " (" + app.before_source + " -> " + app.after_source + ")";
  const std::string& s = app.kind == AppChange::Kind::Removed ? app.before_source : app.after_source;
  return s.empty() ? "" : " (" + s + ")";
}

std::string unchanged_line(size_t n) {
  return std::to_string(n) + " app" + (n == 1 ? "" : "s") + " unchanged.\n";
}

std::string field_line(const FieldChange& f) {
  switch (f.kind) {
    case FieldChange::Kind::Added: return f.path + ": " + f.after + " (added)";
    case FieldChange::Kind::Removed: return f.path + ": " + f.before + " (removed)";
    case FieldChange::Kind::Changed: return f.path + ": " + f.before + " -> " + f.after;
  }
  return "";
}

std::string app_diff_text(const AppChange& app) {
  std::string out;
  for (const ObjectChange& o : app.objects) {
    out += unified_diff(o.before_yaml, o.after_yaml, "base " + o.object, "head " + o.object);
  }
  return out;
}

}  // namespace

std::string diff_text(const RenderedDiff& diff) {
  std::string out;
  for (const AppChange& app : diff.apps) {
    out += "app " + app.app + ": " + app_kind(app.kind) + where(app) + "\n";
    for (const std::string& n : app.notes) out += "  note: " + n + "\n";
    for (const ObjectChange& o : app.objects) {
      out += std::string("  ") + (o.kind == ObjectChange::Kind::Added ? "+ " : o.kind == ObjectChange::Kind::Removed ? "- " : "~ ") +
             o.object + "\n";
      for (const FieldChange& f : o.fields) out += "      " + field_line(f) + "\n";
    }
  }
  return out + unchanged_line(diff.unchanged);
}

std::string diff_markdown(const RenderedDiff& diff, size_t max_bytes) {
  std::string head = "### Rendered changes (driftlint)\n\n";
  if (diff.apps.empty()) return head + "No app renders differently. " + unchanged_line(diff.unchanged);
  head += "| app | change | objects added | removed | changed |\n|---|---|---:|---:|---:|\n";
  for (const AppChange& app : diff.apps) {
    Counts c = count(app);
    head += "| " + md_code(app.app) + " | " + app_kind(app.kind) + " | " + std::to_string(c.added) + " | " +
            std::to_string(c.removed) + " | " + std::to_string(c.changed) + " |\n";
  }
  head += "\n" + unchanged_line(diff.unchanged) + "\n";
  std::string body;
  size_t cut = 0;
  for (const AppChange& app : diff.apps) {
    // Every name, note and line of YAML comes from the repo: escaped for
    // where it lands (raw HTML, a list, a code block).
    std::string section = "<details><summary><code>" + html_text(app.app) + "</code>: " + app_kind(app.kind) +
                          html_text(where(app)) + "</summary>\n\n";
    for (const std::string& n : app.notes) section += "- " + md(n) + "\n";
    std::string text = app_diff_text(app);
    if (!app.notes.empty() && !text.empty()) section += "\n";
    if (!text.empty()) section += md_code_block(text, "diff");
    section += "\n</details>\n\n";
    if (head.size() + body.size() + section.size() + 200 > max_bytes) {
      ++cut;
      continue;
    }
    body += section;
  }
  if (cut) {
    body += "_" + std::to_string(cut) + " app" + (cut == 1 ? "'s" : "s'") + " diff left out: the comment is limited to " +
            std::to_string(max_bytes) + " characters. Run `driftlint diff` locally for all of it._\n";
  }
  return head + body;
}

std::string diff_json(const RenderedDiff& diff) {
  nlohmann::ordered_json apps = nlohmann::ordered_json::array();
  for (const AppChange& app : diff.apps) {
    nlohmann::ordered_json objects = nlohmann::ordered_json::array();
    for (const ObjectChange& o : app.objects) {
      nlohmann::ordered_json fields = nlohmann::ordered_json::array();
      for (const FieldChange& f : o.fields) {
        fields.push_back({{"path", f.path}, {"change", field_kind(f.kind)}, {"before", f.before}, {"after", f.after}});
      }
      objects.push_back({{"object", o.object}, {"change", object_kind(o.kind)}, {"fields", fields},
                         {"diff", unified_diff(o.before_yaml, o.after_yaml, "base", "head")}});
    }
    apps.push_back({{"app", app.app}, {"change", app_kind(app.kind)}, {"baseSource", app.before_source},
                    {"headSource", app.after_source}, {"notes", app.notes}, {"objects", objects}});
  }
  nlohmann::ordered_json out = {{"apps", apps}, {"unchanged", diff.unchanged}};
  return yaml::indented_json(out) + "\n";
}

}  // namespace driftlint
