// Sprig's list and dict functions (list.go, dict.go). Go iterates maps in
// random order; `keys` and `values` here answer in key order, so the output
// is the same on every run (templates that care sort anyway: `keys . | sortAlpha`).
#include <algorithm>
#include <set>

#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

using Kind = TemplateValue::Kind;
using Args = std::vector<TemplateValue>;
using R = Expected<TemplateValue>;

// Go's reflect.Kind name for a value ("slice", "map", "string", "invalid").
std::string kind_name(const TemplateValue& v) {
  switch (v.kind()) {
    case Kind::Missing:
    case Kind::Null: return "invalid";
    case Kind::List: return "slice";
    case Kind::Map: return "map";
    default: return go_type_name(v);
  }
}

Expected<const TemplateValue::List*> as_list(const TemplateValue& v, const char* what) {
  if (!v.is(Kind::List)) return Error{std::string("Cannot find ") + what + " on type " + kind_name(v)};
  return &v.items();
}

TemplateValue list_of(TemplateValue::List items) { return TemplateValue::list(std::move(items)); }

R first(Args& a) {
  auto l = as_list(a[0], "first");
  if (!l) return l.error();
  return (*l)->empty() ? TemplateValue::null() : (*l)->front();
}

R last(Args& a) {
  auto l = as_list(a[0], "last");
  if (!l) return l.error();
  return (*l)->empty() ? TemplateValue::null() : (*l)->back();
}

R rest(Args& a) {
  auto l = as_list(a[0], "rest");
  if (!l) return l.error();
  if ((*l)->empty()) return TemplateValue::null();
  return list_of(TemplateValue::List((*l)->begin() + 1, (*l)->end()));
}

R initial(Args& a) {
  auto l = as_list(a[0], "initial");
  if (!l) return l.error();
  if ((*l)->empty()) return TemplateValue::null();
  return list_of(TemplateValue::List((*l)->begin(), (*l)->end() - 1));
}

R reverse(Args& a) {
  auto l = as_list(a[0], "reverse");
  if (!l) return l.error();
  return list_of(TemplateValue::List((*l)->rbegin(), (*l)->rend()));
}

R uniq(Args& a) {
  auto l = as_list(a[0], "uniq");
  if (!l) return l.error();
  TemplateValue::List out;
  for (const TemplateValue& v : **l) {
    if (std::none_of(out.begin(), out.end(), [&](const TemplateValue& o) { return deep_equal(o, v); })) out.push_back(v);
  }
  return list_of(std::move(out));
}

R compact(Args& a) {
  auto l = as_list(a[0], "compact");
  if (!l) return l.error();
  TemplateValue::List out;
  for (const TemplateValue& v : **l) {
    if (go_truth(v)) out.push_back(v);
  }
  return list_of(std::move(out));
}

R has(Args& a) {
  if (a[1].is_nil()) return TemplateValue::boolean(false);
  auto l = as_list(a[1], "has");
  if (!l) return l.error();
  bool found = std::any_of((*l)->begin(), (*l)->end(), [&](const TemplateValue& v) { return deep_equal(v, a[0]); });
  return TemplateValue::boolean(found);
}

R without(Args& a) {
  auto l = as_list(a[0], "without");
  if (!l) return l.error();
  TemplateValue::List out;
  for (const TemplateValue& v : **l) {
    bool omit = std::any_of(a.begin() + 1, a.end(), [&](const TemplateValue& o) { return deep_equal(o, v); });
    if (!omit) out.push_back(v);
  }
  return list_of(std::move(out));
}

R append_item(Args& a, bool front) {
  auto l = as_list(a[0], front ? "prepend" : "append");
  if (!l) return l.error();
  TemplateValue::List out = **l;
  out.insert(front ? out.begin() : out.end(), a[1]);
  return list_of(std::move(out));
}

R concat(Args& a) {
  TemplateValue::List out;
  for (const TemplateValue& v : a) {
    if (!v.is(Kind::List)) return Error{"Cannot concat type " + kind_name(v) + " as list"};
    out.insert(out.end(), v.items().begin(), v.items().end());
  }
  return list_of(std::move(out));
}

