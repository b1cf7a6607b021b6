//go:build explorer

// Command explorer is the book's map explorer: the solutions of labs 02 (classic buckets) and
// 03 (Swiss tables), compiled to WebAssembly and driven from the page chapters/explorer.md.
//
// It builds only with the tag explorer and an overlay that puts the labs' solutions and the
// files of chapters/code/explorer/inlab in place; `go run ./tools/course explorer` does both:
//
//	go run ./tools/course explorer          # build/explorer/: explorer.wasm and wasm_exec.js
//	go run ./tools/course explorer -test    # the session's tests, natively and in Node
//
// A Session holds one map of each lab, with the same key type and hash, and applies the same
// operations to both. The page keeps the list of operations in its URL, so a state of the
// explorer is a link: the chapters link to states they discuss.
package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	buckets "gomaps/labs/02-buckets"
	swiss "gomaps/labs/03-swiss"
)

// Config chooses a session's maps: their key type, their hash, and the seed of the random keys
// and range starts the session draws (so that a state replays the same from a link).
type Config struct {
	Keys string `json:"keys"` // "int" (int64) or "string"
	Hash string `json:"hash"` // "fixed", "seeded" or "collide"
	Seed uint64 `json:"seed"`
}

// State is what the page draws after each operation.
type State struct {
	Config Config     `json:"config"`
	Ops    []string   `json:"ops"`    // every operation applied so far, in order
	Error  string     `json:"error"`  // why the last operation was refused, if it was
	Keys   []string   `json:"keys"`   // the keys in the maps (the same in both), sorted
	Maps   []MapState `json:"maps"`   // buckets, then swiss
	Millis float64    `json:"millis"` // the time the last operation took in Go, both maps
}

// MapState is one map's drawing and counters.
type MapState struct {
	Name     string      `json:"name"`     // "buckets" or "swiss"
	Title    string      `json:"title"`    // "Classic buckets (lab 02)" ...
	Counters [][2]string `json:"counters"` // the header fields the chapter names
	Text     string      `json:"text"`     // the lab's text layout dump
	Mermaid  string      `json:"mermaid"`  // the lab's Mermaid layout dump, drawn by the page
	Events   []string    `json:"events"`   // what the last operation did to the map's shape
	Range    *RangeState `json:"range"`    // the range in progress or just ended, if any
}

// RangeState is a range taken one entry at a time.
type RangeState struct {
	Start    string   `json:"start"`    // where it started, and why there
	Produced []string `json:"produced"` // the keys produced so far, in order
	Done     bool     `json:"done"`
	// While the range is in progress, the ids, in the map's Mermaid layout dump, of the node
	// where it started (a classic bucket, a Swiss slot) and of the node holding the entry it
	// produced last; "" when the layout has no such node (the map grew since, the key was
	// deleted, nothing was produced yet).
	StartNode string `json:"startNode"`
	LastNode  string `json:"lastNode"`

	// Until the range is done, the lab's iteration, its keys as text, and the id of the node
	// where it started ("" when the layout has none).
	next func() (string, bool)
	stop func() // nil when the iteration needs no ending
	node func() string
}

// end ends the range, and the lab's iteration.
func (r *RangeState) end() {
	if r.stop != nil {
		r.stop()
	}
	r.next, r.stop, r.node, r.Done = nil, nil, nil, true
}

// side is one lab's map, whatever its key type.
type side interface {
	name() string
	title() string
	put(k string) error
	del(k string) error
	Clear()
	evacuate() []string
	Counters() [][2]string
	LayoutText() string
	LayoutMermaid() string
	snap() any // a snapshot of what a growth changes, to compare with sameShape
	// describe says what one write (a put or a delete of one key) changed in the map's shape;
	// progress, how far a growth in progress went since a snapshot; clearEvents, what a clear
	// ended.
	describe(before, after any) []string
	progress(since, now any) []string
	clearEvents(before any) []string
	startRange(r1, r2 uint64) *RangeState
}

// Session is the explorer's state: two maps that receive the same operations.
type Session struct {
	cfg    Config
	rng    *rand.Rand
	sides  []side
	keys   map[string]bool // what the maps should hold: every key put and not deleted since
	ops    []string
	last   [][]string    // each side's events of the last operation
	since  []any         // each side's snapshot after its last write with events, or at the operation's start
	ranges []*RangeState // each side's range, from the last range operation
	err    string
	took   time.Duration
	next   int // the next key "grow" puts: the smallest number not yet used
}

