// The Go oracle for driftlint's template engine (src/gotemplate/): runs each
// case of a table with Go's text/template and the functions Argo CD gives
// ApplicationSet templates (applicationset/utils/utils.go: Sprig's
// GenericFuncMap without env, expandenv and getHostByName, plus normalize,
// toYaml, fromYaml and fromYamlArray), and writes what Go printed.
//
// Built offline in GOPATH mode with Debian's golang-go and
// golang-github-masterminds-sprig-dev; run by ci/gotemplate-oracle.
//
// usage: oracle CASES.json > EXPECTED.json
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v2"
)

type testCase struct {
	Name     string      `json:"name"`
	Template string      `json:"template"`
	Data     string      `json:"data"` // a name in the table's "data"
	Options  []string    `json:"options,omitempty"`
}

type table struct {
	Data  map[string]interface{} `json:"data"`
	Cases []testCase             `json:"cases"`
}

type result struct {
	Name   string  `json:"name"`
	Output *string `json:"output,omitempty"`
	// Output that is not UTF-8 (a substr that cuts a character), as base64.
	OutputBase64 *string `json:"output_base64,omitempty"`
	Error  *string `json:"error,omitempty"`
}

var invalidDNSNameChars = regexp.MustCompile("[^-a-z0-9.]")

// Argo CD's SanitizeName.
func sanitizeName(name string) string {
	name = strings.ToLower(name)
	name = invalidDNSNameChars.ReplaceAllString(name, "-")
	if len(name) > 253 {
		name = name[:253]
	}
	return strings.Trim(name, "-.")
}

// sigs.k8s.io/yaml's Marshal: JSON first, then YAML (yaml.v2) of that.
func toYAML(v interface{}) (string, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	var obj interface{}
	if err := yaml.Unmarshal(j, &obj); err != nil {
		return "", err
	}
	data, err := yaml.Marshal(obj)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(data), "\n"), nil
}

// sigs.k8s.io/yaml's Unmarshal: YAML to JSON, then json.Unmarshal.
func yamlToJSONValue(v interface{}) interface{} {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		m := map[string]interface{}{}
		for k, item := range t {
			m[fmt.Sprint(k)] = yamlToJSONValue(item)
		}
		return m
	case []interface{}:
		out := make([]interface{}, len(t))
		for i, item := range t {
			out[i] = yamlToJSONValue(item)
		}
		return out
	case int:
		return float64(t)
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	default:
		return t
	}
}

func fromYAML(str string) (map[string]interface{}, error) {
	var obj interface{}
	if err := yaml.Unmarshal([]byte(str), &obj); err != nil {
		return nil, err
	}
	m, ok := yamlToJSONValue(obj).(map[string]interface{})
	if !ok && obj != nil {
		return nil, fmt.Errorf("error unmarshaling JSON: json: cannot unmarshal into Go value of type map[string]interface {}")
	}
	if m == nil {
		m = map[string]interface{}{}
	}
	return m, nil
}

func fromYAMLArray(str string) ([]interface{}, error) {
	var obj interface{}
	if err := yaml.Unmarshal([]byte(str), &obj); err != nil {
		return nil, err
	}
	a, ok := yamlToJSONValue(obj).([]interface{})
	if !ok && obj != nil {
		return nil, fmt.Errorf("error unmarshaling JSON: json: cannot unmarshal into Go value of type []interface {}")
	}
	return a, nil
}

func functions() template.FuncMap {
	f := sprig.GenericFuncMap()
	delete(f, "env")
	delete(f, "expandenv")
	delete(f, "getHostByName")
	f["normalize"] = sanitizeName
	f["toYaml"] = toYAML
	f["fromYaml"] = fromYAML
	f["fromYamlArray"] = fromYAMLArray
	return f
}

func run(c testCase, data interface{}) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	tmpl, err := template.New("base").Funcs(functions()).Parse(c.Template)
	if err != nil {
		return "", err
	}
	for _, option := range c.Options {
		tmpl = tmpl.Option(option)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: oracle CASES.json")
		os.Exit(2)
	}
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var t table
	if err := json.Unmarshal(raw, &t); err != nil {
		fmt.Fprintln(os.Stderr, os.Args[1]+":", err)
		os.Exit(2)
	}
	results := make([]result, 0, len(t.Cases))
	for _, c := range t.Cases {
		data, ok := t.Data[c.Data]
		if !ok {
			fmt.Fprintln(os.Stderr, os.Args[1]+": case", c.Name, "names no data set", c.Data)
			os.Exit(2)
		}
		out, err := run(c, data)
		r := result{Name: c.Name}
		if err != nil {
			msg := err.Error()
			r.Error = &msg
		} else if !utf8.ValidString(out) {
			b := base64.StdEncoding.EncodeToString([]byte(out))
			r.OutputBase64 = &b
		} else {
			r.Output = &out
		}
		results = append(results, r)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
