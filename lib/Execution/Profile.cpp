//===- Profile.cpp - per-layer profiles of compiled models ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the timed runs, the summary and the table of a
// per-layer profile declared in Profile.h.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/Profile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <numeric>

using namespace mlir;
using namespace mlir::nngraph;

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double mean(ArrayRef<double> values) {
  if (values.empty())
    return 0;
  return std::accumulate(values.begin(), values.end(), 0.0) / values.size();
}

/// Seconds that one call of `run` takes.
template <typename Fn>
llvm::Expected<double> timeRun(Fn run) {
  auto start = Clock::now();
  if (llvm::Error err = run())
    return std::move(err);
  return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

llvm::Expected<ProfileSummary>
nngraph::profileRuns(const Executable &profiled, ArrayRef<void *> buffers,
                     unsigned runs, unsigned warmup, const Executable *baseline,
                     ArrayRef<void *> baselineBuffers) {
  runs = std::max(1u, runs);
  LayerTimes scratch;
  for (unsigned i = 0; i < warmup; ++i) {
    if (baseline)
      if (llvm::Error err = baseline->invoke(baselineBuffers))
        return std::move(err);
    if (llvm::Error err = profiled.invokeProfiled(buffers, scratch))
      return std::move(err);
  }
  std::vector<LayerTimes> times(runs);
  std::vector<double> seconds, baselineSeconds;
  for (unsigned i = 0; i < runs; ++i) {
    if (baseline) {
      auto t = timeRun([&] { return baseline->invoke(baselineBuffers); });
      if (!t)
        return t.takeError();
      baselineSeconds.push_back(*t);
    }
    auto t =
        timeRun([&] { return profiled.invokeProfiled(buffers, times[i]); });
    if (!t)
      return t.takeError();
    seconds.push_back(*t);
  }
  ProfileSummary summary =
      summarizeProfile(profiled.getLayers(), times, seconds, baselineSeconds);
  summary.warmup = warmup;
  return summary;
}

ProfileSummary nngraph::summarizeProfile(ArrayRef<LayerInfo> layers,
                                         ArrayRef<LayerTimes> times,
                                         ArrayRef<double> runSeconds,
                                         ArrayRef<double> unprofiledSeconds) {
  ProfileSummary s;
  s.runs = times.size();
  auto toMs = [](ArrayRef<double> seconds) {
    std::vector<double> ms;
    for (double t : seconds)
      ms.push_back(t * 1e3);
    return ms;
  };
  std::vector<double> runMs = toMs(runSeconds);
  s.runMs = median(runMs);
  s.runMeanMs = mean(runMs);
  if (!unprofiledSeconds.empty()) {
    std::vector<double> ms = toMs(unprofiledSeconds);
    s.unprofiledMs = median(ms);
    s.unprofiledMeanMs = mean(ms);
  }
  for (auto [id, layer] : llvm::enumerate(layers)) {
    ProfileRow row;
    row.name = layer.name;
    row.op = layer.op;
    std::vector<double> perRun;
    for (const LayerTimes &run : times) {
      perRun.push_back(run.nanoseconds[id] * 1e-6);
      row.calls += run.calls[id];
    }
    row.totalMs = std::accumulate(perRun.begin(), perRun.end(), 0.0);
    row.meanMs = mean(perRun);
    row.medianMs = median(perRun);
    s.layersMs += row.medianMs;
    s.rows.push_back(std::move(row));
  }
  // Largest first; equal times keep graph order.
  llvm::stable_sort(s.rows, [](const ProfileRow &a, const ProfileRow &b) {
    return a.medianMs > b.medianMs;
  });
  // The medians of the layers need not add up to the median run: shares are
  // of the larger of the two, so that they never pass 100%.
  double whole = std::max(s.runMs, s.layersMs);
  double cumulative = 0;
  for (auto [i, row] : llvm::enumerate(s.rows)) {
    row.rank = i + 1;
    row.percent = whole > 0 ? 100 * row.medianMs / whole : 0;
    cumulative += row.percent;
    row.cumulativePercent = cumulative;
  }
  s.outsideMs = std::max(0.0, s.runMs - s.layersMs);
  return s;
}

/// A kernel's label ("a+b+c+d") cut to at most about `limit` characters at
/// a `+`, the rest counted: "a+b+(2 more)". (The rows keep the whole.)
static std::string elide(StringRef label, size_t limit) {
  if (label.size() <= limit)
    return label.str();
  SmallVector<StringRef> parts;
  label.split(parts, '+');
  std::string kept;
  size_t used = 0;
  for (StringRef part : parts) {
    if (!kept.empty() && kept.size() + 1 + part.size() + 10 > limit)
      break;
    kept += (kept.empty() ? "" : "+") + part.str();
    ++used;
  }
  return kept + "+(" + std::to_string(parts.size() - used) + " more)";
}

std::string nngraph::formatProfile(const ProfileSummary &s) {
  std::string text;
  llvm::raw_string_ostream os(text);
  constexpr size_t nameLimit = 64, opLimit = 48;
  size_t nameWidth = 4, opWidth = 2;
  for (const ProfileRow &row : s.rows) {
    nameWidth = std::max(nameWidth, elide(row.name, nameLimit).size());
    opWidth = std::max(opWidth, elide(row.op, opLimit).size());
  }
  auto pad = [](StringRef text, size_t width) {
    std::string s = text.str();
    if (s.size() < width)
      s.append(width - s.size(), ' ');
    return s;
  };
  os << "profile: " << s.rows.size() << " layers, " << s.runs
     << " timed runs after " << s.warmup
     << " warm-up (ms per run; by median)\n";
  os << "rank  " << pad("node", nameWidth) << "  " << pad("op", opWidth)
     << "  calls  median ms    mean ms   total ms       %    cum %\n";
  for (const ProfileRow &row : s.rows)
    os << llvm::format("%4u  ", row.rank)
       << pad(elide(row.name, nameLimit), nameWidth) << "  "
       << pad(elide(row.op, opLimit), opWidth)
       << llvm::format("  %5lld %10.3f %10.3f %10.3f %6.2f%% %7.2f%%\n",
                       static_cast<long long>(row.calls), row.medianMs,
                       row.meanMs, row.totalMs, row.percent,
                       row.cumulativePercent);
  double whole = std::max(s.runMs, s.layersMs);
  double outsidePercent = whole > 0 ? 100 * s.outsideMs / whole : 0;
  // The label spans the node and op columns ("nngraph." alone makes the op
  // column wider than the label needs).
  os << "      " << pad("(outside layers)", nameWidth + 2 + opWidth)
     << llvm::format("  %5s %10.3f %10s %10s %6.2f%%\n", "", s.outsideMs, "",
                     "", outsidePercent);
  os << llvm::format("total: layers %.3f ms + outside %.3f ms = profiled run "
                     "%.3f ms (medians; mean run %.3f ms)\n",
                     s.layersMs, s.outsideMs, s.runMs, s.runMeanMs);
  if (s.unprofiledMs)
    os << llvm::format("unprofiled run: %.3f ms (median; mean %.3f ms); the "
                       "profiled run takes %.2fx as long\n",
                       *s.unprofiledMs, *s.unprofiledMeanMs,
                       *s.unprofiledMs > 0 ? s.runMs / *s.unprofiledMs : 0.0);
  return text;
}
