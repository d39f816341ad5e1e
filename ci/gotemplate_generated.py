"""Generated Go template cases for ci/gotemplate-cases: each function
driftlint's engine supports, each printf verb and flag, literals, control
structures, define/template/block, and the places where a port of Go
silently differs (overflow, hex floats, %U, %#v, width from arguments)."""

DATA = {
    "name": "Guestbook", "count": 3, "big": 1000000, "half": 0.5, "neg": -2.5, "enabled": True,
    "empty": "", "nothing": None, "zero": 0,
    "path": {"path": "apps/team-a/web", "basename": "web", "segments": ["apps", "team-a", "web"]},
    "labels": {"env": "prod", "region": "eu-west-1"},
    "list": ["a", "b", "c"], "nums": [3, 1, 2], "mixed": ["b", 1, None, "a", True],
    "nested": {"a": {"b": {"c": "deep"}}}, "yaml": "a: 1\nb: [x, y]\n", "yamlList": "- 1\n- two\n",
    "json": "{\"a\": 1, \"b\": [true, null]}", "text": "Hello, World! 你好 ÄÖ",
    "url": "https://user:pw@example.com:8443/a/b?x=1&y=two#frag", "version": "1.2.3",
}

# (name, template): functions with ordinary, edge and wrong arguments.
FUNCTIONS = {
    "strings": [
        "{{ lower .name }} {{ upper .name }} {{ title \"hello wide world\" }}",
        "[{{ trim \"  x y \\t\" }}] [{{ trimAll \"-x\" \"--x-a-x--\" }}] [{{ trimall \"ab\" \"abcab\" }}]",
        "{{ trimPrefix \"app-\" \"app-web\" }} {{ trimSuffix \".yaml\" \"x.yaml\" }}",
        "{{ contains \"ea\" \"team\" }} {{ hasPrefix \"te\" \"team\" }} {{ hasSuffix \"am\" \"team\" }}",
        "{{ repeat 3 \"ab\" }}|{{ repeat 0 \"ab\" }}",
        "{{ replace \"-\" \"_\" \"a-b-c\" }} {{ replace \"\" \"x\" \"ab\" }}",
        "{{ substr 1 3 \"hello\" }}|{{ substr 3 1 \"hello\" }}|{{ substr -1 2 \"hello\" }}|{{ substr 2 99 \"hello\" }}",
        "{{ trunc 3 \"hello\" }}|{{ trunc -3 \"hello\" }}|{{ trunc 99 \"hi\" }}",
        "{{ nospace \" a b\\tc \" }} {{ cat \"a\" 1 nil .half }}",
        "{{ quote \"a\\\"b\" 1 nil }} {{ squote \"a'b\" .count }}",
        "{{ indent 2 \"a\\nb\" }}|{{ nindent 2 \"a\\n\\nb\" }}",
        "{{ split \"/\" .path.path }} {{ (split \"/\" .path.path)._1 }}",
        "{{ splitList \"-\" \"a-b--c\" }} {{ splitn \"-\" 2 \"a-b-c\" }}",
        "{{ join \"-\" .list }} {{ join \",\" .mixed }} {{ join \"-\" \"single\" }}",
        "{{ toString 1.5 }} {{ toString .count }} {{ toString nil }} {{ toStrings .mixed }}",
        "{{ .text | upper }} {{ .text | lower }} {{ title .text }}",
        "{{ sortAlpha .mixed }} {{ sortAlpha .list }}",
        "{{ html \"<a href='x'>&</a>\" }} {{ urlquery \"a b&c=d/é\" }}",
        "{{ print \"a\" 1 2 \"b\" nil }}|{{ println \"a\" 1 }}|{{ print }}",
        "{{ substr 0 2 \"你好世界\" }} {{ trunc 2 \"你好世界\" }}",
        "{{ trimAll \"\" \"  x  \" }}|{{ trim \"\" }}",
    ],
    "defaults": [
        "{{ default \"x\" .missing }} {{ default \"x\" .empty }} {{ default \"x\" .zero }} {{ default \"x\" .name }}",
        "{{ empty .empty }} {{ empty .list }} {{ empty .labels }} {{ empty 0.0 }} {{ empty .missing }}",
        "{{ coalesce .missing .empty .name }} {{ coalesce .zero .nothing }}",
        "{{ ternary \"yes\" \"no\" .enabled }} {{ ternary 1 2 false }}",
        "{{ all .name .count }} {{ all .name .zero }} {{ any .empty .zero }} {{ any .empty .name }}",
        "{{ compact .mixed }} {{ compact (list \"\" 0 false nil \"x\") }}",
        "{{ fail \"stop here\" }}",
        "{{ required \"needed\" .missing }}",
    ],
    "types": [
        "{{ kindOf .name }} {{ kindOf .count }} {{ kindOf .list }} {{ kindOf .labels }} {{ kindOf .nothing }} {{ kindOf 1 }} {{ kindOf true }}",
        "{{ typeOf .name }} {{ typeOf .count }} {{ typeOf .list }} {{ typeOf .labels }} {{ typeOf .nothing }} {{ typeOf 1 }}",
        "{{ typeIs \"string\" .name }} {{ typeIs \"float64\" .count }} {{ kindIs \"map\" .labels }} {{ kindIs \"slice\" .list }}",
        "{{ int .half }} {{ int \"42\" }} {{ int \"x\" }} {{ int64 \"0x1f\" }} {{ int 3.99 }} {{ int -3.99 }} {{ int true }}",
        "{{ float64 \"1.5\" }} {{ float64 2 }} {{ float64 \"x\" }} {{ atoi \"12\" }} {{ atoi \"1.5\" }}",
        "{{ int \"9223372036854775807\" }} {{ int \"9223372036854775808\" }} {{ int64 1e19 }}",
        "{{ toString (int64 \"-0b101\") }} {{ int \"010\" }} {{ int \"0o17\" }} {{ int \" 5\" }}",
    ],
    "math": [
        "{{ add 1 2 3 }} {{ add1 .count }} {{ sub 10 .count }} {{ mul 2 3 4 }} {{ div 7 2 }} {{ mod 7 3 }}",
        "{{ add .half 1 }} {{ mul .half 3 }} {{ div .big 3 }} {{ sub 1 \"2\" }}",
        "{{ max 1 5 3 }} {{ min 4 2 8 }} {{ biggest 1 9 }} {{ max 1 }}",
        "{{ floor 1.7 }} {{ ceil 1.2 }} {{ floor -1.5 }} {{ ceil \"2.1\" }}",
        "{{ div 1 0 }}",
        "{{ mod 1 0 }}",
        "{{ add 9223372036854775807 1 }} {{ mul 9223372036854775807 2 }} {{ sub -9223372036854775807 2 }}",
        "{{ until 3 }} {{ until 0 }} {{ until -2 }}",
        "{{ add1 9223372036854775807 }} {{ div -9223372036854775808 -1 }} {{ mod -9223372036854775808 -1 }} {{ mul -1 -9223372036854775808 }}",
        "{{ sub -9223372036854775808 1 }} {{ max -9223372036854775808 }} {{ min 9223372036854775807 }}",
        "{{ len (until 5) }} {{ add1 (len .list) }}",
    ],
    "lists": [
        "{{ list 1 \"a\" nil true }} {{ tuple 1 2 }} {{ list }}",
        "{{ first .list }} {{ last .list }} {{ rest .list }} {{ initial .list }} {{ first (list) }}",
        "{{ append .list \"d\" }} {{ push .list \"d\" }} {{ prepend .list \"z\" }} {{ .list }}",
        "{{ reverse .list }} {{ uniq (list 1 1 \"a\" \"a\" 2) }} {{ without .list \"b\" }}",
        "{{ has \"b\" .list }} {{ has \"z\" .list }} {{ mustHas 1 .nums }}",
        "{{ slice .list 1 }} {{ slice .list 1 2 }} {{ slice .list }} {{ slice \"hello\" 1 3 }}",
        "{{ concat .list .nums (list \"x\") }}",
        "{{ index .list 1 }} {{ index .labels \"env\" }} {{ index .nested \"a\" \"b\" \"c\" }} {{ index .list 5 }}",
        "{{ len .list }} {{ len .labels }} {{ len .name }} {{ len .text }}",
        "{{ first \"x\" }}",
        "{{ mustFirst \"x\" }}",
        "{{ sortAlpha .nums }} {{ reverse (list) }}",
    ],
    "dicts": [
        "{{ dict \"b\" 1 \"a\" \"x\" }} {{ dict }} {{ dict \"odd\" }}",
        "{{ $d := dict \"a\" 1 }}{{ $_ := set $d \"b\" 2 }}{{ $d }} {{ unset $d \"a\" }} {{ hasKey $d \"b\" }}",
        "{{ get .labels \"env\" }}|{{ get .labels \"none\" }}",
        "{{ keys .labels | sortAlpha }} {{ values .labels | sortAlpha }} {{ keys .labels .nested | sortAlpha }}",
        "{{ pick .labels \"env\" \"none\" }} {{ omit .labels \"env\" }} {{ pluck \"env\" .labels (dict \"env\" \"dev\") }}",
        "{{ dig \"a\" \"b\" \"c\" \"none\" .nested }} {{ dig \"a\" \"x\" \"none\" .nested }}",
        "{{ merge (dict \"a\" 1 \"n\" (dict \"x\" 1)) (dict \"a\" 2 \"b\" 3 \"n\" (dict \"y\" 2)) }}",
        "{{ mergeOverwrite (dict \"a\" 1 \"n\" (dict \"x\" 1)) (dict \"a\" 2 \"b\" 3 \"n\" (dict \"y\" 2)) }}",
        "{{ deepCopy .labels }} {{ deepEqual .labels (dict \"env\" \"prod\" \"region\" \"eu-west-1\") }}",
        "{{ dict \"k\" .missing }} {{ dict 1 2 }}",
    ],
    "encodings": [
        "{{ b64enc \"hello\" }} {{ b64dec \"aGVsbG8=\" }} {{ b64dec \"!!\" }}",
        "{{ toJson .labels }} {{ toJson .list }} {{ toJson .half }} {{ toJson .count }} {{ toJson nil }} {{ toJson \"<&>\" }}",
        "{{ toPrettyJson .nested }}",
        "{{ toRawJson (dict \"h\" \"<b>&</b>\") }}",
        "{{ fromJson .json }} {{ (fromJson .json).a }} {{ fromJson \"not json\" }}",
        "{{ toYaml .labels }}|{{ toYaml .list }}|{{ toYaml .nested }}|{{ toYaml .count }}|{{ toYaml .half }}",
        "{{ toYaml (dict \"y\" \"yes\" \"n\" \"no\" \"o\" \"on\" \"num\" \"1\" \"e\" \"\" \"nl\" \"a\\nb\" \"t\" \"true\") }}",
        "{{ toYaml .nothing }}|{{ toYaml .empty }}|{{ toYaml .big }}|{{ toYaml 1e21 }}|{{ toYaml .neg }}",
        "{{ fromYaml .yaml }} {{ (fromYaml .yaml).b }} {{ fromYamlArray .yamlList }}",
        "{{ fromYaml \"a: [\" }}",
        "{{ mustToJson .labels }} {{ mustFromJson \"[1,2]\" }}",
    ],
    "regex": [
        "{{ regexMatch \"^a.c$\" \"abc\" }} {{ regexMatch \"[\" \"x\" }}",
        "{{ mustRegexMatch \"[\" \"x\" }}",
        "{{ regexFind \"[0-9]+\" \"a12b34\" }} {{ regexFindAll \"[0-9]+\" \"a12b34c5\" -1 }} {{ regexFindAll \"[0-9]+\" \"a12b34c5\" 2 }}",
        "{{ regexReplaceAll \"a(x*)b\" \"-ab-axxb-\" \"${1}W\" }} {{ regexReplaceAllLiteral \"a(x*)b\" \"-ab-\" \"${1}\" }}",
        "{{ regexSplit \"[,;]\" \"a,b;c\" -1 }} {{ regexSplit \"z*\" \"abc\" -1 }} {{ regexSplit \",\" \"a,b,c\" 2 }}",
        "{{ regexReplaceAll \"(?P<first>\\\\w+) (?P<last>\\\\w+)\" \"Jane Doe\" \"$last $first\" }}",
    ],
    "paths": [
        "{{ base \"a/b/c.txt\" }} {{ dir \"a/b/c.txt\" }} {{ ext \"a/b/c.tar.gz\" }} {{ clean \"a//b/../c/\" }} {{ isAbs \"/x\" }}",
        "{{ base \"\" }} {{ dir \"\" }} {{ clean \"\" }} {{ base \"/\" }} {{ dir \"/a\" }}",
    ],
    "argo": [
        "{{ normalize \"Team_A/Web.App!\" }} {{ normalize \"--x--\" }} {{ .name | normalize }}",
        "{{ normalize (repeat 300 \"a\") | len }}",
    ],
    "builtins": [
        "{{ and 1 0 2 }} {{ and 1 2 }} {{ or 0 \"\" }} {{ or 0 \"x\" 1 }} {{ not .enabled }} {{ not 0 }}",
        "{{ eq 1 1 }} {{ eq .count 3.0 }} {{ eq \"a\" \"a\" \"b\" }} {{ ne 1 2 }} {{ lt 1 2 }} {{ le 2 2 }} {{ gt 1.5 1.2 }} {{ ge \"b\" \"a\" }}",
        "{{ eq .count 3 }}",
        "{{ eq 1 \"1\" }}",
        "{{ lt .list .list }}",
        "{{ eq .nothing nil }}",
        "{{ len 3 }}",
        "{{ index .list \"x\" }}",
        "{{ slice .list 2 1 }}",
        "{{ and }}",
        "{{ printf }}",
        "{{ html .list }} {{ js \"<a>\" }}",
        "{{ call .name }}",
    ],
}