// NewSession returns a session with two empty maps.
func NewSession(cfg Config) (*Session, error) {
	cfg.Keys = cmp.Or(cfg.Keys, "int")
	cfg.Hash = cmp.Or(cfg.Hash, "fixed")
	s := &Session{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x6d61_7073)), keys: map[string]bool{}, next: 1,
		last: make([][]string, 2), since: make([]any, 2), ranges: make([]*RangeState, 2)}
	switch cfg.Keys {
	case "int":
		s.sides = []side{newBuckets(parseInt), newSwiss(parseInt)}
	case "string":
		s.sides = []side{newBuckets(parseString), newSwiss(parseString)}
	default:
		return nil, fmt.Errorf("keys %q: want int or string", cfg.Keys)
	}
	hash, ok := hashHooks[cfg.Hash]
	if !ok {
		return nil, fmt.Errorf("hash %q: want fixed, seeded or collide", cfg.Hash)
	}
	buckets.SetHashHook(hash[0])
	swiss.SetHashHook(hash[1])
	return s, nil
}

// hashHooks are the hash hooks of the two labs for each Config.Hash: nil for the maps' own
// seeded hash (step 9).
var hashHooks = map[string][2]func(any) uint64{
	"seeded": {},
	"fixed":  {spreadHash, mixHash},
	// Classic: the low 4 bits choose the bucket while B <= 4, so zero them and every key lands
	// in one bucket of 16: overflow chains. Swiss: the low bits of H1 (hash >> 7) choose the
	// first group, so zero 4 of them: long probes. The top bits stay mixed, so a Swiss table
	// still splits its keys in two.
	"collide": {
		func(k any) uint64 { return spreadHash(k) &^ 0xf },
		func(k any) uint64 { return mixHash(k) &^ (0xf << 7) },
	},
}

// The fixed hashes are the ones the labs' layout samples use, so that the explorer draws the
// chapters' diagrams exactly: lab 02's spreadHash (the SplitMix64 finalizer) and lab 03's mix
// (a multiplication by 2^64 divided by the golden ratio). A string key is first hashed with
// FNV-1a.
func spreadHash(key any) uint64 {
	x := keyBits(key) + 0x9e37_79b9_7f4a_7c15
	x = (x ^ x>>30) * 0xbf58_476d_1ce4_e5b9
	x = (x ^ x>>27) * 0x94d0_49bb_1331_11eb
	return x ^ x>>31
}

func mixHash(key any) uint64 { return keyBits(key) * 0x9e37_79b9_7f4a_7c15 }

func keyBits(key any) uint64 {
	if k, ok := key.(string); ok {
		h := fnv.New64a()
		h.Write([]byte(k))
		return h.Sum64()
	}
	return uint64(key.(int64)) // the explorer's maps have int64 or string keys
}

