#include "lint/fingerprint.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "base/files.h"
#include "base/hash.h"

namespace driftlint {

namespace {

std::string legacy_identity(const Finding& f) {
  std::string message;
  for (char c : f.message) {
    if (!std::isdigit(static_cast<unsigned char>(c))) message += c;
  }
  std::string out = f.rule + '\x1f' + f.repo.value_or("") + '\x1f' + f.path.value_or("") + '\x1f';
  if (f.object) out += f.object->kind + '/' + f.object->ns + '/' + f.object->name;
  return out + '\x1f' + message;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// Parenthesised tails the engine adds when it merges findings or locates a
// rendered one: they name other objects, apps and earlier lines.
void drop_tails(std::string& message) {
  static const RE2 tail(R"( \((via |in apps |also in namespace|also \d+ more object)[^()]*(\([^()]*\)[^()]*)*\))");
  RE2::GlobalReplace(&message, tail, "");
}

std::string normalized_message(const Finding& f) {
  std::string message = f.message;
  drop_tails(message);
  if (f.path) {
    if (f.repo) replace_all(message, *f.repo + "/" + *f.path, "\x02");
    replace_all(message, *f.path, "\x02");
  }
  // Places: "file.yaml:12:3", "line 7", "lines 3-9"; commit ids.
  static const RE2 place(R"((\.(?:ya?ml|json)):\d+(?::\d+)?)");
  static const RE2 line(R"(\b(lines?) \d+(?:-\d+)?)");
  static const RE2 commit(R"(\b(?:[0-9a-f]{40}|[0-9a-f]{12})\b)");  // as driftlint prints commit ids
  RE2::GlobalReplace(&message, place, "\\1");
  RE2::GlobalReplace(&message, line, "\\1 #");
  RE2::GlobalReplace(&message, commit, "#");
  return message;
}

template <class Identity>
std::vector<std::string> numbered(const std::vector<Finding>& findings, Identity identity) {
  std::vector<std::string> out;
  std::map<std::string, size_t> seen;
  for (const Finding& f : findings) {
    std::string hex = hex64(fnv1a(identity(f)));
    size_t n = ++seen[hex];
    out.push_back(n == 1 ? hex : hex + ":" + std::to_string(n));
  }
  return out;
}

}  // namespace

std::string fingerprint_identity(const Finding& f) {
  std::string out = "v2\x1f" + f.rule + '\x1f' + f.repo.value_or("") + '\x1f';
  if (f.object) {
    out += f.object->kind + '/' + f.object->ns + '/' + f.object->name;
  } else {
    out += f.path.value_or("");
  }
  return out + '\x1f' + normalized_message(f);
}

std::vector<std::string> fingerprints(const std::vector<Finding>& findings) {
  return numbered(findings, fingerprint_identity);
}

std::vector<std::string> legacy_fingerprints(const std::vector<Finding>& findings) {
  return numbered(findings, legacy_identity);
}

Expected<Baseline> read_baseline(const std::string& path, uint64_t max_bytes) {
  Expected<std::string> text = read_regular_file(path, max_bytes);
  if (!text) return Error{"--baseline " + text.error().message};
  Baseline baseline;
  try {
    nlohmann::json doc = nlohmann::json::parse(*text);
    int version = doc.is_object() ? doc.value("version", 0) : 0;
    if ((version != 1 && version != 2) || !doc.contains("findings") || !doc["findings"].is_array()) {
      return Error{"--baseline " + path + ": not a driftlint baseline (version 1 or 2, with findings)"};
    }
    baseline.version = version;
    for (const auto& f : doc["findings"]) {
      if (!f.is_object() || !f.contains("fingerprint") || !f["fingerprint"].is_string()) {
        return Error{"--baseline " + path + ": a finding has no fingerprint"};
      }
      ++baseline.counts[f["fingerprint"].get<std::string>()];
    }
  } catch (const nlohmann::json::exception& e) {
    return Error{"--baseline " + path + ": " + e.what()};
  }
  return baseline;
}

size_t drop_baselined(std::vector<Finding>& findings, Baseline baseline) {
  std::vector<Finding> open;
  for (const Finding& f : findings) {
    if (!f.suppressed) open.push_back(f);
  }
  std::vector<std::string> prints = baseline.version == 1 ? legacy_fingerprints(open) : fingerprints(open);
  std::vector<Finding> kept;
  size_t next = 0, dropped = 0;
  for (Finding& f : findings) {
    if (!f.suppressed) {
      auto it = baseline.counts.find(prints[next++]);
      if (it != baseline.counts.end() && it->second > 0) {
        --it->second;
        ++dropped;
        continue;
      }
    }
    kept.push_back(std::move(f));
  }
  findings = std::move(kept);
  return dropped;
}

std::string baseline_json(const std::vector<Finding>& findings) {
  nlohmann::ordered_json doc;
  doc["version"] = 2;
  doc["findings"] = nlohmann::ordered_json::array();
  std::vector<std::string> prints = fingerprints(findings);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    nlohmann::ordered_json entry = {{"fingerprint", prints[i]}, {"rule", f.rule}, {"repo", f.repo.value_or("")},
                                    {"path", f.path.value_or("")}};
    if (f.object) entry["object"] = f.object->kind + " " + (f.object->ns.empty() ? "" : f.object->ns + "/") + f.object->name;
    entry["message"] = f.message;
    doc["findings"].push_back(std::move(entry));
  }
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace driftlint
