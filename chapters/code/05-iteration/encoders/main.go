// Encoders turns one map of 10 keys into bytes 1000 times with each way of
// the standard library, and counts the different outputs:
//
//   - encoding/json sorts the keys (mapEncoder in encoding/json/encode.go sorts
//     them as strings, after turning integer keys into decimal strings);
//   - fmt and text/template sort them with internal/fmtsort (print.go's
//     printValue, exec.go's walkRange), which compares ints as numbers;
//   - encoding/gob writes the entries in range order (encodeMap in
//     encoding/gob/encode.go walks reflect's MapRange), and so does a string
//     built by ranging over the map.
//
// It ends with a map of int keys in both json and fmt, where the two sorts
// differ, and decodes one gob output to check that it holds the same map.
//
//	go run ./chapters/code/05-iteration/encoders
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/05-iteration/encoders
package main

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"log"
	"maps"
	"slices"
	"strings"
	"text/template"

	"gomaps/labs/inspect"
)

const calls = 1000

var tmpl = template.Must(template.New("t").Parse(`{{range $k, $v := .}}{{$k}}={{$v}} {{end}}`))

func main() {
	log.SetFlags(0)
	log.SetPrefix("encoders: ")
	m := map[string]int{}
	for i, k := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliett") {
		m[k] = i
	}
	ways := []struct {
		name   string
		encode func(map[string]int) ([]byte, error)
	}{
		{"json.Marshal(m)", func(m map[string]int) ([]byte, error) { return json.Marshal(m) }},
		{"fmt.Sprint(m)", func(m map[string]int) ([]byte, error) { return []byte(fmt.Sprint(m)), nil }},
		{"text/template {{range}}", func(m map[string]int) ([]byte, error) {
			var b bytes.Buffer
			err := tmpl.Execute(&b, m)
			return b.Bytes(), err
		}},
		{"gob.NewEncoder(w).Encode(m)", gobEncode},
		{"for k, v := range m", func(m map[string]int) ([]byte, error) {
			var b strings.Builder
			for k, v := range m {
				fmt.Fprintf(&b, "%s=%d ", k, v)
			}
			return []byte(b.String()), nil
		}},
		{"slices.Sorted(maps.Keys(m))", func(m map[string]int) ([]byte, error) {
			var b strings.Builder
			for _, k := range slices.Sorted(maps.Keys(m)) {
				fmt.Fprintf(&b, "%s=%d ", k, m[k])
			}
			return []byte(b.String()), nil
		}},
	}
	fmt.Printf("%s: a map of %d string keys, encoded %d times each way\n\n", inspect.Build(), len(m), calls)
	for _, w := range ways {
		outputs := map[string]bool{}
		for range calls {
			out, err := w.encode(m)
			if err != nil {
				log.Fatal(err)
			}
			outputs[string(out)] = true
		}
		fmt.Printf("  %-30s %s\n", w.name, distinct(len(outputs)))
	}

	out, err := gobEncode(m)
	if err != nil {
		log.Fatal(err)
	}
	var back map[string]int
	if err := gob.NewDecoder(bytes.NewReader(out)).Decode(&back); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\none gob output decodes to a map equal to m: %v\n", maps.Equal(back, m))

	ints := map[int]string{1: "one", 2: "two", 9: "nine", 10: "ten"}
	js, err := json.Marshal(ints)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nint keys, json: %s\n", js)
	fmt.Printf("int keys, fmt:  %v\n", ints)
}

// gobEncode encodes m with a new Encoder, so that every output starts with the
// same type description.
func gobEncode(m map[string]int) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(m)
	return b.Bytes(), err
}

func distinct(n int) string {
	if n == 1 {
		return "1 output, the same every time"
	}
	return fmt.Sprintf("%d different outputs", n)
}

//course:every-lane it reads the map runtime's layout through the inspector
