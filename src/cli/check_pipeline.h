// `driftlint check` as named stages, each returning data for the next:
// options (check_options.h) -> setup -> inputs -> model -> findings -> reports.
// Setup and reports can fail with a usage error; input problems are data (the
// run goes on and exits 2 at the end). Only run_check prints what they return.
#pragma once

#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "argocd/model.h"
#include "cli/check_options.h"
#include "config/config.h"
#include "config/repo_spec.h"
#include "lint/engine.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "model/gpu_resources.h"
#include "render/render_set.h"
#include "report/coverage.h"
#include "schema/compiled_schemas.h"
#include "schema/twin_validations.h"
#include "schema/validation_memo.h"
#include "snapshot/snapshot.h"

namespace driftlint::cli {

// Where this run keeps its caches: --cache-dir, else the default.
std::string cache_folder(const CheckOptions& o);

// What the run is set up with before it reads a repo.
struct CheckSetup {
  Config config;
  // Pull-request mode with a checkout's config: driftlint.yaml at the base
  // and at the head (`config` has the base's rules and ignore entries).
  std::shared_ptr<const Config> base_config, head_config;
  std::vector<RepoConfig> cli_repos;  // from --repo
  std::vector<RuleEntry> catalog;     // built-in and --rules-dir rules
  std::vector<ActiveRule> rules;      // the enabled ones
  std::unique_ptr<GpuResourceMatcher> gpu;
  // Shared by the schema registries of every revision the run judges.
  std::unique_ptr<CompiledSchemas> compiled_schemas = std::make_unique<CompiledSchemas>();
  std::vector<std::string> notes;   // the configuration used
  std::vector<std::string> errors;  // input errors in the configuration: the run goes on and exits 2
};
// The hosts charts may be fetched from: --allow-network's, and the config's
// allowNetwork when the config is the user's own (a checkout's never counts).
void allow_config_network(CheckOptions& o, const CheckSetup& setup);
Expected<CheckSetup> set_up_check(const CheckOptions& o);

// The repos and the cluster as read, with the problems met on the way.
struct CheckInputs {
  // Declared first, so it outlives `load`, whose background writer stores into it.
  std::unique_ptr<ParseCache> parse_cache;
  LoadOptions load_options;
  bool has_snapshot = false;
  SnapshotLoad snapshot;
  LoadResult load;
  std::vector<std::string> repo_notes;  // clones and fetches made
  std::vector<std::string> errors;      // input errors, one line each
  std::vector<std::string> notes;
  // Without a cache, in a run that models another revision too: the builds
  // one revision rendered, for the other (render_cache.h).
  std::unique_ptr<RenderMemory> renders;

  const Snapshot* cluster() const { return has_snapshot ? &snapshot.snapshot : nullptr; }
};
// `other_revisions`: the run loads another revision after this one (diff's
// and plan's --base or --head; check's --changed-since is seen here), which
// reuses this load's parses by content id.
CheckInputs read_inputs(const CheckOptions& o, const CheckSetup& setup, bool other_revisions = false);

// Argo CD's view of the repos and the cluster, and what is applied: every
// kustomize and Helm build (of an app source, or a root kustomization) and
// the objects rules judge.
struct CheckModel {
  std::unique_ptr<Renderer> renderer;  // owns the builds' outputs
  ArgoModel argo;
  RenderSet renders;
  std::vector<const Manifest*> applied;
  std::vector<std::string> notes;
  Coverage coverage;  // what was rendered and judged (coverage_of)
};
// `load` is `inputs.load` or another revision's; the cluster, the threads and
// the builds kept for the run come from `inputs`.
CheckModel build_model(const CheckOptions& o, const LoadResult& load, const CheckInputs& inputs);

// The rules' inputs of `load` (lint/engine.h), made on a thread of their own
// while the caller builds the model (on the caller's, later, with -j1).
std::future<RuleInputs> prepare_rule_inputs(const CheckOptions& o, const CheckSetup& setup, const LoadResult& load);

// Per app, its sources' state (rendered, plain files, failed, not rendered,
// repo not loaded); the builds by outcome; the applied objects by kind.
Coverage coverage_of(const CheckModel& model);

struct CheckFindings {
  LintOutput lint;
  std::vector<std::string> errors;         // --schema-dir files, the pull-request base
  std::vector<std::string> changed_notes;  // repos a pull-request run reads as they are at the base
  std::vector<std::string> notes;          // schemas that could not be used
  std::string rendered_diff;               // --diff: the Markdown of every app's rendered change
  std::vector<std::string> confirmations;  // what was written besides the reports (--write-baseline)
};
// Pull-request mode (--changed-since, --base): every repo at the base
// revision, read from its object database (unchanged files parsed once,
// shared with the head's load), modelled and linted.
struct BaseRun {
  std::unique_ptr<LoadResult> load;  // on the heap: the model points into it; null when kept
  CheckModel model;
  std::unique_ptr<CheckFindings> findings;
  // What its schema validation found in the objects the head shares with it,
  // for the head's: views of both loads' objects (the head's CheckInputs
  // outlives the run's BaseRun).
  std::unique_ptr<TwinValidations> twins;
  std::optional<std::vector<RepoInput>> to_load;  // its repos at the base revision, until loaded
  std::optional<std::string> findings_key;      // where its findings are to be kept (base_findings_cache.h)
  bool findings_from_cache = false;  // base_findings_cache.h: not loaded, no model, no rules ran
  std::map<std::string, size_t> suppressions;  // its in-source suppressions, for config-weakened
  std::vector<std::string> errors;  // the base could not be read
  std::vector<std::string> notes;   // repos read as they are at the base
};
// In three steps, so that the head can be modelled while the base loads:
// the base's repos found at their revisions (and its findings, when kept:
// then nothing is left to do); their files read (to_load), which reads
// nothing the head's model writes; the base modelled and linted. None does
// anything without --changed-since.
BaseRun find_base(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& head);
void load_base(const CheckInputs& head, BaseRun& run);
void judge_base(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& head, ValidationMemo* validations,
                BaseRun& run);

// The repos at other revisions (`diff --base/--head`, `plan --base/--head`),
// loaded and modelled, parsed files shared with the work tree's load. On the
// heap: the model points into the load, which must not move.
struct RevisionSide {
  LoadResult load;
  CheckModel model;
};
// `revisions` as [REPO=]REV values of `option` (named in errors); notes say
// which repos are read as they are.
Expected<std::unique_ptr<RevisionSide>> side_at(const CheckOptions& o, const CheckInputs& inputs,
                                                const std::vector<std::string>& revisions, const std::string& option,
                                                std::vector<std::string>& notes);

// `base`: in pull-request mode, for the rules that judge the change itself.
// `validations` and `twins` (a pull-request run's base and head) may be null.
CheckFindings find_findings(const CheckOptions& o, const CheckSetup& setup, const LoadResult& load,
                            const Snapshot* cluster, const CheckModel& model, RuleInputs rule_inputs, unsigned jobs,
                            ValidationMemo* validations, TwinValidations* twins, const BaseRun* base = nullptr);

// Pull-request mode: keeps the head's findings the base lacks.
void compare_to_base(const CheckOptions& o, const CheckInputs& head, const CheckModel& head_model, BaseRun& base,
                     CheckFindings& findings);

// Baselines, then every --output. On success, the summary line for stderr
// when a report went to a file ("" otherwise).
Expected<std::string> write_reports(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& inputs,
                                    const CheckModel& model, CheckFindings& findings);

}  // namespace driftlint::cli
