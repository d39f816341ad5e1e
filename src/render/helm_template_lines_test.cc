#include "render/helm_template_lines.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

const char* kTemplate = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "app.fullname" . }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  template:
    spec:
      containers:
        - name: {{ .Chart.Name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
        - name: sidecar
          image: busybox
      volumes:
      - name: data
        emptyDir: {}
---
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  ports:
    - port: 80
)";

uint32_t line_of(const HelmTemplateLines& t, std::string_view kind, std::vector<std::string> field) {
  std::optional<SourcePosition> p = t.locate(kind, field);
  return p ? p->line : 0;
}

TEST(HelmTemplateLinesTest, FindsTheLineThatWritesAField) {
  HelmTemplateLines t(kTemplate);
  EXPECT_EQ(line_of(t, "Deployment", {}), 1u);
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "replicas"}), 9u);  // inside an if
  EXPECT_EQ(line_of(t, "Deployment", {"metadata", "name"}), 4u);
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "template", "spec", "containers", "[app]", "image"}), 15u);  // the one templated name
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "template", "spec", "containers", "[sidecar]", "image"}), 19u);
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "template", "spec", "volumes", "[data]", "emptyDir"}), 22u);
  EXPECT_EQ(line_of(t, "Service", {"spec", "ports", "[0]", "port"}), 30u);
  EXPECT_EQ(line_of(t, "Service", {"metadata", "name"}), 27u);
}

TEST(HelmTemplateLinesTest, AFieldAHelperWritesHasNoLineOfItsOwn) {
  HelmTemplateLines t(kTemplate);
  EXPECT_EQ(line_of(t, "Deployment", {"metadata", "labels", "app"}), 0u);  // the caller takes labels' line
  EXPECT_EQ(line_of(t, "Deployment", {"metadata", "labels"}), 5u);
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "template", "spec", "containers", "[sidecar]", "resources", "limits"}), 0u);
  EXPECT_EQ(line_of(t, "Deployment", {"spec", "selector"}), 0u);
  EXPECT_EQ(line_of(t, "ConfigMap", {"data"}), 0u);  // no document makes one
}

TEST(HelmTemplateLinesTest, ARangeWritesEveryElementAtItsOneItemLine) {
  HelmTemplateLines t("kind: ConfigMap\nmetadata:\n  name: x\nspec:\n  hosts:\n  {{- range .Values.hosts }}\n  - host: {{ . }}\n"
                      "    port: 80\n  {{- end }}\n");
  EXPECT_EQ(line_of(t, "ConfigMap", {"spec", "hosts", "[2]", "port"}), 8u);
  EXPECT_EQ(line_of(t, "ConfigMap", {"spec", "hosts", "[a]", "host"}), 7u);
}

}  // namespace
}  // namespace driftlint
