#include "render/chart_schema.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(ChartSchemaTest, ReferencesOutsideTheDocumentAreFound) {
  SchemaScan scan = scan_values_schema(R"({
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://charts.example/api/values.schema.json",
    "properties": {
      "image": {"$ref": "#/definitions/image"},
      "container": {"$ref": "https://kubernetesjsonschema.dev/v1.18.0/_definitions.json#/definitions/io.k8s.api.core.v1.Container"},
      "secret": {"$ref": "file:///root/.config/gcloud/application_default_credentials.json"},
      "defs": {"$ref": "defs.json"},
      "other": {"$dynamicRef": "tmp/x.json"},
      "urn": {"$ref": "urn:example:thing"},
      "$ref": {"type": "string"}
    },
    "definitions": {"image": {"type": "object"}}
  })");
  ASSERT_TRUE(scan.parsed);
  ASSERT_EQ(scan.outside.size(), 4u);
  EXPECT_EQ(scan.outside[0].keyword, "$ref");
  EXPECT_TRUE(scan.outside[0].fetched);
  EXPECT_EQ(scan.outside[1].value, "file:///root/.config/gcloud/application_default_credentials.json");
  EXPECT_FALSE(scan.outside[1].fetched);
  EXPECT_EQ(scan.outside[2].value, "defs.json");  // helm resolves it to file:///defs.json, not the chart's
  EXPECT_FALSE(scan.outside[2].fetched);
  EXPECT_EQ(scan.outside[3].keyword, "$dynamicRef");
}

TEST(ChartSchemaTest, AnUnknownMetaschemaWouldBeFetched) {
  SchemaScan scan = scan_values_schema(R"({"$schema": "https://meta.example/schema", "type": "object"})");
  ASSERT_EQ(scan.outside.size(), 1u);
  EXPECT_EQ(scan.outside[0].keyword, "$schema");
  EXPECT_TRUE(scan.outside[0].fetched);
  EXPECT_TRUE(scan_values_schema(R"({"$schema": "https://json-schema.org/draft/2020-12/schema"})").outside.empty());
}

TEST(ChartSchemaTest, WhichFilesAreSchemas) {
  EXPECT_TRUE(is_values_schema("charts/api/values.schema.json"));
  EXPECT_TRUE(is_values_schema("values.schema.json"));
  EXPECT_FALSE(is_values_schema("charts/api/my-values.schema.json"));
}

}  // namespace
}  // namespace driftlint
