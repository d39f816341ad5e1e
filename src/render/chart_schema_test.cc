#include "render/chart_schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "testing/workspace.h"

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

// A packaged subchart's schema is read from inside the archive (and from a
// package inside that one), whatever tar format wrote it.
TEST(ChartSchemaTest, SchemasInsidePackagedSubchartsAreRead) {
  Workspace work;
  std::string long_folder(90, 'd');  // a path of 112 characters, over the 100 of a plain header
  work.write("db/values.schema.json", R"({"$ref": "file:///etc/x.json"})");
  work.write("db/" + long_folder + "/values.schema.json", "{}");
  work.write("inner/values.schema.json", R"({"$ref": "https://schemas.example/x.json"})");
  std::string dir = work.path().string();
  for (const char* format : {"gnu", "pax", "ustar"}) {
    std::string tar = std::string("tar --format=") + format + " -C '" + dir + "' -czf '" + dir + "/";
    ASSERT_EQ(std::system((tar + "inner.tgz' inner").c_str()), 0);
    ASSERT_EQ(std::system(("mkdir -p '" + dir + "/db/charts' && mv '" + dir + "/inner.tgz' '" + dir + "/db/charts/'").c_str()), 0);
    int made = std::system((tar + "db-1.0.0.tgz' db 2>/dev/null").c_str());
    ASSERT_EQ(made, 0) << format;  // ustar splits the long name into its prefix field
    std::map<std::string, std::string> files = {{"chart/Chart.yaml", "name: api\n"},
                                                {"chart/charts/db-1.0.0.tgz", work.read("db-1.0.0.tgz")}};
    ChartSchemas found = chart_schemas(files, "chart", 1 << 20);
    EXPECT_TRUE(found.unreadable.empty()) << format;
    std::vector<std::string> names;
    for (const auto& [name, text] : found.schemas) names.push_back(name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"chart/charts/db-1.0.0.tgz:db/charts/inner.tgz:inner/values.schema.json",
                                               "chart/charts/db-1.0.0.tgz:db/" + long_folder + "/values.schema.json",
                                               "chart/charts/db-1.0.0.tgz:db/values.schema.json"}))
        << format;
    std::system(("rm -rf '" + dir + "/db/charts' '" + dir + "/db-1.0.0.tgz'").c_str());
  }
}

TEST(ChartSchemaTest, APackageThatInflatesPastTheLimitIsUnreadable) {
  Workspace work;
  work.write("big/values.yaml", std::string(4 << 20, 'a'));
  std::string dir = work.path().string();
  ASSERT_EQ(std::system(("tar -C '" + dir + "' -czf '" + dir + "/big.tgz' big").c_str()), 0);
  std::string archive = work.read("big.tgz");
  EXPECT_LT(archive.size(), 100'000u);
  ChartSchemas found = chart_schemas({{"chart/charts/big.tgz", archive}, {"chart/charts/bad.tgz", "not gzip"}}, "chart",
                                     1 << 20);
  ASSERT_EQ(found.unreadable.size(), 2u);
  EXPECT_EQ(found.unreadable[0], "chart/charts/bad.tgz (not a gzip-compressed archive, or a damaged one)");
  EXPECT_EQ(found.unreadable[1], "chart/charts/big.tgz (it inflates to more than 1 MiB)");
}

}  // namespace
}  // namespace driftlint