// keyOf returns the key of number n for this session's key type: n itself, or "k" and n.
func (s *Session) keyOf(n int) string {
	if s.cfg.Keys == "string" {
		return "k" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// maxKeys bounds a map's size: the page draws every slot of a map of a few hundred keys, and
// the explorer is for watching, not for benchmarks.
const maxKeys = 5000

// Do applies one operation to both maps:
//
//	put K         put key K (a number, or for string keys any text without spaces)
//	put A-B       put the keys of the numbers A to B
//	rand N        put N random keys (numbers below 1,000,000)
//	del K         delete key K
//	clear         clear both maps
//	grow buckets  put the next unused keys until the classic map's shape changes
//	grow swiss    the same, until the Swiss map's shape changes
//	evac          the classic map evacuates its old bucket at nevacuate (one step of a growth)
//	range [R1 R2] start a range over each map (R1 and R2 choose the starts; random if left out)
//	next          produce the next entry of each map's range
//	stop          end the ranges
//
// A refused operation is not recorded in the state's Ops, and sets its Error. Each refuses before
// it changes anything, except grow, which stops where the maps reach the explorer's limit of
// keys.
func (s *Session) Do(op string) error {
	start := time.Now()
	for i, sd := range s.sides {
		s.since[i] = sd.snap()
		s.last[i] = []string{}
	}
	f := strings.Fields(op)
	err := s.do(f)
	s.took = time.Since(start)
	s.err = ""
	if err != nil {
		s.err = err.Error()
		return err
	}
	s.ops = append(s.ops, strings.Join(f, " "))
	for i, sd := range s.sides {
		s.last[i] = append(s.last[i], sd.progress(s.since[i], sd.snap())...)
		if len(s.last[i]) == 0 {
			s.last[i] = nil
		}
	}
	return nil
}

// write applies one write to each side and adds what it changed in the map's shape to the
// events of the operation, each line led by the write (as in "put 14: "), so that every growth
// of an operation has its own note.
func (s *Session) write(what string, f func(side) error) error {
	for i, sd := range s.sides {
		before := sd.snap()
		if err := f(sd); err != nil {
			return err
		}
		after := sd.snap()
		ev := sd.describe(before, after) // none when the shape is the same
		for _, e := range ev {
			s.last[i] = append(s.last[i], what+": "+e)
		}
		if len(ev) > 0 {
			s.since[i] = after
		}
	}
	return nil
}

func (s *Session) do(f []string) error {
	if len(f) == 0 {
		return fmt.Errorf("no operation")
	}
	op, ok := operations[f[0]]
	if !ok {
		return fmt.Errorf("unknown operation %q: want one of put, rand, del, clear, grow, evac, range, next, stop", f[0])
	}
	if op.args >= 0 && len(f) != op.args+1 {
		return argCount(f, op.args, op.usage)
	}
	return op.run(s, f)
}

// operations are the operations of Do: how many arguments each takes (-1: range, which checks
// its own), an example of it, and what it does with the fields of its line (the operation's
// name, then its arguments).
var operations = map[string]struct {
	args  int
	usage string
	run   func(s *Session, f []string) error
}{
	"put":  {1, "put 7, or put 1-9", (*Session).putKeys},
	"rand": {1, "rand 100", (*Session).putRandom},
	"del": {1, "del 7", func(s *Session, f []string) error {
		if err := s.write("del "+f[1], func(sd side) error { return sd.del(f[1]) }); err != nil {
			return err
		}
		delete(s.keys, f[1])
		return nil
	}},
	"clear": {0, "clear", func(s *Session, _ []string) error {
		for i, sd := range s.sides {
			s.last[i] = append(s.last[i], sd.clearEvents(sd.snap())...)
			sd.Clear()
			s.since[i] = sd.snap()
		}
		clear(s.keys)
		return nil
	}},
	"grow": {1, "grow buckets", (*Session).grow},
	"evac": {0, "evac", func(s *Session, _ []string) error {
		for i, sd := range s.sides {
			s.last[i] = sd.evacuate()
			s.since[i] = sd.snap()
		}
		return nil
	}},
	"range": {-1, "range", (*Session).startRanges},
	"next": {0, "next", func(s *Session, _ []string) error { // each range produces its next entry, until it is done
		if s.ranges[0] == nil || s.ranges[0].Done && s.ranges[1].Done {
			return fmt.Errorf("no range in progress: start one with range")
		}
		for _, r := range s.ranges {
			if r.Done {
				continue
			}
			if k, ok := r.next(); ok {
				r.Produced = append(r.Produced, k)
			} else {
				r.end()
			}
		}
		return nil
	}},
	"stop": {0, "stop", func(s *Session, _ []string) error {
		for _, r := range s.ranges {
			if r != nil {
				r.end()
			}
		}
		return nil
	}},
}

func argCount(f []string, n int, usage string) error {
	return fmt.Errorf("%s takes %d argument(s), as in: %s", f[0], n, usage)
}

var errFull = fmt.Errorf("the explorer holds at most %d keys: clear the maps first", maxKeys)

func (s *Session) putKeys(f []string) error {
	keys := []string{f[1]}
	lo, hi, _ := strings.Cut(f[1], "-")
	x, err1 := strconv.Atoi(lo)
	y, err2 := strconv.Atoi(hi)
	switch {
	case err1 == nil && err2 == nil:
		if x > y || y-x >= maxKeys {
			return fmt.Errorf("put %s: want A-B with A <= B and at most %d keys", f[1], maxKeys)
		}
		keys = nil
		for n := x; n <= y; n++ {
			keys = append(keys, s.keyOf(n))
		}
	case strings.Contains(f[1], ","):
		return fmt.Errorf("put %s: a key may not hold a comma (the page's link separates operations with commas)", f[1])
	}
	if len(s.keys)+len(keys) > maxKeys {
		return errFull
	}
	for _, k := range keys {
		if err := s.put(k); err != nil {
			return err
		}
	}
	return nil
}

func (s *Session) putRandom(f []string) error {
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || len(s.keys)+n > maxKeys {
		return fmt.Errorf("rand %s: want a count from 1 to %d (the explorer holds at most %d keys)", f[1], maxKeys-len(s.keys), maxKeys)
	}
	for range n {
		if err := s.put(s.keyOf(s.rng.IntN(1_000_000))); err != nil {
			return err
		}
	}
	return nil
}

func (s *Session) put(k string) error {
	if err := s.write("put "+k, func(sd side) error { return sd.put(k) }); err != nil {
		return err
	}
	s.keys[k] = true
	return nil
}

// grow is grow buckets and grow swiss: it puts the next unused keys until the named map's shape
// changes.
func (s *Session) grow(f []string) error {
	i := slices.IndexFunc(s.sides, func(sd side) bool { return sd.name() == f[1] })
	if i < 0 {
		return fmt.Errorf("grow %s: want grow buckets or grow swiss", f[1])
	}
	shape := s.sides[i].snap()
	for sameShape(s.sides[i].snap(), shape) {
		if len(s.keys) >= maxKeys {
			return errFull
		}
		for s.keys[s.keyOf(s.next)] {
			s.next++
		}
		if err := s.put(s.keyOf(s.next)); err != nil {
			return err
		}
	}
	return nil
}

// startRanges is range [R1 R2]. It draws the two random starts first, for a range given its
// starts and for a refused one too: either way the session's random numbers move on.
func (s *Session) startRanges(f []string) error {
	r1, r2 := s.rng.Uint64(), s.rng.Uint64()
	if len(f) == 3 {
		var err1, err2 error
		r1, err1 = strconv.ParseUint(f[1], 0, 64)
		r2, err2 = strconv.ParseUint(f[2], 0, 64)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("range %s %s: want two unsigned numbers", f[1], f[2])
		}
	} else if len(f) != 1 {
		return argCount(f, 0, "range")
	}
	for i, sd := range s.sides {
		if s.ranges[i] != nil {
			s.ranges[i].end()
		}
		s.ranges[i] = sd.startRange(r1, r2)
	}
	return nil
}

// State returns what the page draws.
func (s *Session) State() State {
	st := State{Config: s.cfg, Ops: append([]string{}, s.ops...), Error: s.err, Keys: slices.Collect(maps.Keys(s.keys)),
		Millis: float64(s.took.Microseconds()) / 1000}
	sortKeys(st.Keys)
	for i, sd := range s.sides {
		m := MapState{Name: sd.name(), Title: sd.title(), Counters: sd.Counters(), Text: sd.LayoutText(),
			Mermaid: sd.LayoutMermaid(), Events: s.last[i]}
		if r := s.ranges[i]; r != nil {
			rs := *r
			if !r.Done {
				rs.StartNode = r.node()
				if n := len(r.Produced); n > 0 {
					rs.LastNode = nodeOfKey(m.Mermaid, r.Produced[n-1])
				}
			}
			m.Range = &rs
		}
		st.Maps = append(st.Maps, m)
	}
	return st
}

// JSON returns State as JSON.
func (s *Session) JSON() string {
	data, _ := json.Marshal(s.State()) // strings, numbers and bools: it cannot fail
	return string(data)
}

// sortKeys sorts keys by number where both are numbers (or "k" and a number), else as text.
func sortKeys(keys []string) {
	slices.SortFunc(keys, func(a, b string) int {
		x, errx := strconv.Atoi(strings.TrimPrefix(a, "k"))
		y, erry := strconv.Atoi(strings.TrimPrefix(b, "k"))
		if errx == nil && erry == nil && x != y {
			return cmp.Compare(x, y)
		}
		return strings.Compare(a, b)
	})
}
