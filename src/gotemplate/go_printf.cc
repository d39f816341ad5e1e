// A port of Go 1.19's fmt/print.go for template values: Sprintf's verbs,
// flags, argument indexes ([n]), widths and precisions from arguments (*),
// and its "%!d(string=x)" for a verb that does not fit its operand. Values
// have the Go types a template hands fmt: int, float64, string, bool, nil,
// []interface {} and map[string]interface {}.
#include <string>

#include "gotemplate/go_fmt.h"
#include "gotemplate/go_strconv.h"
#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

using Kind = TemplateValue::Kind;

class Printer {
 public:
  std::string buf;
  GoFmt fmt{buf};
  bool refused = false;  // %p: an address, which driftlint cannot know

  void print_arg(const TemplateValue& arg, char32_t verb);
  void do_printf(std::string_view format, const std::vector<TemplateValue>& a);

 private:
  const TemplateValue* arg_ = nullptr;  // the operand a bad verb names
  bool good_arg_num_ = true;
  bool reordered_ = false;

  void bad_verb(char32_t verb);
  void print_value(const TemplateValue& value, char32_t verb, int depth);
  void fmt_integer(int64_t v, char32_t verb);
  void fmt_float(double v, char32_t verb);
  void fmt_string(const std::string& v, char32_t verb);
  void fmt_bool(bool v, char32_t verb);
  void print_list(const TemplateValue& value, char32_t verb, int depth);
  void print_map(const TemplateValue& value, char32_t verb, int depth);
  bool arg_number(int& arg_num, std::string_view format, size_t& i, int num_args);
  void int_from_arg(const std::vector<TemplateValue>& a, int& arg_num, int& num, bool& is_int);
  void print_extra(const std::vector<TemplateValue>& a, int arg_num);
};

void Printer::bad_verb(char32_t verb) {
  buf += "%!" + encode_rune(verb) + "(";
  if (arg_ != nullptr && !arg_->is_nil()) {
    const TemplateValue* arg = arg_;
    buf += go_type_name(*arg) + "=";
    print_arg(*arg, 'v');
    arg_ = arg;
  } else {
    buf += "<nil>";
  }
  buf += ')';
}

void Printer::fmt_bool(bool v, char32_t verb) {
  if (verb == 't' || verb == 'v') fmt.fmt_boolean(v);
  else bad_verb(verb);
}

void Printer::fmt_integer(int64_t v, char32_t verb) {
  auto u = static_cast<uint64_t>(v);
  switch (verb) {
    case 'v':
    case 'd': fmt.fmt_integer(u, 10, true, verb, false); break;
    case 'b': fmt.fmt_integer(u, 2, true, verb, false); break;
    case 'o':
    case 'O': fmt.fmt_integer(u, 8, true, verb, false); break;
    case 'x': fmt.fmt_integer(u, 16, true, verb, false); break;
    case 'X': fmt.fmt_integer(u, 16, true, verb, true); break;
    case 'c': fmt.fmt_c(u); break;
    case 'q': fmt.fmt_qc(u); break;
    case 'U': fmt.fmt_unicode(u); break;
    default: bad_verb(verb);
  }
}

void Printer::fmt_float(double v, char32_t verb) {
  switch (verb) {
    case 'v': fmt.fmt_float(v, 'g', -1); break;
    case 'b':
    case 'g':
    case 'G':
    case 'x':
    case 'X': fmt.fmt_float(v, static_cast<char>(verb), -1); break;
    case 'f':
    case 'e':
    case 'E':
    case 'F': fmt.fmt_float(v, verb == 'F' ? 'f' : static_cast<char>(verb), 6); break;
    default: bad_verb(verb);
  }
}

void Printer::fmt_string(const std::string& v, char32_t verb) {
  switch (verb) {
    case 'v':
      if (fmt.f.sharp_v) fmt.fmt_q(v);
      else fmt.fmt_s(v);
      break;
    case 's': fmt.fmt_s(v); break;
    case 'x': fmt.fmt_sx(v, false); break;
    case 'X': fmt.fmt_sx(v, true); break;
    case 'q': fmt.fmt_q(v); break;
    default: bad_verb(verb);
  }
}

