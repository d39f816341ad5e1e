#include "model/image_reference.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <string>

namespace driftlint {
namespace {

const RE2& reference_regex() {
  static const RE2 re([] {
    const std::string path_component = "[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*";
    const std::string domain_component = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    const std::string host = "(?:" + domain_component + "(?:\\." + domain_component + ")*|\\[[a-fA-F0-9:]+\\])";
    const std::string name = "(?:" + host + "(?::[0-9]+)?/)?" + path_component + "(?:/" + path_component + ")*";
    const std::string tag = "[\\w][\\w.-]{0,127}";
    const std::string digest = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
    return "(" + name + ")(?::(" + tag + "))?(?:@(" + digest + "))?";
  }());
  return re;
}

}  // namespace

bool is_moving_tag(std::string_view tag) {
  std::string t(tag);
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
  for (std::string_view moving : {"latest", "main", "master", "nightly", "edge", "dev"}) {
    if (t == moving) return true;
  }
  return t.starts_with("latest") || t.ends_with("latest");
}

bool ImageReference::unpinned() const { return digest.empty() && (tag.empty() || is_moving_tag(tag)); }

std::optional<ImageReference> parse_image_reference(std::string_view text) {
  if (text.empty() || text.size() > 4096) return std::nullopt;
  re2::StringPiece name, tag, digest;
  if (!RE2::FullMatch(re2::StringPiece(text.data(), text.size()), reference_regex(), &name, &tag, &digest)) {
    return std::nullopt;
  }
  ImageReference out;
  out.name = std::string_view(name.data(), name.size());
  if (tag.data()) out.tag = std::string_view(tag.data(), tag.size());
  if (digest.data()) out.digest = std::string_view(digest.data(), digest.size());
  return out;
}

}  // namespace driftlint
