// Package claims is the one source of chapter 09: every concrete technical claim of the three
// seed posts, with a verdict, the evidence for it and the test or program that checks it.
//
// The rows live in s0.go, s1.go and s2.go, one file per post, in the order the claims appear;
// the claims of the most-read references on Go maps (the page "What you may have read
// elsewhere") in r1.go, r2.go, r3.go and r5.go, listed in refs.go.
// The chapter's tables are generated from them (go run ./chapters/code/09-claims/table), and
// claims_test.go fails when a row has no evidence or no test, when a test names no row, or when
// a piece of evidence is no longer where the row says it is.
package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A Claim is one concrete statement of a post that can be checked: about Go, its runtime, its
// tools, a library or Kubernetes.
type Claim struct {
	// ID is the post, then the order of appearance in it: "S0-01". Posts are S0 (the informer
	// race), S1 (the reconcile hot loop) and S2 (the growing ConfigMap); references are R1, R2...
	// (see References).
	ID string
	// Section is the section of the post, as the post numbers it, with an English title:
	// "2.1 The hmap and its growth".
	Section string
	// Claim is a short English paraphrase that keeps the claim's meaning exactly (markdown).
	Claim string
	// Quote is the post's own words, short, where the wording matters (optional).
	Quote string
	// Verdict is the ruling, on the fixed scale below.
	Verdict Verdict
	// Ruling says what is true, in a sentence or two (markdown): for a version-dependent claim,
	// which versions; for a misleading one, the right lesson; for an uncheckable one, what is
	// missing; for an API that does not exist, what does.
	Ruling string
	// Evidence is what the ruling rests on: source lines at named versions, a sentence of the
	// spec or of release notes, a line of a course program's output. At least one.
	Evidence []Evidence
	// Test is the Go test that checks the claim, in a package under chapters/code/09-claims; its
	// name starts with "Test" and the ID with "-" replaced by "_": TestS0_01_NilMapReadsWork.
	// Only a claim that cannot be checked as stated may have none.
	Test string
	// Program is a course command that also shows the claim (optional): a line of a
	// chapters/out/*.cmd file, such as "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal".
	Program string
	// Teach links the chapter section that teaches the true fact: "05-iteration.md#the-spec".
	Teach string
	// Held says on which Go versions the claim was true, for the claims of a reference (R rows,
	// whose verdict is for the current release, Go 1.27): "Go 1.0 to 1.23, and 1.24-1.25 with
	// GOEXPERIMENT=noswissmap", "every version", "none".
	Held string

	// The Chinese edition of chapter 09 (chapters/zh/09-claims.md) shows, for each claim of a
	// post, the post's own words and the ruling in Chinese, from these fields.

	// Original is the post's own sentence that makes the claim, in Chinese, exactly as the post
	// writes it (the shortest part of the sentence that makes the claim): the Chinese table shows
	// it where the English one shows Claim.
	Original string
	// SectionZh is the post's own heading of Section, in Chinese, as the post writes it.
	SectionZh string
	// RulingZh is Ruling in Simplified Chinese (markdown), with the terms of the glossary
	// (chapters/zh/glossary.md).
	RulingZh string

	// The Chinese edition of the page "What you may have read elsewhere" (chapters/zh/elsewhere.md)
	// shows, for each claim of a reference, SectionZh, RulingZh and these two; the reference's own
	// words, where they matter, are Quote, as in the English page.

	// ClaimZh is Claim in Simplified Chinese (markdown): a Chinese paraphrase (中文转述) of the
	// reference's statement, which the page marks as such.
	ClaimZh string
	// HeldZh is Held in Simplified Chinese.
	HeldZh string
}

// Verdict is the fixed scale of rulings.
type Verdict int

const (
	_ Verdict = iota
	// True: the claim holds as stated, on the versions the course runs.
	True
	// SomeVersions: true only for some versions; the ruling says which.
	SomeVersions
	// Misleading: the words are true, the lesson is wrong; the ruling says what is true.
	Misleading
	// False: the claim does not hold.
	False
	// Uncheckable: cannot be checked as stated; the ruling says what is missing (hardware,
	// version, code).
	Uncheckable
	// NoSuchAPI: names an API (a function, type, field, flag or variable) that does not exist;
	// the evidence says at which versions it was looked for.
	NoSuchAPI
)

