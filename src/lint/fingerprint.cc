#include "lint/fingerprint.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "base/files.h"
#include "base/hash.h"
#include "yaml/json_text.h"

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

// Whether `text` holds a run of at least `n` lowercase hex digits (what a
// commit id needs before its pattern can match).
bool has_hex_run(std::string_view text, size_t n) {
  size_t run = 0;
  for (char c : text) {
    run = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ? run + 1 : 0;
    if (run >= n) return true;
  }
  return false;
}

// Each pattern runs only where the text holds what it cannot match without:
// a pull-request run fingerprints every finding of both revisions, and most
// messages hold none of these.
std::string normalized_message(const Finding& f) {
  std::string message = f.message;
  if (message.find(" (") != std::string::npos) drop_tails(message);
  if (f.path) {
    if (f.repo) replace_all(message, *f.repo + "/" + *f.path, "\x02");
    replace_all(message, *f.path, "\x02");
  }
  // Places: "file.yaml:12:3", "line 7", "lines 3-9"; commit ids.
  static const RE2 place(R"((\.(?:ya?ml|json)):\d+(?::\d+)?)");
  static const RE2 line(R"(\b(lines?) \d+(?:-\d+)?)");
  static const RE2 commit(R"(\b(?:[0-9a-f]{40}|[0-9a-f]{12})\b)");  // as driftlint prints commit ids
  auto holds = [&](std::string_view part) { return message.find(part) != std::string::npos; };
  if (holds(".yaml:") || holds(".yml:") || holds(".json:")) RE2::GlobalReplace(&message, place, "\\1");
  if (holds("line")) RE2::GlobalReplace(&message, line, "\\1 #");
  if (has_hex_run(message, 12)) RE2::GlobalReplace(&message, commit, "#");
  return message;
}

// What a fingerprint is made of, given to `out` piece by piece: as text
// (fingerprint_identity), or straight to the hash (fingerprint_hash).
template <class Out>
void identity_pieces(const Finding& f, Out& out) {
  out.add("v2\x1f").add(f.rule).add('\x1f').add(f.repo.value_or("")).add('\x1f');
  if (f.object) {
    out.add(f.object->kind).add('/').add(f.object->ns).add('/').add(f.object->name);
  } else {
    out.add(f.path.value_or(""));
  }
  out.add('\x1f').add(normalized_message(f));
}

struct IdentityText {
  std::string text;
  IdentityText& add(std::string_view piece) {
    text += piece;
    return *this;
  }
  IdentityText& add(char c) {
    text += c;
    return *this;
  }
};

// fnv1a(fingerprint_identity(f)), without making the identity's text: a
// pull-request run fingerprints every finding of both revisions.
uint64_t fingerprint_hash(const Finding& f) {
  Fnv1a hash;
  identity_pieces(f, hash);
  return hash.value();
}

uint64_t legacy_hash(const Finding& f) { return fnv1a(legacy_identity(f)); }

// Numbered among the findings `counted` selects, so no two are alike (the
// second finding of an identity is "HASH:2"); "" for the others. The
// numbers come from the hashes sorted with their positions, not from a map
// of a node per identity (28,000 of them in a pull-request run).
std::vector<std::string> numbered(const std::vector<Finding>& findings, uint64_t (*identity_hash)(const Finding&),
                                  bool (*counted)(const Finding&)) {
  std::vector<std::pair<uint64_t, size_t>> order;  // (hash, position)
  order.reserve(findings.size());
  for (size_t i = 0; i < findings.size(); ++i) {
    if (counted(findings[i])) order.emplace_back(identity_hash(findings[i]), i);
  }
  std::sort(order.begin(), order.end());
  std::vector<std::string> out(findings.size());
  size_t n = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    n = k > 0 && order[k - 1].first == order[k].first ? n + 1 : 1;
    std::string& print = out[order[k].second];
    print = hex64(order[k].first);
    if (n > 1) print += ":" + std::to_string(n);
  }
  return out;
}

bool any_finding(const Finding&) { return true; }
bool not_suppressed(const Finding& f) { return !f.suppressed; }

}  // namespace

std::string fingerprint_identity(const Finding& f) {
  IdentityText out;
  identity_pieces(f, out);
  return std::move(out.text);
}

std::vector<std::string> fingerprints(const std::vector<Finding>& findings) {
  return numbered(findings, fingerprint_hash, any_finding);
}

std::vector<std::string> open_fingerprints(const std::vector<Finding>& findings) {
  return numbered(findings, fingerprint_hash, not_suppressed);
}

std::vector<std::string> legacy_fingerprints(const std::vector<Finding>& findings) {
  return numbered(findings, legacy_hash, any_finding);
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
  std::vector<std::string> prints =
      baseline.version == 1 ? numbered(findings, legacy_hash, not_suppressed) : open_fingerprints(findings);
  std::vector<Finding> kept;
  size_t dropped = 0;
  for (size_t i = 0; i < findings.size(); ++i) {
    if (!findings[i].suppressed) {
      auto it = baseline.counts.find(prints[i]);
      if (it != baseline.counts.end() && it->second > 0) {
        --it->second;
        ++dropped;
        continue;
      }
    }
    kept.push_back(std::move(findings[i]));
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
  return yaml::indented_json(doc) + "\n";
}

}  // namespace driftlint