PRINTF = [
    "%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%x", "%X", "%o", "%O", "%b", "%c", "%q", "%U", "%#U", "%#x",
    "%#o", "%e", "%E", "%f", "%.2f", "%8.3f", "%-8.3f|", "%g", "%G", "%.3g", "%s", "%10s", "%-10s|", "%.2s",
    "%q", "%#q", "%x", "% x", "%v", "%+v", "%#v", "%T", "%t", "%6.2v", "%%", "%!", "%z", "%d %d",
    "%[2]d %[1]d", "%*d", "%-*d|", "%.*f", "%[3]*.[2]*[1]f", "%[5]d", "%",
]
PRINTF_ARGS = ["42", "-7", "3.14159", ".half", ".big", "\"str\"", "\"a\\\"b\"", ".enabled", ".list", ".labels",
               ".nothing", ".missing", "65", "1e21", "0", "(list 1 \"a\")"]

LITERALS = [
    "{{ 0x1F }} {{ 0o17 }} {{ 017 }} {{ 0b101 }} {{ 1_000_000 }} {{ 1e3 }} {{ 1.5e-3 }} {{ .5 }} {{ 1. }}",
    "{{ 0x1p-2 }} {{ 0x1.8p1 }} {{ 0X_1FFFP-16 }}",
    "{{ 'a' }} {{ '\\n' }} {{ '\\x41' }} {{ '\\u00e9' }} {{ '你' }}",
    "{{ \"\\u00e9\\t\\x41\\101\" }} {{ `a\\nb` }}",
    "{{ 9223372036854775807 }} {{ -9223372036854775808 }}",
    "{{ 9223372036854775808 }}",
    "{{ 18446744073709551615 }}",
    "{{ 1e400 }}",
    "{{ -0 }} {{ +5 }} {{ -0x10 }} {{ 1i }}",
    "{{ true }} {{ false }} {{ nil }}",
    "{{ 0x }}",
    "{{ 1_0.5 }} {{ 0x_1F }} {{ 0b_101 }} {{ 1e1_0 }}",
    "{{ 0x1.8 }}",
    "{{ 08 }}",
    "{{ 1__0 }}",
    "{{ 3.0 | printf \"%T\" }} {{ 3 | printf \"%T\" }} {{ 'a' | printf \"%T\" }} {{ 1e3 | printf \"%T\" }}",
    "{{ add 1.0 2 }} {{ printf \"%v\" 1.0 }} {{ printf \"%v\" 2e0 }}",
]

