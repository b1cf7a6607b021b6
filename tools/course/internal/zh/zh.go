// Package zh is the zh command. The Chinese edition (chapters/zh/) translates the English book
// page by page. Each Chinese page records, in its front matter, the English page it translates
// and a hash of each of that page's sections as they were when it was translated:
//
//	---
//	translates: 02-buckets.md
//	sections:
//	  02-buckets-the-classic-map: 5e0c1d7a9b12
//	  the-shape-a-header-a-bucket-array-chains: 0a4f...
//	---
//
// A section is a heading with what follows it down to the next heading, keyed by the heading's
// id (the one the book gives it; the Chinese page gives its translated heading the same id, as
// in `## 第 1 步：… { #step-1-find-a-key-in-its-chain }`, so that links keep working; all but
// the page's title, its # heading, which no link names). `zh` compares the records with the
// English pages: a section changed, added or removed since the translation, an English page
// with no Chinese twin, or Chinese headings that no longer follow the English ones fail it, each
// with the page and the sections named. After translating the change, `zh -stamp PAGE` records
// the English page as it now is.
//
// Two more checks read the Chinese pages themselves: no run of English words is left in their
// prose (english.go), and every quotation they attribute to one of the seed posts is that
// post's own words, as chapter 09's cards show them (quotes.go).
package zh

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/labs/heading"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// zhOnly are the Chinese pages that translate no English page.
var zhOnly = []string{"glossary.md"}

// Command is the zh command.
func Command() *cli.Command {
	var stamp bool
	return &cli.Command{
		Name:  "zh",
		Usage: "[-stamp PAGE...]",
		Short: "check that the Chinese edition is in step with the English book",
		Long:  "check that the Chinese edition (chapters/zh/) is in step with the English book: every English page has a Chinese twin, and no section of an English page changed since its twin translated it (each twin records the hashes of the English sections it translates); it names each page and section that changed. It also fails on a run of four or more English words in a Chinese page, or in a file it includes, outside code, names and quotes; and on a quotation (“…”) in a sentence that links a claim of a seed post (09-claims.md#s0-23) or names the posts as saying it, which is not the words of a claim it links, as chapter 09's card shows them (原文). -stamp PAGE records, after a translation, the English page as it now is",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&stamp, "stamp", false, "record, in each Chinese `PAGE` named (02-buckets.md), the English page as it is now: after translating its changes")
		},
		Run: base.Run(func(_ context.Context, env *base.Env, args []string) error {
			switch {
			case stamp && len(args) == 0:
				return cli.Usagef("zh -stamp: name the pages translated, as in: zh -stamp 02-buckets.md")
			case !stamp && len(args) > 0:
				return cli.Usagef("zh: unexpected argument %q (zh -stamp PAGE records a page)", args[0])
			case !stamp:
				return Check(env.Stdout, env.Root)
			}
			// -stamp records, in each Chinese page named, the English page as it is now.
			for _, page := range args {
				page = strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(page), "chapters/"), "zh/")
				if err := zhStamp(env.Root, page); err != nil {
					return err
				}
				fmt.Fprintf(env.Stdout, "chapters/zh/%s: now records chapters/%s as it is\n", page, page)
			}
			return nil
		}),
	}
}

// Check prints what the three checks find, and fails when one finds something.
func Check(stdout io.Writer, root string) error {
	problems, pages, err := zhCheck(root)
	runs, err2 := englishRuns(root)
	misquotes, err3 := quotes(root)
	if err = cmp.Or(err, err2, err3); err != nil {
		return err
	}
	var failed []string
	report := func(found []string, one, many string) {
		for _, f := range found {
			fmt.Fprintln(stdout, f)
		}
		if n := len(found); n == 1 && one != "" {
			failed = append(failed, one)
		} else if n > 0 {
			failed = append(failed, fmt.Sprintf(many, n))
		}
	}
	report(problems, "", "%d of "+fmt.Sprint(pages)+" Chinese pages are not in step with the English book")
	report(lines(runs), "1 run of English words in the Chinese edition's prose", "%d runs of English words in the Chinese edition's prose")
	report(lines(misquotes), "1 quotation of the seed posts that is not their words", "%d quotations of the seed posts that are not their words")
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	fmt.Fprintf(stdout, "zh: all %d English pages have a Chinese twin in step with them, the Chinese pages have no run of %d English words outside code, names and quotes, and quote the seed posts only in their own words\n", pages, minRun)
	return nil
}

// lines is what each of list prints.
func lines[T fmt.Stringer](list []T) []string {
	var out []string
	for _, x := range list {
		out = append(out, x.String())
	}
	return out
}

