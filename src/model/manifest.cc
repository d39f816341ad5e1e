#include "model/manifest.h"

namespace driftlint {

void split_api_version(std::string_view api_version, std::string& group, std::string& version) {
  size_t slash = api_version.rfind('/');
  if (slash == std::string_view::npos) {
    group.clear();
    version.assign(api_version);
  } else {
    group.assign(api_version.substr(0, slash));
    version.assign(api_version.substr(slash + 1));
  }
}

std::string ObjectIdentity::display() const {
  std::string out = kind;
  out += ' ';
  if (!ns.empty()) {
    out += ns;
    out += '/';
  }
  out += name.empty() ? "(unnamed)" : name;
  return out;
}

std::string object_key(std::string_view group, std::string_view kind, std::string_view ns,
                       std::string_view name) {
  std::string key;
  key.reserve(group.size() + kind.size() + ns.size() + name.size() + 3);
  key.append(group).append("/").append(kind).append("/").append(ns).append("/").append(name);
  return key;
}

std::string object_key(const ObjectIdentity& id) { return object_key(id.group, id.kind, id.ns, id.name); }

}  // namespace driftlint
