#include "plan/immutable_fields.h"

#include <gtest/gtest.h>

#include "yaml/parser.h"

namespace driftlint {
namespace {

// The immutable fields a change from `before` to `after` touches, judged as
// the plan judges a change against the base (fields compared both ways).
std::vector<std::string> changed(const ImmutableFields& fields, const char* group, const char* kind, const char* before,
                                 const char* after) {
  yaml::ParsedFile b = yaml::parse_yaml(before), a = yaml::parse_yaml(after);
  DiffOptions options;
  options.live_only_keys = true;
  std::vector<FieldDiff> diffs = diff_objects(a.documents[0].root, b.documents[0].root, options);
  ObjectIdentity id;
  id.group = group;
  id.kind = kind;
  std::vector<std::string> out;
  for (const ImmutableChange& c : fields.changes(id, b.documents[0].root, a.documents[0].root, diffs)) {
    EXPECT_FALSE(c.source.empty()) << c.field;
    out.push_back(c.field);
  }
  return out;
}

using Fields = std::vector<std::string>;

TEST(ImmutableFieldsTest, WorkloadSelectorsWhole) {
  ImmutableFields f;
  const char* before = "spec:\n  selector: {matchLabels: {app: a, tier: web}}\n  replicas: 1\n";
  EXPECT_EQ(changed(f, "apps", "Deployment", before, "spec:\n  selector: {matchLabels: {app: a}}\n  replicas: 1\n"),
            Fields{"spec.selector"});  // a key git drops counts
  EXPECT_EQ(changed(f, "apps", "Deployment", before, "spec:\n  selector: {matchLabels: {app: a, tier: web}}\n  replicas: 3\n"),
            Fields{});
  EXPECT_EQ(changed(f, "apps", "DaemonSet", before, "spec:\n  selector: {matchLabels: {app: b, tier: web}}\n"),
            Fields{"spec.selector"});
  // Not apps/v1: another group's Deployment is not in the table.
  EXPECT_EQ(changed(f, "example.com", "Deployment", before, "spec:\n  selector: {matchLabels: {app: b}}\n"), Fields{});
}

TEST(ImmutableFieldsTest, StatefulSetJobRoleBindingStorageClass) {
  ImmutableFields f;
  EXPECT_EQ(changed(f, "apps", "StatefulSet", "spec: {serviceName: db, podManagementPolicy: OrderedReady, replicas: 1}\n",
                    "spec: {serviceName: db2, podManagementPolicy: Parallel, replicas: 3}\n"),
            (Fields{"spec.serviceName", "spec.podManagementPolicy"}));
  EXPECT_EQ(changed(f, "apps", "StatefulSet", "spec:\n  volumeClaimTemplates: [{metadata: {name: d}, spec: {storageClassName: a}}]\n",
                    "spec:\n  volumeClaimTemplates: [{metadata: {name: d}, spec: {storageClassName: b}}]\n"),
            Fields{"spec.volumeClaimTemplates"});
  EXPECT_EQ(changed(f, "batch", "Job", "spec:\n  template: {spec: {containers: [{name: a, image: x:1}]}}\n",
                    "spec:\n  template: {spec: {containers: [{name: a, image: x:2}]}}\n"),
            Fields{"spec.template"});
  EXPECT_EQ(changed(f, "rbac.authorization.k8s.io", "ClusterRoleBinding", "roleRef: {kind: ClusterRole, name: view}\n",
                    "roleRef: {kind: ClusterRole, name: edit}\n"),
            Fields{"roleRef"});
  EXPECT_EQ(changed(f, "storage.k8s.io", "StorageClass", "provisioner: a\nparameters: {type: gp2}\nallowVolumeExpansion: false\n",
                    "provisioner: a\nparameters: {type: gp3}\nallowVolumeExpansion: true\n"),
            Fields{"parameters"});
}

TEST(ImmutableFieldsTest, ServiceClusterIpClaimsAndImmutableData) {
  ImmutableFields f;
  EXPECT_EQ(changed(f, "", "Service", "spec: {clusterIP: 10.0.0.1}\n", "spec: {clusterIP: None}\n"), Fields{"spec.clusterIP"});
  EXPECT_EQ(changed(f, "", "Service", "spec: {clusterIP: 10.0.0.1}\n", "spec: {type: ExternalName, clusterIP: ''}\n"), Fields{});
  EXPECT_EQ(changed(f, "", "Service", "spec: {ports: [{port: 80}]}\n", "spec: {clusterIP: None, ports: [{port: 80}]}\n"), Fields{});
  const char* claim = "spec:\n  storageClassName: a\n  resources: {requests: {storage: 10Gi}}\n";
  EXPECT_EQ(changed(f, "", "PersistentVolumeClaim", claim, "spec:\n  storageClassName: a\n  resources: {requests: {storage: 20Gi}}\n"),
            Fields{});  // a claim may grow
  EXPECT_EQ(changed(f, "", "PersistentVolumeClaim", claim, "spec:\n  storageClassName: a\n  resources: {requests: {storage: 5Gi}}\n"),
            Fields{"spec.resources.requests.storage"});
  EXPECT_EQ(changed(f, "", "PersistentVolumeClaim", claim, "spec:\n  storageClassName: b\n  resources: {requests: {storage: 10Gi}}\n"),
            Fields{"spec"});
  EXPECT_EQ(changed(f, "", "ConfigMap", "immutable: true\ndata: {a: '1'}\n", "immutable: true\ndata: {a: '2'}\n"), Fields{"data"});
  EXPECT_EQ(changed(f, "", "ConfigMap", "immutable: true\ndata: {a: '1'}\n", "data: {a: '1'}\n"), Fields{"immutable"});
  EXPECT_EQ(changed(f, "", "Secret", "immutable: true\nstringData: {a: x}\n", "immutable: true\nstringData: {a: y}\n"),
            Fields{"stringData"});
  EXPECT_EQ(changed(f, "", "ConfigMap", "data: {a: '1'}\n", "immutable: true\ndata: {a: '2'}\n"), Fields{});
}

TEST(ImmutableFieldsTest, CrdTransitionRules) {
  yaml::ParsedFile crd = yaml::parse_yaml(
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: example.com\n"
      "  names: {kind: Bucket}\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        type: object\n"
      "        properties:\n          spec:\n            properties:\n              region:\n                type: string\n"
      "                x-kubernetes-validations: [{rule: 'self   ==  oldSelf', message: immutable}]\n"
      "              tags:\n                type: array\n                items:\n                  properties:\n"
      "                    key: {type: string, x-kubernetes-validations: [{rule: oldSelf == self}]}\n"
      "              size: {type: integer, x-kubernetes-validations: [{rule: self >= oldSelf}]}\n");
  ImmutableFields f;
  f.add_crd(crd.documents[0].root);
  EXPECT_EQ(f.crd_rule_count(), 2u);  // `self >= oldSelf` is a transition rule, not immutability
  EXPECT_EQ(changed(f, "example.com", "Bucket", "spec: {region: eu, size: 1}\n", "spec: {region: us, size: 2}\n"),
            Fields{"spec.region"});
  EXPECT_EQ(changed(f, "example.com", "Bucket", "spec: {tags: [{key: a}]}\n", "spec: {tags: [{key: b}]}\n"),
            Fields{"spec.tags[0].key"});
  EXPECT_EQ(changed(f, "example.com", "Bucket", "spec: {size: 1}\n", "spec: {size: 2}\n"), Fields{});
}

}  // namespace
}  // namespace driftlint
