// The git generator (applicationset/generators/git.go) over the loaded copy
// of its repo: `directories` (Go's path.Match on every folder, excludes
// winning) and `files` (git's pathspec matching, each JSON/YAML file's
// object, or each object of its list, one parameter set), with the `path`
// parameters, `pathParamPrefix` and `values`. Without goTemplate a file's
// keys are flattened as Argo CD flattens them ("a.b", "list.0").
#include <algorithm>

#include "argocd/appset_generators.h"
#include "argocd/appset_git_paths.h"
#include "gotemplate/go_template.h"
#include "base/strings.h"
#include "fs/repo_path.h"
#include "git/url.h"

namespace driftlint {

namespace {

struct GitRepo {
  uint32_t repo = 0;
  std::string folder;  // the loaded folder inside the checkout ("" = its root)
  // Every file the load knows (git-root-relative path), with its loaded file
  // or nullopt for one that was skipped.
  std::vector<std::pair<std::string, std::optional<uint32_t>>> files;
};

GitRepo repo_files(uint32_t repo, const AppSetInputs& inputs) {
  GitRepo out{repo, inputs.load.repos[repo].git_folder, {}};
  for (const auto& [path, file] : inputs.index.files_of(repo)) out.files.emplace_back(join_path(out.folder, path), file);
  for (const auto& [r, skipped] : inputs.load.skipped) {
    if (r == repo) out.files.emplace_back(join_path(out.folder, skipped.path), std::nullopt);
  }
  std::sort(out.files.begin(), out.files.end());
  return out;
}

// A pattern that could match outside the loaded folder finds there what the load does not hold.
bool reaches_outside(std::string_view pattern, const std::string& folder) {
  if (folder.empty()) return false;
  std::string_view literal = literal_prefix(pattern);
  if (literal.size() == pattern.size()) return !path_is_under(pattern, folder);
  size_t slash = literal.rfind('/');
  return !path_is_under(slash == std::string_view::npos ? "" : literal.substr(0, slash), folder);
}

// The `path` parameters of a folder (directories) or of a file's folder.
void add_path_params(TemplateValue::Map& params, const std::string& dir, const std::string* file, const std::string& prefix,
                     bool go) {
  std::string base = go_path_base(dir);
  if (go) {
    TemplateValue::Map path;
    path["path"] = TemplateValue::string(dir);
    path["basename"] = TemplateValue::string(base);
    path["basenameNormalized"] = TemplateValue::string(argo_sanitize_name(base));
    if (file) {
      path["filename"] = TemplateValue::string(go_path_base(*file));
      path["filenameNormalized"] = TemplateValue::string(argo_sanitize_name(go_path_base(*file)));
    }
    TemplateValue::List segments;
    for (std::string_view s : split(dir, '/')) segments.push_back(TemplateValue::string(std::string(s)));
    path["segments"] = TemplateValue::list(std::move(segments));
    if (prefix.empty()) {
      params["path"] = TemplateValue::map(std::move(path));
    } else {
      params[prefix] = TemplateValue::map({{"path", TemplateValue::map(std::move(path))}});
    }
    return;
  }
  std::string name = prefix.empty() ? "path" : prefix + ".path";
  params[name] = TemplateValue::string(dir);
  params[name + ".basename"] = TemplateValue::string(base);
  params[name + ".basenameNormalized"] = TemplateValue::string(argo_sanitize_name(base));
  if (file) {
    params[name + ".filename"] = TemplateValue::string(go_path_base(*file));
    params[name + ".filenameNormalized"] = TemplateValue::string(argo_sanitize_name(go_path_base(*file)));
  }
  size_t i = 0;
  for (std::string_view s : split(dir, '/')) {
    if (!s.empty()) params[name + "[" + std::to_string(i) + "]"] = TemplateValue::string(std::string(s));
    ++i;
  }
}

void directory_params(yaml::Node git, const GitRepo& repo, GeneratorContext& ctx, GeneratorResult& out) {
  std::vector<std::pair<std::string, bool>> patterns;  // (path, exclude)
  for (yaml::Node d : git.get("directories").elements()) {
    std::string path = text_of(d.get("path"));
    bool exclude = d.get("exclude").as_bool().value_or(text_of(d.get("exclude")) == "true");
    if (!exclude && reaches_outside(path, repo.folder)) {
      out.fail(ctx.who + ": its git directories pattern " + quote_for_message(path) + " reaches outside the loaded folder " +
               quote_for_message(repo.folder));
    }
    patterns.emplace_back(path, exclude);
  }
  std::vector<std::string> files;
  for (const auto& f : repo.files) files.push_back(f.first);
  std::string prefix = text_of(git.get("pathParamPrefix"));
  for (const std::string& dir : walk_order_directories(files)) {
    bool include = false, exclude = false;
    for (const auto& [pattern, is_exclude] : patterns) {
      if (go_path_match(pattern, dir).value_or(false)) (is_exclude ? exclude : include) = true;
    }
    if (!include || exclude) continue;
    TemplateValue::Map params;
    add_path_params(params, dir, nullptr, prefix, ctx.go());
    TemplateValue value = TemplateValue::map(std::move(params));
    append_values(git.get("values"), value, ctx, out);
    out.params.push_back(std::move(value));
  }
}

// The parameter sets of one matched file: its object, or each object of its list.
bool file_params(const std::string& path, const LoadedFile& file, yaml::Node git, GeneratorContext& ctx,
                 GeneratorResult& out) {
  std::string where = quote_for_message(path);
  if (file.too_large || file.parsed.error) {
    out.refuse(ctx.who + ": its git files generator cannot read " + where +
             (file.too_large ? " (over the size limit)" : ": unable to parse file: " + file.parsed.error->message));
    return false;
  }
  if (!file.parsed.documents.empty() && nested_deeper_than(file.parsed.documents.front().root, kMaxValueDepth)) {
    out.refuse(ctx.who + ": its git files generator cannot use " + where + ": it nests deeper than " +
               std::to_string(kMaxValueDepth) + " levels (driftlint's limit)");
    return false;
  }
  TemplateValue content = file.parsed.documents.empty() ? TemplateValue::null()
                                                        : template_value_from_yaml(file.parsed.documents.front().root);
  std::vector<TemplateValue> objects;
  if (content.is(TemplateValue::Kind::Null)) objects.push_back(TemplateValue::map());
  if (content.is(TemplateValue::Kind::Map)) objects.push_back(content);
  for (const TemplateValue& item : content.items()) objects.push_back(item);
  bool all_maps = std::all_of(objects.begin(), objects.end(), [](const TemplateValue& o) { return o.is(TemplateValue::Kind::Map); });
  if (!all_maps || (objects.empty() && !content.is(TemplateValue::Kind::List))) {
    out.refuse(ctx.who + ": its git files generator cannot use " + where + ": unable to parse file: not an object or a list of objects");
    return false;
  }
  std::string prefix = text_of(git.get("pathParamPrefix"));
  for (const TemplateValue& object : objects) {
    TemplateValue::Map params;
    if (ctx.go()) {
      params = object.deep_copy().entries();
    } else {
      for (auto& [key, value] : flatten_params(object)) params[key] = TemplateValue::string(value);
    }
    add_path_params(params, go_path_dir(path), &path, prefix, ctx.go());
    TemplateValue value = TemplateValue::map(std::move(params));
    append_values(git.get("values"), value, ctx, out);
    out.params.push_back(std::move(value));
  }
  return true;
}

void files_params(yaml::Node git, const GitRepo& repo, GeneratorContext& ctx, GeneratorResult& out) {
  std::vector<std::string> include, exclude;
  for (yaml::Node f : git.get("files").elements()) {
    std::string path = text_of(f.get("path"));
    bool is_exclude = f.get("exclude").as_bool().value_or(text_of(f.get("exclude")) == "true");
    (is_exclude ? exclude : include).push_back(path);
    if (!is_exclude && reaches_outside(path, repo.folder)) {
      out.fail(ctx.who + ": its git files pattern " + quote_for_message(path) + " reaches outside the loaded folder " +
               quote_for_message(repo.folder));
    }
  }
  auto any_match = [](const std::vector<std::string>& patterns, const std::string& path) {
    return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return git_pathspec_match(p, path); });
  };
  for (const auto& [path, file] : repo.files) {
    if (!any_match(include, path) || any_match(exclude, path)) continue;
    if (!file) {
      out.fail(ctx.who + ": its git files generator matches " + quote_for_message(path) + ", which was not loaded");
      continue;
    }
    if (!file_params(path, ctx.inputs.load.files[*file], git, ctx, out)) return;
  }
}

}  // namespace

GeneratorResult git_params(yaml::Node git, GeneratorContext& ctx) {
  GeneratorResult out;
  std::string url = text_of(git.get("repoURL"));
  int repo = ctx.inputs.repo_for_url(url);
  if (repo < 0) {
    out.fail(ctx.who + ": its git generator reads " + redact_url(url) + ", which is not among the loaded repos");
    return out;
  }
  GitRepo files = repo_files(static_cast<uint32_t>(repo), ctx.inputs);
  if (git.get("directories").size() > 0) {
    directory_params(git, files, ctx, out);
  } else if (git.get("files").size() > 0) {
    files_params(git, files, ctx, out);
  } else {
    out.refuse(ctx.who + ": its git generator has neither directories nor files");
  }
  return out;
}

}  // namespace driftlint
