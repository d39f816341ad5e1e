// A kept base's bytes (lint/kept_findings.h) read back as written, and
// damage of any kind reads as nothing, so the base runs again.
#include "lint/kept_findings.h"

#include <gtest/gtest.h>


namespace driftlint {
namespace {

KeptBase every_field() {
  Finding full;
  full.rule = "live-drift";
  full.severity = Severity::Warning;
  full.message = "spec.replicas: live 6, desired 3";
  full.hint = "Let Argo CD sync";
  full.repo = "infra";
  full.path = "apps/a/deploy.yaml";
  full.line = 12;
  full.column = 5;
  full.object = ObjectRef{"apps/v1", "Deployment", "team-a", "api"};
  full.apps = {"a", "b"};
  full.drift = FieldValues{"spec.replicas", "6", std::nullopt};
  full.suppressed = true;
  full.suppression = "a reason";
  full.suppression_kind = "inSource";
  Finding bare;  // no repo, path, object, apps or drift
  bare.rule = "stale-checkout";
  bare.severity = Severity::Notice;
  bare.message = "";
  return KeptBase{{full, bare}, {{"infra\x1f" "apps/a", 2}}};
}

TEST(KeptFindingsTest, AKeptBaseReadsBackAsWritten) {
  KeptBase written = every_field();
  auto read = decode_kept_base(encode_kept_base("0123abcd", written));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->first, "0123abcd");
  EXPECT_EQ(read->second.suppressions, written.suppressions);
  ASSERT_EQ(read->second.findings.size(), 2u);
  const Finding& f = read->second.findings[0];
  EXPECT_EQ(f.rule, "live-drift");
  EXPECT_EQ(f.severity, Severity::Warning);
  EXPECT_EQ(f.message, written.findings[0].message);
  EXPECT_EQ(f.hint, "Let Argo CD sync");
  EXPECT_EQ(f.repo, std::optional<std::string>("infra"));
  EXPECT_EQ(f.path, std::optional<std::string>("apps/a/deploy.yaml"));
  EXPECT_EQ(f.line, 12u);
  EXPECT_EQ(f.column, 5u);
  ASSERT_TRUE(f.object);
  EXPECT_EQ(f.object->api_version, "apps/v1");
  EXPECT_EQ(f.object->kind, "Deployment");
  EXPECT_EQ(f.object->ns, "team-a");
  EXPECT_EQ(f.object->name, "api");
  EXPECT_EQ(f.apps, (std::vector<std::string>{"a", "b"}));
  ASSERT_TRUE(f.drift);
  EXPECT_EQ(f.drift->field, "spec.replicas");
  EXPECT_EQ(f.drift->live, std::optional<std::string>("6"));
  EXPECT_FALSE(f.drift->desired);
  EXPECT_TRUE(f.suppressed);
  EXPECT_EQ(f.suppression, "a reason");
  EXPECT_EQ(f.suppression_kind, "inSource");
  const Finding& bare = read->second.findings[1];
  EXPECT_EQ(bare.rule, "stale-checkout");
  EXPECT_EQ(bare.severity, Severity::Notice);
  EXPECT_FALSE(bare.repo || bare.path || bare.object || bare.drift || bare.suppressed);
  EXPECT_TRUE(bare.apps.empty());
}

TEST(KeptFindingsTest, ATruncatedFileReadsAsNothing) {
  std::string bytes = encode_kept_base("0123abcd", every_field());
  for (size_t n = 0; n < bytes.size(); ++n) EXPECT_FALSE(decode_kept_base(bytes.substr(0, n))) << n << " bytes";
  EXPECT_FALSE(decode_kept_base(bytes + "x")) << "a byte past the end";
}

TEST(KeptFindingsTest, AnyChangedByteReadsAsNothing) {
  std::string bytes = encode_kept_base("0123abcd", every_field());
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::string damaged = bytes;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x20);
    EXPECT_FALSE(decode_kept_base(damaged)) << "byte " << i;
  }
}

// Suppressions are written in order, each once: a file that holds them
// otherwise (checksum and all) was not written by driftlint.
TEST(KeptFindingsTest, SuppressionsOutOfOrderReadAsNothing) {
  KeptBase two;
  two.suppressions = {{"a", 1}, {"b", 2}};
  std::string bytes = encode_kept_base("k", two);
  size_t a = bytes.find(std::string("\x01\0\0\0a", 5)), b = bytes.find(std::string("\x01\0\0\0b", 5));
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  size_t header = kept_base_file("").size();  // the magic line and the checksum
  std::string payload = bytes.substr(header);
  payload[a - header + 4] = 'b';
  payload[b - header + 4] = 'a';
  EXPECT_FALSE(decode_kept_base(kept_base_file(payload))) << "b before a, the checksum right";
  EXPECT_TRUE(decode_kept_base(bytes));
}

TEST(KeptFindingsTest, AnEmptyBaseReadsBackEmpty) {
  auto read = decode_kept_base(encode_kept_base("k", KeptBase{}));
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->second.findings.empty());
  EXPECT_TRUE(read->second.suppressions.empty());
}

}  // namespace
}  // namespace driftlint
