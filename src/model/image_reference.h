// Container image references as the container runtimes parse them
// (github.com/distribution/reference): `[host[:port]/]path[:tag][@digest]`.
#pragma once

#include <optional>
#include <string_view>

namespace driftlint {

struct ImageReference {
  std::string_view name;    // host and path
  std::string_view tag;     // empty when none
  std::string_view digest;  // empty when none

  // Neither a digest nor a release tag (no tag, or a moving one): what runs can change.
  bool unpinned() const;
};

// A tag that follows a branch or a channel rather than naming a release:
// `latest`, `main`, `master`, `nightly`, `edge`, `dev`, and tags that start
// or end with `latest` (`latest-gpu`, `gpu-latest`); case ignored.
bool is_moving_tag(std::string_view tag);

// The parts of a valid reference; nullopt for anything else: placeholders
// (`IMAGE_URL`, `${IMAGE}`, `{{.Image}}`, `FILLED BY THE OPERATOR`), upper
// case in the path, spaces, an empty string.
std::optional<ImageReference> parse_image_reference(std::string_view text);

}  // namespace driftlint