// Verdicts lists the scale in the order the chapter uses.
var Verdicts = []Verdict{True, SomeVersions, Misleading, False, Uncheckable, NoSuchAPI}

func (v Verdict) String() string {
	switch v {
	case True:
		return "true"
	case SomeVersions:
		return "true only for some versions"
	case Misleading:
		return "misleading"
	case False:
		return "false"
	case Uncheckable:
		return "cannot be checked as stated"
	case NoSuchAPI:
		return "names an API that does not exist"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Posts names the three seed posts, by the prefix of their claims' IDs.
var Posts = []Post{
	{"S0", "Post 1: a map of Pod states raced by informer handlers",
		"【K8s控制器开发避坑】:使用map存储Pod状态引发的竞态条件,竟让etcd watch流中断超时"},
	{"S1", "Post 2: map iteration and the endless Reconcile",
		"Kubernetes controller中map遍历引发Reconcile死循环?3行代码修复方案+etcd watch event顺序保障原理"},
	{"S2", "Post 3: the ConfigMap that grows because keys are never deleted",
		"【P0级故障预警】:K8s Operator中map key删除遗漏导致ConfigMap无限扩增的完整溯源(含kubectl debug命令集)"},
}

// A Post is one seed post.
type Post struct {
	Prefix string // "S0"
	Title  string // English, for the chapter
	Orig   string // the post's own title
}

// A Reference is a widely read text about Go maps (a book, a Q&A, notes), ruled on claim by
// claim for the current release on the page "What you may have read elsewhere".
type Reference struct {
	Prefix  string // "R1"
	Title   string // English, for the page and for the list of references not ruled on
	Where   string // where the text is read (markdown): "golang-design/go-questions, `content/map/`"
	Readers string // who reads it
	Version string // the Go version it describes, from its own text (or what its text shows)
	// Rows are its claims, in order of appearance; nil for a reference not ruled on.
	Rows []Claim
	// Unread says why a reference listed without rows is not ruled on (markdown, one sentence):
	// the page rules only on a text read at its own source, never on a second-hand copy. The
	// page and the counts table show it as "not ruled on: <Unread>". Empty for a reference ruled on.
	Unread string

	// The same in Simplified Chinese, for the Chinese edition of the page: each is the field of
	// its name without Zh, translated (names of works and quoted words stay as written). The page
	// shows TitleZh only for a reference not ruled on.
	TitleZh, WhereZh, ReadersZh, VersionZh, UnreadZh string
}

// Ruled reports whether the reference's claims have been ruled on.
func (r Reference) Ruled() bool { return len(r.Rows) > 0 }

// IsReference reports whether the claim is a reference's (R1-01) rather than a seed post's.
func (c Claim) IsReference() bool { return strings.HasPrefix(c.ID, "R") }

// All returns every claim, post by post and then reference by reference, in order.
func All() []Claim {
	all := slices.Concat(s0, s1, s2)
	for _, r := range References {
		all = append(all, r.Rows...)
	}
	return all
}

// PostClaims returns the claims of the seed posts only, in order.
func PostClaims() []Claim {
	return slices.Concat(s0, s1, s2)
}

// Of returns the claims of one post.
func Of(prefix string) []Claim {
	var out []Claim
	for _, c := range All() {
		if strings.HasPrefix(c.ID, prefix+"-") {
			out = append(out, c)
		}
	}
	return out
}

// ByID returns the claim with that ID.
func ByID(id string) (Claim, bool) {
	for _, c := range All() {
		if c.ID == id {
			return c, true
		}
	}
	return Claim{}, false
}

var testName = regexp.MustCompile(`^Test[SR][0-9]_[0-9]`)

var idPattern = regexp.MustCompile(`^(S[0-2]|R[1-9])-(\d\d)$`)

// TestPrefix is the prefix every test of this claim's name starts with: "TestS0_01".
func (c Claim) TestPrefix() string {
	return "Test" + strings.ReplaceAll(c.ID, "-", "_")
}

// Anchor is the claim's fragment in chapter 09: "s0-01".
func (c Claim) Anchor() string {
	return strings.ToLower(c.ID)
}