R sort_alpha(Args& a) {
  std::vector<std::string> parts = sprig_strslice(a[0]);
  std::sort(parts.begin(), parts.end());
  TemplateValue::List out;
  for (std::string& p : parts) out.push_back(TemplateValue::string(std::move(p)));
  return list_of(std::move(out));
}

R sprig_slice(Args& a) {
  auto l = as_list(a[0], "slice");
  if (!l) return Error{"list should be type of slice or array but " + kind_name(a[0])};
  int64_t size = static_cast<int64_t>((*l)->size());
  int64_t from = a.size() > 1 ? sprig_int64(a[1]) : 0;
  int64_t to = a.size() > 2 ? sprig_int64(a[2]) : size;
  if (from < 0 || to > size || from > to) return Error{"reflect.Value.Slice: slice index out of bounds"};
  return list_of(TemplateValue::List((*l)->begin() + from, (*l)->begin() + to));
}

R until(Args& a) {
  int64_t n = a[0].as_int();
  if (n > 100000 || n < -100000) return Error{"until: count too large"};
  TemplateValue::List out;
  for (int64_t i = 0; i != n; i += n > 0 ? 1 : -1) out.push_back(TemplateValue::integer(i));
  return list_of(std::move(out));
}

R dict(Args& a) {
  TemplateValue::Map out;
  for (size_t i = 0; i < a.size(); i += 2) {
    out[sprig_strval(a[i])] = i + 1 < a.size() ? a[i + 1] : TemplateValue::string("");
  }
  return TemplateValue::map(std::move(out));
}

R get(Args& a) {
  const TemplateValue* v = a[0].find(a[1].str());
  return v ? *v : TemplateValue::string("");
}

// Whether `value` holds the map `target` (a `set` of it would make a map
// that holds itself, which Go would print and encode forever).
bool holds(const TemplateValue& value, const TemplateValue::Map* target) {
  std::vector<const TemplateValue*> stack{&value};
  std::set<const void*> seen;
  while (!stack.empty()) {
    const TemplateValue* v = stack.back();
    stack.pop_back();
    const void* box = v->is(Kind::Map) ? static_cast<const void*>(&v->entries())
                      : v->is(Kind::List) ? static_cast<const void*>(&v->items()) : nullptr;
    if (!box || !seen.insert(box).second) continue;
    if (box == target) return true;
    for (const TemplateValue& item : v->items()) stack.push_back(&item);
    for (const auto& entry : v->entries()) stack.push_back(&entry.second);
  }
  return false;
}

R set(Args& a) {
  TemplateValue::Map* m = a[0].shared_map();
  if (m && holds(a[2], m)) return Error{"driftlint does not put a map into itself"};
  if (m) (*m)[a[1].str()] = a[2];
  return a[0];
}

R unset(Args& a) {
  if (TemplateValue::Map* m = a[0].shared_map()) m->erase(a[1].str());
  return a[0];
}

R keys(Args& a) {
  std::vector<std::string> names;
  for (const TemplateValue& d : a) {
    for (const auto& entry : d.entries()) names.push_back(entry.first);
  }
  std::sort(names.begin(), names.end());
  TemplateValue::List out;
  for (std::string& n : names) out.push_back(TemplateValue::string(std::move(n)));
  return list_of(std::move(out));
}

R values(Args& a) {
  TemplateValue::List out;
  for (const auto& entry : a[0].entries()) out.push_back(entry.second);
  return list_of(std::move(out));
}

R pluck(Args& a) {
  TemplateValue::List out;
  for (size_t i = 1; i < a.size(); ++i) {
    if (const TemplateValue* v = a[i].find(a[0].str())) out.push_back(*v);
  }
  return list_of(std::move(out));
}

R pick_or_omit(Args& a, bool pick) {
  TemplateValue::Map out;
  for (const auto& entry : a[0].entries()) {
    const std::string& key = entry.first;
    bool named = std::any_of(a.begin() + 1, a.end(), [&key](const TemplateValue& k) { return k.str() == key; });
    if (named == pick) out[key] = entry.second;
  }
  return TemplateValue::map(std::move(out));
}

