#include "base/line_diff.h"

#include <algorithm>

namespace driftlint {

namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

enum class Op { Keep, Remove, Add };

// Memory for the traces (ints): two texts that differ in most of their
// thousands of lines get one hunk that replaces everything instead.
constexpr size_t kMaxTraceCells = 16u << 20;

std::vector<Op> whole_replacement(int n, int m) {
  std::vector<Op> ops(static_cast<size_t>(n), Op::Remove);
  ops.insert(ops.end(), static_cast<size_t>(m), Op::Add);
  return ops;
}

// Myers' greedy algorithm with the traces kept to walk back the edit script.
std::vector<Op> edit_script(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size()), max = n + m;
  std::vector<int> v(2 * max + 2, 0);
  std::vector<std::vector<int>> trace;
  for (int d = 0; d <= max; ++d) {
    if ((trace.size() + 1) * v.size() > kMaxTraceCells) return whole_replacement(n, m);
    trace.push_back(v);
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[max + k] = x;
      if (x >= n && y >= m) {
        std::vector<Op> ops;
        for (int dd = d; dd > 0; --dd) {
          const std::vector<int>& prev = trace[dd];
          int kk = x - y;
          bool down = kk == -dd || (kk != dd && prev[max + kk - 1] < prev[max + kk + 1]);
          int prev_k = down ? kk + 1 : kk - 1;
          int prev_x = prev[max + prev_k], prev_y = prev_x - prev_k;
          while (x > prev_x && y > prev_y) --x, --y, ops.push_back(Op::Keep);
          ops.push_back(down ? Op::Add : Op::Remove);
          x = prev_x;
          y = prev_y;
        }
        while (x > 0 && y > 0) --x, --y, ops.push_back(Op::Keep);
        std::reverse(ops.begin(), ops.end());
        return ops;
      }
    }
  }
  return {};
}

}  // namespace

std::string unified_diff(std::string_view before, std::string_view after, const std::string& before_label,
                         const std::string& after_label, size_t context) {
  if (before == after) return {};
  std::vector<std::string_view> a = lines_of(before), b = lines_of(after);
  std::vector<Op> ops = edit_script(a, b);
  std::string out = "--- " + before_label + "\n+++ " + after_label + "\n";
  size_t i = 0;
  while (i < ops.size()) {
    while (i < ops.size() && ops[i] == Op::Keep) ++i;
    if (i >= ops.size()) break;
    // A hunk: from `context` lines before this change to `context` after the
    // last change that is within 2*context lines of the one before it.
    size_t start = i >= context ? i - context : 0, end = i;
    for (size_t j = i; j < ops.size(); ++j) {
      if (ops[j] == Op::Keep) continue;
      if (j > end + 2 * context) break;
      end = j;
    }
    end = std::min(ops.size(), end + context + 1);
    size_t ai = 0, bi = 0;
    for (size_t j = 0; j < start; ++j) ai += ops[j] != Op::Add, bi += ops[j] != Op::Remove;
    size_t a_count = 0, b_count = 0;
    std::string body;
    for (size_t j = start; j < end; ++j) {
      if (ops[j] == Op::Keep) body += " " + std::string(a[ai + a_count]) + "\n", ++a_count, ++b_count;
      else if (ops[j] == Op::Remove) body += "-" + std::string(a[ai + a_count]) + "\n", ++a_count;
      else body += "+" + std::string(b[bi + b_count]) + "\n", ++b_count;
    }
    out += "@@ -" + std::to_string(a_count ? ai + 1 : ai) + "," + std::to_string(a_count) + " +" +
           std::to_string(b_count ? bi + 1 : bi) + "," + std::to_string(b_count) + " @@\n" + body;
    i = end;
  }
  return out;
}

}  // namespace driftlint