CONTROL = [
    "{{ if .enabled }}on{{ else }}off{{ end }} {{ if .zero }}a{{ else if .empty }}b{{ else }}c{{ end }}",
    "{{ range .list }}[{{ . }}]{{ end }} {{ range $i, $v := .list }}{{ $i }}={{ $v }} {{ end }}",
    "{{ range $k, $v := .labels }}{{ $k }}:{{ $v }};{{ end }} {{ range .missing }}x{{ else }}none{{ end }}",
    "{{ range 3 }}{{ . }}{{ end }}",
    "{{ range $i, $e := until 5 }}{{ if eq $i 3 }}{{ break }}{{ end }}{{ if eq $i 1 }}{{ continue }}{{ end }}{{ $e }}{{ end }}",
    "{{ with .labels.env }}env={{ . }}{{ else }}none{{ end }} {{ with .missing }}x{{ else with .name }}{{ . }}{{ end }}",
    "{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }} {{ $y := .name }}{{ $y }}",
    "{{ .name | printf \"%s-%s\" \"pre\" }} {{ \"a\" | printf \"%s%s\" \"b\" }}",
    "{{ (index .path.segments 1) }} {{ (.labels).env }} {{ (dict \"a\" (dict \"b\" 1)).a.b }}",
    "{{ $.name }} {{ range .list }}{{ $.count }}{{ end }}",
    "{{ if }}x{{ end }}",
    "{{ range .list }}",
    "{{ end }}",
    "{{ $undefined }}",
    "{{ .name.first }}",
    "{{ .list.x }}",
    "{{ undefinedFunc 1 }}",
    "{{ break }}",
    "{{ .labels.env | }}",
    "{{ range .count }}{{ . }}{{ end }}",
    "{{ range .nums }}{{ . }}{{ end }} {{ range .nothing }}x{{ end }}",
    "{{/* comment */}}a{{- /* trimmed */ -}} b",
    "{{ \"unterminated }}",
    "a {{- 3 -}} b {{- -3 }}",
]

