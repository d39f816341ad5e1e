// The inside of the Go template engine (go_template.h): tokens, the parse
// tree and the function table, shared by the lexer, the parser, the executor
// and the function files. Modelled on Go's text/template and
// text/template/parse, whose behaviour Argo CD's goTemplate has.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gotemplate/template_value.h"
#include "base/expected.h"

namespace driftlint::gotmpl {

enum class Tok : uint8_t {
  Text, Left, Right, Space, Identifier, Field, Variable, Dot, String, Number, Char, Bool, Nil,
  Pipe, LeftParen, RightParen, Assign, Declare, Comma,
  If, Else, End, Range, With, Break, Continue, Define, Template, Block, Eof,
};

struct Token {
  Tok kind = Tok::Eof;
  std::string text;  // as written (Text: after trimming)
  int line = 1;
  int col = 0;  // bytes before it on its line, as Go counts for messages
};

// Where an operand or command is, and how Go prints it in an error
// ("template: base:1:7: executing \"base\" at <.data.test>: ...").
struct Place {
  int line = 1;
  int col = 0;
  std::string text;
};

// Splits a template into tokens; an error for an unterminated action,
// string or comment, as Go's lexer reports them.
Expected<std::vector<Token>> lex(std::string_view text);

// strconv.Unquote for "..." (Go's escapes), `...` (raw) and '.' (a rune).
std::optional<std::string> unquote(std::string_view text);

struct Pipeline;

// A number literal as Go's parser reads it: which of int, uint and float it
// can be, and what it is where no type is asked for (`ideal`, or the error).
struct NumberLiteral {
  bool is_int = false, is_uint = false, is_float = false;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  TemplateValue ideal;
  std::string ideal_error;
};
// An error reads as Go's ("illegal number syntax: \"1e400\"").
Expected<NumberLiteral> parse_number_literal(std::string_view text);

enum class ArgKind : uint8_t { Field, Variable, Dot, Nil, Constant, Identifier, Pipe };

// One operand of a command: `.a.b`, `$x.a`, `.`, `nil`, a literal, a
// function name, or a parenthesised pipeline (with a field chain after it).
struct Arg {
  ArgKind kind = ArgKind::Dot;
  std::string name;                 // Identifier: the function; Variable: "$x"
  std::vector<std::string> fields;  // the field chain after the operand
  TemplateValue constant;           // Constant: Bool, String, Int or Float
  bool number = false;              // Constant written as a number
  bool integral = false;            // ... and usable as an int (1, 1.0, 'a')
  int64_t int_value = 0;
  std::string ideal_error;          // Constant: why it has no value untyped ("... overflows int")
  std::shared_ptr<Pipeline> pipe;   // Pipe
  std::string text;                 // as Go prints the node, for messages
  Place place;
};

struct Command {
  std::vector<Arg> args;
  Place place;
};

struct Pipeline {
  std::vector<std::string> vars;  // declared or assigned variables
  bool assign = false;            // `=` rather than `:=`
  std::vector<Command> commands;
  int line = 1;
};

enum class NodeKind : uint8_t { Text, Action, If, Range, With, Break, Continue, Template, Define };

struct Node {
  NodeKind kind = NodeKind::Text;
  std::string text;  // Text; Template and Define: the name
  Pipeline pipe;     // Action, If, Range, With
  std::vector<Node> body, otherwise;
  bool has_else = false;
  // If, With: the `{{else if}}` (`{{else with}}`) branches after this one,
  // each with its pipe and body, tried in order before `otherwise`.
  std::vector<Node> chain;
  bool has_pipe = false;  // Template: `{{template "x" pipeline}}`
  Place place;            // Template: where Go reports it, and how it prints
};

// Parameter types of a function, as Go's reflection checks arguments.
enum class ArgType : uint8_t {
  Any,     // interface{}: a missing value becomes nil
  Value,   // reflect.Value (builtins): a missing value stays missing
  String, Int, Bool, Float,
  Map,     // map[string]interface{}
  List,    // []interface{}
};

// Go's name for a parameter type, and whether a value is of it.
const char* arg_type_name(ArgType type);
bool arg_type_fits(const TemplateValue& value, ArgType type);

struct Function {
  std::vector<ArgType> params;
  bool variadic = false;  // the last parameter takes any number of arguments
  Expected<TemplateValue> (*call)(std::vector<TemplateValue>& args) = nullptr;
};

using FunctionTable = std::unordered_map<std::string, Function>;

// Go's builtins (not, len, index, eq, printf...; `and` and `or` are
// evaluated lazily by the executor), then the Sprig functions and those
// Argo CD adds (normalize, slugify, toYaml, fromYaml, fromYamlArray).
const FunctionTable& template_functions();
void add_go_builtins(FunctionTable& table);
void add_sprig_strings(FunctionTable& table);
void add_sprig_lists(FunctionTable& table);
void add_sprig_regex(FunctionTable& table);
void add_sprig_other(FunctionTable& table);

// Whether Sprig (or Go) defines a function driftlint does not evaluate, so
// that a note can say "not supported" rather than "not defined".
bool known_unsupported_function(std::string_view name);

// Parses tokens into a tree; an error as Go's parser words it (an undefined
// function or variable, a missing {{end}}).
Expected<std::vector<Node>> parse(const std::vector<Token>& tokens, const FunctionTable& functions);

// Sprig's strval: a string as it is, anything else as fmt's %v ("<nil>" for nil).
std::string sprig_strval(const TemplateValue& value);
// Sprig's strslice: the strings of a list (nil items dropped), or the value as one string.
std::vector<std::string> sprig_strslice(const TemplateValue& value);
// spf13/cast's ToInt64 and ToFloat64 as Sprig's math uses them (0 when unconvertible).
int64_t sprig_int64(const TemplateValue& value);
double sprig_float64(const TemplateValue& value);

// Go's fmt.Sprintf (go_printf.cc); an error only for what driftlint cannot
// know (%p of a map or list: an address).
Expected<std::string> go_sprintf(std::string_view format, const std::vector<TemplateValue>& args);
// fmt.Sprint: operands separated by a space when neither is a string.
std::string go_sprint(const std::vector<TemplateValue>& args);

}  // namespace driftlint::gotmpl
