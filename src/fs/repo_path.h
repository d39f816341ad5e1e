// Repo-relative paths ('/'-separated, no leading "./", "" for the root), as
// kustomizations, Argo CD sources and generators name them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace driftlint {

// "a" + "b" -> "a/b"; either side may be "".
std::string join_path(std::string_view a, std::string_view b);
// Resolves "." and ".." lexically; nullopt when it climbs above the root.
std::optional<std::string> clean_path(std::string_view path);
// "a/b/c" -> "a/b"; "c" -> "".
std::string parent_of(std::string_view path);
// "a/b/c" -> "c".
std::string basename_of(std::string_view path);
// Whether `path` is `folder` or lies below it ("" holds everything).
bool path_is_under(std::string_view path, std::string_view folder);
// A kustomize entry that names a remote base or file rather than a file or
// folder of the repo: every form some kustomize (3, 4 or 5) would fetch or
// clone, whatever its case (remote_reference.cc says which and why).
bool is_remote_reference(std::string_view entry);

}  // namespace driftlint