DEFINE = [
    "{{ define \"T\" }}[{{ . }}]{{ end }}{{ template \"T\" .name }}{{ template \"T\" 3 }}",
    "{{ define \"T\" }}<{{ .env }}>{{ end }}{{ template \"T\" .labels }}|{{ template \"T\" }}",
    "{{ block \"B\" .list }}{{ range . }}{{ . }};{{ end }}{{ end }}",
    "{{ define \"B\" }}over{{ end }}{{ block \"B\" . }}default{{ end }}",
    "{{ template \"missing\" }}",
    "{{ define \"R\" }}{{ if . }}{{ . }}{{ template \"R\" (rest .) }}{{ end }}{{ end }}{{ template \"R\" .list }}",
    "{{ define \"R\" }}{{ template \"R\" . }}{{ end }}{{ template \"R\" . }}",
    "{{ define \"A\" }}a{{ end }}{{ define \"A\" }}b{{ end }}{{ template \"A\" }}",
    "{{ define \"V\" }}{{ $ }}{{ end }}{{ template \"V\" .count }}",
    "{{ define \"X\" }}{{ $x }}{{ end }}{{ $x := 1 }}{{ template \"X\" }}",
    "{{ template .name }}",
    "{{ define \"T\" }}x{{ end }}",
    "{{ define \"a\\\"b\" }}q{{ end }}{{ template `a\"b` }}",
    "{{ with .labels }}{{ define \"inner\" }}x{{ end }}{{ end }}",
    "{{ define \"T\" }}{{ .missing }}{{ end }}{{ template \"T\" .labels }}",
    "{{ define \"base\" }}redefined{{ end }}top",
    "{{ block \"B\" }}x{{ end }}",
    "{{ template \"T\" 1 2 }}{{ define \"T\" }}{{ end }}",
]