// mergo.Merge: keys dst lacks (or holds empty) come from src; maps merge deeply.
void merge_into(TemplateValue::Map& dst, const TemplateValue::Map& src, bool overwrite, int depth) {
  for (const auto& [key, value] : src) {
    auto it = dst.find(key);
    if (it == dst.end()) {
      dst[key] = value;
    } else if (it->second.is(Kind::Map) && value.is(Kind::Map) && it->second.shared_map() && depth < kMaxValueDepth) {
      merge_into(*it->second.shared_map(), value.entries(), overwrite, depth + 1);
    } else if (!go_truth(it->second) || (overwrite && go_truth(value))) {
      it->second = value;
    }
  }
}

R merge(Args& a, bool overwrite) {
  TemplateValue::Map* dst = a[0].shared_map();
  for (size_t i = 1; dst && i < a.size(); ++i) {
    if (holds(a[i], dst)) return Error{"driftlint does not put a map into itself"};
    merge_into(*dst, a[i].entries(), overwrite, 0);
  }
  return a[0];
}

R dig(Args& a) {
  if (a.size() < 3) return Error{"dig needs at least three arguments"};
  TemplateValue current = a.back();
  for (size_t i = 0; i + 2 < a.size(); ++i) {
    if (!a[i].is(Kind::String)) return Error{"interface conversion: interface {} is " + go_type_name(a[i]) + ", not string"};
    const TemplateValue* next = current.find(a[i].str());
    if (!next) return a[a.size() - 2];
    current = *next;
  }
  return current;
}

}  // namespace

void add_sprig_lists(FunctionTable& t) {
  using A = ArgType;
  t["list"] = {{A::Any}, true, [](Args& a) -> R { return list_of(a); }};
  t["first"] = {{A::Any}, false, first};
  t["last"] = {{A::Any}, false, last};
  t["rest"] = {{A::Any}, false, rest};
  t["initial"] = {{A::Any}, false, initial};
  t["reverse"] = {{A::Any}, false, reverse};
  t["uniq"] = {{A::Any}, false, uniq};
  t["compact"] = {{A::Any}, false, compact};
  t["has"] = {{A::Any, A::Any}, false, has};
  t["without"] = {{A::Any, A::Any}, true, without};
  t["append"] = {{A::Any, A::Any}, false, [](Args& a) { return append_item(a, false); }};
  t["push"] = t["append"];
  t["prepend"] = {{A::Any, A::Any}, false, [](Args& a) { return append_item(a, true); }};
  t["concat"] = {{A::Any}, true, concat};
  t["sortAlpha"] = {{A::Any}, false, sort_alpha};
  t["slice"] = {{A::Any, A::Any}, true, sprig_slice};
  t["until"] = {{A::Int}, false, until};
  t["dict"] = {{A::Any}, true, dict};
  t["get"] = {{A::Map, A::String}, false, get};
  t["set"] = {{A::Map, A::String, A::Any}, false, set};
  t["unset"] = {{A::Map, A::String}, false, unset};
  t["hasKey"] = {{A::Map, A::String}, false, [](Args& a) -> R { return TemplateValue::boolean(a[0].find(a[1].str()) != nullptr); }};
  t["keys"] = {{A::Map}, true, keys};
  t["values"] = {{A::Map}, false, values};
  t["pluck"] = {{A::String, A::Map}, true, pluck};
  t["pick"] = {{A::Map, A::String}, true, [](Args& a) { return pick_or_omit(a, true); }};
  t["omit"] = {{A::Map, A::String}, true, [](Args& a) { return pick_or_omit(a, false); }};
  t["merge"] = {{A::Map, A::Map}, true, [](Args& a) { return merge(a, false); }};
  t["mergeOverwrite"] = {{A::Map, A::Map}, true, [](Args& a) { return merge(a, true); }};
  t["dig"] = {{A::Any}, true, dig};
}

}  // namespace driftlint::gotmpl