void Printer::print_arg(const TemplateValue& arg, char32_t verb) {
  arg_ = &arg;
  if (arg.is_nil()) {
    if (verb == 'T' || verb == 'v') fmt.pad_string("<nil>");
    else bad_verb(verb);
    return;
  }
  if (verb == 'T') {
    fmt.fmt_s(go_type_name(arg));
    return;
  }
  if (verb == 'p') {
    if (arg.is(Kind::List) || arg.is(Kind::Map)) refused = true;
    else bad_verb(verb);
    return;
  }
  print_value(arg, verb, 0);
}

void Printer::print_value(const TemplateValue& value, char32_t verb, int depth) {
  if (depth > 0) arg_ = &value;
  switch (value.kind()) {
    case Kind::Missing:
    case Kind::Null:  // an interface element holding nil
      if (fmt.f.sharp_v) buf += "interface {}(nil)";
      else buf += "<nil>";
      return;
    case Kind::Bool: return fmt_bool(value.as_bool(), verb);
    case Kind::Int: return fmt_integer(value.as_int(), verb);
    case Kind::Float: return fmt_float(value.as_float(), verb);
    case Kind::String: return fmt_string(value.str(), verb);
    case Kind::List: return print_list(value, verb, depth);
    case Kind::Map: return print_map(value, verb, depth);
  }
}

void Printer::print_list(const TemplateValue& value, char32_t verb, int depth) {
  if (depth >= kMaxValueDepth) return;
  buf += fmt.f.sharp_v ? "[]interface {}{" : "[";
  bool first = true;
  for (const TemplateValue& item : value.items()) {
    if (!first) buf += fmt.f.sharp_v ? ", " : " ";
    first = false;
    print_value(item, verb, depth + 1);
  }
  buf += fmt.f.sharp_v ? "}" : "]";
}

void Printer::print_map(const TemplateValue& value, char32_t verb, int depth) {
  if (depth >= kMaxValueDepth) return;
  buf += fmt.f.sharp_v ? "map[string]interface {}{" : "map[";
  bool first = true;
  for (const auto& [key, item] : value.entries()) {
    if (!first) buf += fmt.f.sharp_v ? ", " : " ";
    first = false;
    TemplateValue key_value = TemplateValue::string(key);
    arg_ = &key_value;
    fmt_string(key, verb);
    buf += ':';
    print_value(item, verb, depth + 1);
  }
  buf += fmt.f.sharp_v ? "}" : "]";
}

// fmt's parsenum: digits between `at` and `end`, at most 1e6.
bool parse_num(std::string_view s, size_t& at, size_t end, int& num) {
  num = 0;
  bool is_num = false;
  for (; at < end && s[at] >= '0' && s[at] <= '9'; ++at) {
    if (num > 1000000) {
      at = end;
      num = 0;
      return false;
    }
    num = num * 10 + (s[at] - '0');
    is_num = true;
  }
  return is_num;
}

// fmt's argNumber: an explicit index "[n]" at `i`, if any.
bool Printer::arg_number(int& arg_num, std::string_view format, size_t& i, int num_args) {
  if (i >= format.size() || format[i] != '[') return false;
  reordered_ = true;
  size_t close = format.find(']', i + 1);
  if (format.size() - i < 3 || close == std::string_view::npos) {
    ++i;
    good_arg_num_ = false;
    return false;
  }
  size_t at = i + 1;
  int index = 0;
  bool ok = parse_num(format, at, close, index) && at == close;
  i = close + 1;
  if (ok && index - 1 >= 0 && index - 1 < num_args) {
    arg_num = index - 1;
    return true;
  }
  good_arg_num_ = false;
  return ok;
}

void Printer::int_from_arg(const std::vector<TemplateValue>& a, int& arg_num, int& num, bool& is_int) {
  num = 0;
  is_int = false;
  if (arg_num >= static_cast<int>(a.size())) return;
  const TemplateValue& v = a[static_cast<size_t>(arg_num++)];
  if (v.is(Kind::Int) && v.as_int() >= -1000000 && v.as_int() <= 1000000) {
    num = static_cast<int>(v.as_int());
    is_int = true;
  }
}