# Where the Go that Argo CD is built with (1.22 and later) differs from the
# oracle's Go 1.19: what the newer Go prints, and why.
NEWER_GO = {
    "{{ range 3 }}{{ . }}{{ end }}": {"output": "012", "why": "Go 1.22 ranges over an integer"},
    CONTROL[5]: {"output": "env=prod Guestbook", "why": "Go 1.23 added {{else with}}"},
}

# Both fail; the messages differ in wording only (the reason).
MESSAGE_DIFFERS = {
    "{{ fromYaml \"a: [\" }}": "libyaml and yaml.v2 word a parse error differently",
}


def generated_cases():
    cases = []

    def add(group, i, template, options=None):
        case = {"name": f"generated {group} #{i}", "template": template, "data": "generated"}
        if options:
            case["options"] = options
        cases.append(case)

    for group, templates in FUNCTIONS.items():
        for i, t in enumerate(templates, 1):
            add(group, i, t)
    n = 0
    for verb in PRINTF:
        for arg in PRINTF_ARGS:
            n += 1
            add("printf", n, "{{ printf \"" + verb.replace("\"", "\\\"") + "\" " + arg + " }}")
    for i, extra in enumerate(["5 42", "-5 42", "\"x\" 42", "2 3.14159", "1 2 3.14159"], 1):
        add("printf-star", i, "{{ printf \"%*d|%-*d|%.*f|%[3]*.[2]*[1]f\" " + extra + " }}")
    for group, templates in (("literals", LITERALS), ("control", CONTROL), ("define", DEFINE)):
        for i, t in enumerate(templates, 1):
            add(group, i, t)
    for i, t in enumerate(["{{ .missing }}", "{{ .labels.none }}", "{{ .missing.x }}", "{{ index .labels \"none\" }}",
                           "{{ .nothing }}", "{{ .nested.a.none }}"], 1):
        for option in ("missingkey=error", "missingkey=zero", "missingkey=default"):
            add("missingkey", f"{i} {option}", t, [option])
    return cases