// eachFile calls f with the name and text of each file of the course at root that glob (a
// slash path, as chapters/zh/*.md for the Chinese pages) matches.
func eachFile(root, glob string, f func(name, text string)) error {
	files, err := filepath.Glob(filepath.Join(root, glob))
	for _, p := range files {
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f(filepath.Base(p), string(text))
	}
	return err
}

// section is one heading of a page and what follows it, down to the next heading.
type section struct {
	level           int // of its heading: 1 to 6, 0 for the text before the first heading
	id, title, hash string
	explicit        bool // the heading gives its id ({ #id }) rather than taking its title's
}

var (
	headingRE = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*$`)
	attrIDRE  = regexp.MustCompile(`\s*\{\s*[^}]*#([A-Za-z0-9_:.-]+)[^}]*\}\s*$`)
	fenceRE   = regexp.MustCompile("^\\s*(`{3,}|~{3,})")
)

// fenced reports, for each line, whether it is a line of fenced code, the fences included.
func fenced(lines []string) []bool {
	in := make([]bool, len(lines))
	fence := ""
	for i, line := range lines {
		m, t := fenceRE.FindStringSubmatch(line), strings.TrimSpace(line)
		in[i] = fence != "" || m != nil
		if m != nil && fence == "" {
			fence = m[1]
		} else if m != nil && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			fence = ""
		}
	}
	return in
}

// splitFrontMatter returns a page's front matter lines (without the --- lines) and its body.
func splitFrontMatter(text string) (front []string, body string) {
	rest, ok := strings.CutPrefix(text, "---\n")
	front1, body, ok2 := strings.Cut(rest, "\n---\n")
	if !ok || !ok2 {
		return nil, text
	}
	return strings.Split(front1, "\n"), body
}

// sections splits a page's body at its headings (outside fenced code). Text before the first
// heading belongs to a section with the id "".
func sections(body string) []section {
	var out []section
	var cur []string
	s := section{}
	used := map[string]int{}
	flush := func() {
		text := strings.TrimRight(strings.Join(cur, "\n"), "\n ")
		if s.id != "" || strings.TrimSpace(text) != "" {
			sum := sha256.Sum256([]byte(text))
			s.hash = hex.EncodeToString(sum[:6])
			out = append(out, s)
		}
	}
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	code := fenced(lines)
	for i, line := range lines {
		line = strings.TrimRight(line, " \t")
		if m := headingRE.FindStringSubmatch(line); m != nil && !code[i] {
			flush()
			cur = nil
			s = section{level: len(m[1]), title: m[2]}
			if a := attrIDRE.FindStringSubmatchIndex(s.title); a != nil {
				s.id, s.title, s.explicit = s.title[a[2]:a[3]], s.title[:a[0]], true
			} else if s.id = heading.Slug(s.title); used[s.id] > 0 {
				s.id = fmt.Sprintf("%s_%d", s.id, used[s.id]) // as the toc extension does: a second heading with the same id gets _1
			}
			used[s.id]++
		}
		cur = append(cur, line)
	}
	flush()
	return out
}

// record reads the record in a Chinese page's front matter: the English page it translates and
// the hashes of that page's sections when it was translated, in order (the text before the first
// heading, written `""`, has the id ""). other is the rest of the front matter (such as hide:),
// which stamping keeps.
func record(front []string) (translates string, recorded []section, other []string) {
	in := false
	for _, line := range front {
		if t, ok := strings.CutPrefix(line, "translates:"); ok {
			translates, in = strings.TrimSpace(t), false
		} else if strings.HasPrefix(line, "sections:") {
			in = true
		} else if k, v, _ := strings.Cut(strings.TrimSpace(line), ":"); in && strings.HasPrefix(line, "  ") {
			recorded = append(recorded, section{id: strings.Trim(k, `"`), hash: strings.TrimSpace(v)})
		} else {
			in, other = false, append(other, line)
		}
	}
	return translates, recorded, other
}

// zhStamp writes into chapters/zh/page the record of chapters/page as it is now.
func zhStamp(root, page string) error {
	en, err := os.ReadFile(filepath.Join(root, "chapters", page))
	if err != nil {
		return fmt.Errorf("chapters/%s: no such English page", page)
	}
	zhPath := filepath.Join(root, "chapters", "zh", page)
	zh, err := os.ReadFile(zhPath)
	if err != nil {
		return fmt.Errorf("chapters/zh/%s: no such Chinese page: translate chapters/%s into it first", page, page)
	}
	_, enBody := splitFrontMatter(string(en))
	front, body := splitFrontMatter(string(zh))
	_, _, keep := record(front)
	var b strings.Builder
	b.WriteString("---\n")
	for _, line := range keep {
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "translates: %s\nsections:\n", page)
	for _, s := range sections(enBody) {
		fmt.Fprintf(&b, "  %s: %s\n", cmp.Or(s.id, `""`), s.hash)
	}
	b.WriteString("---\n" + body)
	return os.WriteFile(zhPath, []byte(b.String()), 0o644)
}