void Printer::print_extra(const std::vector<TemplateValue>& a, int arg_num) {
  fmt.clear_flags();
  buf += "%!(EXTRA ";
  for (size_t i = static_cast<size_t>(arg_num); i < a.size(); ++i) {
    if (i > static_cast<size_t>(arg_num)) buf += ", ";
    if (a[i].is_nil()) {
      buf += "<nil>";
    } else {
      buf += go_type_name(a[i]) + "=";
      print_arg(a[i], 'v');
    }
  }
  buf += ')';
}


void Printer::do_printf(std::string_view format, const std::vector<TemplateValue>& a) {
  const size_t end = format.size();
  const int num_args = static_cast<int>(a.size());
  int arg_num = 0;
  bool after_index = false;
  for (size_t i = 0; i < end;) {
    good_arg_num_ = true;
    size_t last = i;
    while (i < end && format[i] != '%') ++i;
    buf += format.substr(last, i - last);
    if (i >= end) break;
    ++i;
    fmt.clear_flags();
    for (; i < end; ++i) {
      char c = format[i];
      if (c == '#') fmt.f.sharp = true;
      else if (c == '0') fmt.f.zero = !fmt.f.minus;
      else if (c == '+') fmt.f.plus = true;
      else if (c == '-') fmt.f.minus = true, fmt.f.zero = false;
      else if (c == ' ') fmt.f.space = true;
      else break;
    }
    after_index = arg_number(arg_num, format, i, num_args);
    if (i < end && format[i] == '*') {
      ++i;
      int_from_arg(a, arg_num, fmt.f.wid, fmt.f.wid_present);
      if (!fmt.f.wid_present) buf += "%!(BADWIDTH)";
      if (fmt.f.wid < 0) fmt.f.wid = -fmt.f.wid, fmt.f.minus = true, fmt.f.zero = false;
      after_index = false;
    } else {
      fmt.f.wid_present = parse_num(format, i, end, fmt.f.wid);
      if (after_index && fmt.f.wid_present) good_arg_num_ = false;  // "%[3]2d"
    }
    if (i + 1 < end && format[i] == '.') {
      ++i;
      if (after_index) good_arg_num_ = false;  // "%[3].2d"
      after_index = arg_number(arg_num, format, i, num_args);
      if (i < end && format[i] == '*') {
        ++i;
        int_from_arg(a, arg_num, fmt.f.prec, fmt.f.prec_present);
        if (fmt.f.prec < 0) fmt.f.prec = 0, fmt.f.prec_present = false;
        if (!fmt.f.prec_present) buf += "%!(BADPREC)";
        after_index = false;
      } else {
        fmt.f.prec_present = parse_num(format, i, end, fmt.f.prec);
        if (!fmt.f.prec_present) fmt.f.prec = 0, fmt.f.prec_present = true;
      }
    }
    if (!after_index) after_index = arg_number(arg_num, format, i, num_args);
    if (i >= end) {
      buf += "%!(NOVERB)";
      break;
    }
    Rune verb = decode_rune(format, i);
    i += verb.size;
    if (verb.value == '%') {
      buf += '%';
    } else if (!good_arg_num_) {
      buf += "%!" + encode_rune(verb.value) + "(BADINDEX)";
    } else if (arg_num >= num_args) {
      buf += "%!" + encode_rune(verb.value) + "(MISSING)";
    } else {
      if (verb.value == 'v') {
        fmt.f.sharp_v = fmt.f.sharp, fmt.f.sharp = false;
        fmt.f.plus_v = fmt.f.plus, fmt.f.plus = false;
      }
      print_arg(a[static_cast<size_t>(arg_num++)], verb.value);
    }
  }
  if (!reordered_ && arg_num < num_args) print_extra(a, arg_num);
}

}  // namespace

Expected<std::string> go_sprintf(std::string_view format, const std::vector<TemplateValue>& args) {
  Printer p;
  p.do_printf(format, args);
  if (p.refused) {
    return Error{"driftlint does not support printf's %p of a map or a list (Go prints its address)"};
  }
  return std::move(p.buf);
}

std::string go_sprint(const std::vector<TemplateValue>& args) {
  std::string out;
  bool previous_string = false;
  for (size_t i = 0; i < args.size(); ++i) {
    bool is_string = args[i].is(Kind::String);
    if (i > 0 && !is_string && !previous_string) out += ' ';
    out += args[i].is_nil() ? "<nil>" : go_format(args[i]);
    previous_string = is_string;
  }
  return out;
}

}  // namespace driftlint::gotmpl
