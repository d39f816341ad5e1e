#include "rules/served_api.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

ObjectIdentity id(const std::string& api_version, const std::string& kind) {
  ObjectIdentity out;
  out.api_version = api_version;
  split_api_version(api_version, out.group, out.version);
  out.kind = kind;
  out.name = "x";
  return out;
}

const KubernetesSchemas& release(const char* v) { return *KubernetesSchemas::of(v); }

TEST(ServedApiTest, ServedKindsAndUnknownKindsSayNothing) {
  EXPECT_FALSE(unserved_api(release("1.36"), id("apps/v1", "Deployment")));
  // MutatingAdmissionPolicy is new at v1beta1 in 1.34, not removed.
  EXPECT_FALSE(unserved_api(release("1.34"), id("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicy")));
  EXPECT_FALSE(unserved_api(release("1.36"), id("kueue.x-k8s.io/v1beta1", "ClusterQueue")));  // not Kubernetes'
  EXPECT_FALSE(unserved_api(release("1.36"), id("v1", "BuildConfig")));  // OpenShift's legacy API
}

TEST(ServedApiTest, AVersionAnOlderBundledReleaseServedNamesTheReleaseThatRemovedIt) {
  std::optional<std::string> why = unserved_api(release("1.36"), id("storagemigration.k8s.io/v1alpha1", "StorageVersionMigration"));
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "not served by Kubernetes 1.36 (removed in Kubernetes 1.35); use storagemigration.k8s.io/v1beta1");
  why = unserved_api(release("1.36"), id("scheduling.k8s.io/v1alpha1", "Workload"));
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "not served by Kubernetes 1.36 (removed in Kubernetes 1.36); use scheduling.k8s.io/v1alpha2");
  EXPECT_FALSE(unserved_api(release("1.34"), id("storagemigration.k8s.io/v1alpha1", "StorageVersionMigration")));
}

TEST(ServedApiTest, AVersionOnlyANewerReleaseServesSaysWhen) {
  std::optional<std::string> why = unserved_api(release("1.35"), id("admissionregistration.k8s.io/v1", "MutatingAdmissionPolicy"));
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "not served by Kubernetes 1.35 (first served in Kubernetes 1.36); use admissionregistration.k8s.io/v1beta1");
}

TEST(ServedApiTest, AVersionNoBundledReleaseServesSaysSo) {
  std::optional<std::string> why = unserved_api(release("1.36"), id("apps/v1beta9", "Deployment"));
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "not served by Kubernetes 1.36 (nor by 1.34 to 1.36: removed before 1.34, or never served); use apps/v1");
}

TEST(ServedApiTest, KubernetesOrdersVersionsGaThenBetaThenAlpha) {
  EXPECT_TRUE(kube_version_before("v1", "v1beta2"));
  EXPECT_TRUE(kube_version_before("v2", "v1"));
  EXPECT_TRUE(kube_version_before("v1beta2", "v1beta1"));
  EXPECT_TRUE(kube_version_before("v1beta1", "v1alpha3"));
  EXPECT_TRUE(kube_version_before("v2beta1", "v1beta2"));
  EXPECT_TRUE(kube_version_before("v1alpha1", "foo"));
  EXPECT_FALSE(kube_version_before("v1", "v1"));
}

}  // namespace
}  // namespace driftlint