// zhCheck compares every Chinese page with the English page it translates; it returns one
// problem per page that is not in step, and the number of English pages.
func zhCheck(root string) (problems []string, pages int, err error) {
	enPages, _ := filepath.Glob(filepath.Join(root, "chapters", "*.md"))
	if len(enPages) == 0 {
		return nil, 0, errors.New("chapters/ has no pages")
	}
	for _, p := range enPages {
		if msg := zhPageProblem(root, filepath.Base(p)); msg != "" {
			problems = append(problems, msg)
		}
	}
	zhPages, _ := filepath.Glob(filepath.Join(root, "chapters", "zh", "*.md"))
	for _, p := range zhPages {
		if page := filepath.Base(p); !slices.Contains(zhOnly, page) && !base.IsFile(filepath.Join(root, "chapters", page)) {
			problems = append(problems, fmt.Sprintf("chapters/zh/%s: translates no English page (there is no chapters/%s); delete it, or add it to zhOnly in tools/course/internal/zh/zh.go if it is the Chinese edition's own", page, page))
		}
	}
	return problems, len(enPages), nil
}

func zhPageProblem(root, page string) string {
	stampCmd := "go run ./tools/course zh -stamp " + page
	en, err := os.ReadFile(filepath.Join(root, "chapters", page))
	if err != nil {
		return err.Error()
	}
	zh, err := os.ReadFile(filepath.Join(root, "chapters", "zh", page))
	if err != nil {
		return fmt.Sprintf("chapters/%s has no Chinese twin: translate it into chapters/zh/%s (the glossary is chapters/zh/glossary.md), then run %s", page, page, stampCmd)
	}
	_, enBody := splitFrontMatter(string(en))
	front, zhBody := splitFrontMatter(string(zh))
	translates, recorded, _ := record(front)
	if translates != page || len(recorded) == 0 {
		return fmt.Sprintf("chapters/zh/%s records no English page it translates (translates: and sections: in its front matter): when it is a translation of chapters/%s as it is now, run %s", page, page, stampCmd)
	}
	now := sections(enBody)
	if changes := sectionChanges(now, recorded); changes != "" {
		return fmt.Sprintf("chapters/%s changed since chapters/zh/%s translated it; %s. Translate the change (git log -p chapters/%s shows it), then run %s", page, page, changes, page, stampCmd)
	}
	return headingIDProblem(page, now, sections(zhBody))
}

// sectionChanges says which sections of an English page changed, appeared or went away since
// the translation recorded them, or "".
func sectionChanges(now, recorded []section) string {
	was := map[string]string{}
	for _, s := range recorded {
		was[s.id] = s.hash
	}
	var changed, added, gone []string
	for _, s := range now {
		name := fmt.Sprintf("%q (#%s)", s.title, s.id)
		if s.id == "" {
			name = "the text before the first heading"
		}
		if h, ok := was[s.id]; !ok {
			added = append(added, name)
		} else if h != s.hash {
			changed = append(changed, name)
		}
		delete(was, s.id)
	}
	for _, s := range recorded {
		if _, ok := was[s.id]; ok {
			gone = append(gone, "#"+s.id)
		}
	}
	var parts []string
	for i, names := range [][]string{changed, added, gone} {
		if len(names) > 0 {
			parts = append(parts, []string{"changed: ", "new: ", "removed: "}[i]+strings.Join(names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// headingIDProblem checks that the Chinese headings keep the English ids, in the same order:
// links and the sections depend on it. Not the page's title (its # heading), which no link
// names, and whose source text mkdocs takes for the page's title, { #id } and all.
func headingIDProblem(page string, en, zh []section) string {
	ids := func(ss []section, onlyExplicit bool) []string {
		var ids []string
		for _, s := range ss {
			if s.level > 1 && (s.explicit || !onlyExplicit) {
				ids = append(ids, s.id)
			} else if s.level > 1 {
				ids = append(ids, "") // a Chinese title's own id would be its ASCII, if any
			}
		}
		return ids
	}
	enIDs, zhIDs := ids(en, false), ids(zh, true)
	for i := range max(len(enIDs), len(zhIDs)) {
		if i < len(enIDs) && i < len(zhIDs) && enIDs[i] == zhIDs[i] {
			continue
		}
		e, z := "none", "no heading"
		if i < len(enIDs) {
			e = "#" + enIDs[i]
		}
		if i < len(zhIDs) {
			z = "the id #" + zhIDs[i]
			if zhIDs[i] == "" {
				z = "no id"
			}
		}
		return fmt.Sprintf("chapters/zh/%s: heading %d has %s where the English page's has %s: each Chinese heading ends with its English twin's id, as in ## 标题 { #the-english-id }", page, i+1, z, e)
	}
	return ""
}
