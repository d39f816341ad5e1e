#include "argocd/appset.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "base/glob.h"
#include "base/strings.h"
#include "fs/repo_path.h"
#include "git/url.h"

namespace driftlint {

namespace {

bool has_segment_starting_with_dot(std::string_view path) {
  for (std::string_view segment : split(path, '/')) {
    if (!segment.empty() && segment[0] == '.') return true;
  }
  return false;
}

std::string normalized_name(const std::string& text) {
  std::string out;
  for (char c : text) {
    out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '-';
  }
  return out;
}

void flatten_params(yaml::Node node, const std::string& prefix, TemplateParams& out, int depth) {
  if (depth > 8) return;
  for (auto [key, value] : node.entries()) {
    std::string name = prefix.empty() ? std::string(key.text()) : prefix + "." + std::string(key.text());
    if (value.is_map()) {
      flatten_params(value, name, out, depth + 1);
    } else if (value.is_scalar()) {
      out[name] = std::string(value.text());
    }
  }
}

// Directories of the repo (relative to the git root) a git directory
// generator picks: matches of any path, minus matches of any exclude.
std::vector<std::string> generated_directories(yaml::Node directories, int repo, const AppSetInputs& inputs) {
  const std::string& folder = inputs.load.repos[repo].git_folder;
  std::set<std::string> all;
  for (const auto& [path, file] : inputs.index.files_of(repo)) {
    std::string dir = parent_of(join_path(folder, path));
    while (!dir.empty() && all.insert(dir).second) dir = parent_of(dir);
  }
  std::vector<std::string> include, exclude;
  for (yaml::Node d : directories.elements()) {
    std::string pattern = normalize_app_path(std::string(d.get("path").text()));
    (d.get("exclude").as_bool().value_or(false) ? exclude : include).push_back(pattern);
  }
  std::vector<std::string> out;
  for (const std::string& dir : all) {
    if (has_segment_starting_with_dot(dir)) continue;
    auto matches = [&](const std::vector<std::string>& patterns) {
      return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return glob_match(p, dir); });
    };
    if (matches(include) && !matches(exclude)) out.push_back(dir);
  }
  return out;
}

TemplateParams directory_params(const std::string& dir) {
  TemplateParams p;
  p["path"] = dir;
  p["path.path"] = dir;
  p["path.basename"] = basename_of(dir);
  p["path.basenameNormalized"] = normalized_name(basename_of(dir));
  size_t n = 0;
  for (std::string_view segment : split(dir, '/')) p["path[" + std::to_string(n++) + "]"] = std::string(segment);
  return p;
}

// One generator's parameter sets; false (with a note) when it cannot be expanded.
bool generator_params(yaml::Node generator, const std::string& who, const AppSetInputs& inputs,
                      std::vector<TemplateParams>& params, AppSetExpansion& out) {
  if (yaml::Node list = generator.get("list"); list.is_map()) {
    for (yaml::Node element : list.get("elements").elements()) {
      TemplateParams p;
      flatten_params(element, "", p, 0);
      params.push_back(std::move(p));
    }
    return true;
  }
  if (yaml::Node git = generator.get("git"); git.is_map()) {
    if (!git.get("directories").is_sequence()) {
      out.notes.push_back(who + ": git file generators are not expanded");
      return false;
    }
    std::string url(git.get("repoURL").text());
    int repo = inputs.repo_for_url(url);
    if (repo < 0) {
      out.notes.push_back(who + ": its git generator reads " + redact_url(url) +
                          ", which is not among the loaded repos: not expanded");
      return false;
    }
    for (const std::string& dir : generated_directories(git.get("directories"), repo, inputs)) {
      params.push_back(directory_params(dir));
    }
    return true;
  }
  std::string kind = generator.size() ? std::string(generator.key_at(0).text()) : "?";
  out.notes.push_back(who + ": " + kind + " generators are not expanded");
  return false;
}

}  // namespace

AppSetExpansion expand_application_set(const Manifest& set, const AppSetInputs& inputs) {
  AppSetExpansion out;
  yaml::Node spec = set.root.get("spec");
  yaml::Node tmpl = spec.get("template");
  bool go = spec.get("goTemplate").as_bool().value_or(false);
  std::string who = "ApplicationSet " + quote_for_message(set.id.name);
  if (!tmpl.is_map()) {
    out.notes.push_back(who + " has no template: not expanded");
    out.complete = false;
    return out;
  }
  for (yaml::Node generator : spec.get("generators").elements()) {
    std::vector<TemplateParams> params;
    if (!generator_params(generator, who, inputs, params, out)) {
      out.complete = false;
      continue;
    }
    for (const TemplateParams& p : params) {
      std::vector<std::string> problems;
      Application app = parse_application(tmpl, &p, go, problems);
      if (!problems.empty() || app.name.empty()) {
        out.notes.push_back(who + ": a generated Application was skipped: " +
                            (problems.empty() ? std::string("no name") : problems.front()));
        out.complete = false;
        continue;
      }
      app.application_set = set.id.name;
      app.application_set_manifest = &set;
      out.apps.push_back(std::move(app));
    }
  }
  return out;
}

}  // namespace driftlint
