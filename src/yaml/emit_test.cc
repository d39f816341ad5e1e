#include "yaml/emit.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "yaml/json.h"
#include "yaml/parser.h"

namespace driftlint::yaml {
namespace {

TEST(EmitTest, KubectlLikeBlockYaml) {
  nlohmann::json v = nlohmann::json::parse(R"({"apiVersion": "apps/v1", "kind": "Deployment",
    "metadata": {"name": "api", "labels": {"app.kubernetes.io/name": "api"}, "annotations": {}},
    "spec": {"replicas": 2, "template": {"spec": {"containers": [{"name": "api", "image": "r/api:1",
      "args": ["--port", "8080", "yes", ""], "env": []}]}}}})");
  EXPECT_EQ(emit_yaml(v),
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations: {}\n  labels:\n"
            "    app.kubernetes.io/name: api\n  name: api\nspec:\n  replicas: 2\n  template:\n    spec:\n"
            "      containers:\n      - args:\n        - --port\n        - \"8080\"\n        - \"yes\"\n        - \"\"\n"
            "        env: []\n        image: r/api:1\n        name: api\n");
}

TEST(EmitTest, WhatItWritesReadsBackTheSame) {
  nlohmann::json v = nlohmann::json::parse(R"({"a": "x: y", "b": "# no", "c": "line 1\nline 2\n", "d": "tail\n  spaced",
    "e": null, "f": true, "g": 1.5, "h": "010", "i": "~", "j": [[1, 2], {"k": "-"}], "k:": "v", "l": "é"})");
  std::string text = emit_yaml(v);
  ParsedFile parsed = parse_yaml(text);
  ASSERT_FALSE(parsed.error) << text;
  EXPECT_EQ(to_json(parsed.documents[0].root), v) << text;
}

}  // namespace
}  // namespace driftlint::yaml
