//===- Profile.h - per-layer profiles of compiled models --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what nngraph-run --profile and the Python package's
// Executable.profile share: timed runs of a model compiled with
// CompileOptions::profile (after warm-up, optionally interleaved with runs of
// an unprofiled build of the same model), the per-layer summary sorted by
// time, and its table.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_PROFILE_H
#define NNGRAPH_EXECUTION_PROFILE_H

#include "nngraph/Execution/Execution.h"

#include <optional>

namespace mlir {
namespace nngraph {

/// One layer's line of a profile. Times are milliseconds per run.
struct ProfileRow {
  unsigned rank = 0;
  std::string name;
  std::string op;
  /// Begin/end pairs over all timed runs.
  int64_t calls = 0;
  double medianMs = 0;
  double meanMs = 0;
  /// Over all timed runs.
  double totalMs = 0;
  /// Share of a profiled run's median time, and the running sum of shares.
  double percent = 0;
  double cumulativePercent = 0;
};

/// The profile of `runs` timed runs: rows sorted by median time, largest
/// first (medians, as the runs of a shared machine have outliers).
struct ProfileSummary {
  unsigned runs = 0;
  unsigned warmup = 0;
  std::vector<ProfileRow> rows;
  /// Medians: the sum of the layers', a whole profiled run's, and what the
  /// layers leave out of it (glue, untimed operations, hook overhead).
  double layersMs = 0;
  double runMs = 0;
  double outsideMs = 0;
  /// The mean of a profiled run.
  double runMeanMs = 0;
  /// Median and mean of an unprofiled run, when one was timed.
  std::optional<double> unprofiledMs;
  std::optional<double> unprofiledMeanMs;
};

/// Runs `profiled` (compiled with CompileOptions::profile) `warmup` times,
/// then `runs` timed times on `buffers`, each after a run of `baseline` (an
/// unprofiled build of the same model, or null) on `baselineBuffers`, so
/// that both see the same machine state; and summarizes the times.
llvm::Expected<ProfileSummary>
profileRuns(const Executable &profiled, llvm::ArrayRef<void *> buffers,
            unsigned runs, unsigned warmup,
            const Executable *baseline = nullptr,
            llvm::ArrayRef<void *> baselineBuffers = {});

/// The summary of per-layer `times` and end-to-end `runSeconds` of the
/// same runs (and of unprofiled runs, when not empty).
ProfileSummary summarizeProfile(llvm::ArrayRef<LayerInfo> layers,
                                llvm::ArrayRef<LayerTimes> times,
                                llvm::ArrayRef<double> runSeconds,
                                llvm::ArrayRef<double> unprofiledSeconds = {});

/// The table nngraph-run --profile prints: a header line, one line per
/// layer (rank, node, op, calls, median/mean/total ms, %, cumulative %), the
/// time outside the layers and the totals. Ends with a newline.
std::string formatProfile(const ProfileSummary &summary);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_PROFILE_H
