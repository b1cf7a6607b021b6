// Package zh is the zh command. The Chinese edition (chapters/zh/) translates the English book
// page by page. Each Chinese page records, in its front matter, the English page it translates and a hash of each of that
// page's sections as they were when it was translated:
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
// the page's title, its # heading, which no link names). `zh`
// compares the records with the English pages: a section changed, added or removed since the
// translation, an English page with no Chinese twin, or Chinese headings that no longer follow
// the English ones fail it, each with the page and the sections named. After translating the
// change, `zh -stamp PAGE` records the English page as it now is.
package zh

import (
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
		Long:  "check that the Chinese edition (chapters/zh/) is in step with the English book: every English page has a Chinese twin, and no section of an English page changed since its twin translated it (each twin records the hashes of the English sections it translates); it names each page and section that changed. It also fails on a run of four or more English words in a Chinese page, or in a file it includes, outside code, names and quotes. -stamp PAGE records, after a translation, the English page as it now is",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&stamp, "stamp", false, "record, in each Chinese `PAGE` named (02-buckets.md), the English page as it is now: after translating its changes")
		},
		Run: func(_ context.Context, io cli.IO, args []string) error {
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			if stamp {
				return Stamp(io.Stdout, root, args)
			}
			if len(args) > 0 {
				return cli.Usagef("zh: unexpected argument %q (zh -stamp PAGE records a page)", args[0])
			}
			return Check(io.Stdout, root)
		},
	}
}

// Stamp records, in each Chinese page named, the English page as it is now.
func Stamp(stdout io.Writer, root string, pages []string) error {
	if len(pages) == 0 {
		return cli.Usagef("zh -stamp: name the pages translated, as in: zh -stamp 02-buckets.md")
	}
	for _, page := range pages {
		page = strings.TrimPrefix(filepath.ToSlash(page), "chapters/")
		page = strings.TrimPrefix(page, "zh/")
		if err := zhStamp(root, page); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "chapters/zh/%s: now records chapters/%s as it is\n", page, page)
	}
	return nil
}

// Check prints each Chinese page that is not in step with the English book and each run of
// English words in the Chinese edition's prose (english.go), and fails when there is one.
func Check(stdout io.Writer, root string) error {
	problems, pages, err := zhCheck(root)
	if err != nil {
		return err
	}
	runs, err := englishRuns(root)
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	for _, r := range runs {
		fmt.Fprintln(stdout, r)
	}
	var failed []string
	if len(problems) > 0 {
		failed = append(failed, fmt.Sprintf("%d of %d Chinese pages are not in step with the English book", len(problems), pages))
	}
	if len(runs) > 0 {
		what := "runs"
		if len(runs) == 1 {
			what = "run"
		}
		failed = append(failed, fmt.Sprintf("%d %s of English words in the Chinese edition's prose", len(runs), what))
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	fmt.Fprintf(stdout, "zh: all %d English pages have a Chinese twin in step with them, and the Chinese pages have no run of %d English words outside code, names and quotes\n", pages, minRun)
	return nil
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

// splitFrontMatter returns a page's front matter lines (without the --- lines) and its body.
func splitFrontMatter(text string) (front []string, body string) {
	if !strings.HasPrefix(text, "---\n") {
		return nil, text
	}
	rest := text[len("---\n"):]
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		return nil, text
	}
	return strings.Split(rest[:end], "\n"), rest[end+len("\n---\n"):]
}

// sections splits a page's body at its headings (outside fenced code). Text before the first
// heading belongs to a section with the id "".
func sections(body string) []section {
	var out []section
	var cur []string
	id, title, level, explicit := "", "", 0, false
	used := map[string]int{}
	flush := func() {
		text := strings.TrimRight(strings.Join(cur, "\n"), "\n ")
		if id == "" && strings.TrimSpace(text) == "" {
			return
		}
		sum := sha256.Sum256([]byte(text))
		out = append(out, section{level: level, id: id, title: title, hash: hex.EncodeToString(sum[:6]), explicit: explicit})
	}
	fence := ""
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		line = strings.TrimRight(line, " \t")
		if m := fenceRE.FindStringSubmatch(line); m != nil {
			switch {
			case fence == "":
				fence = m[1]
			case strings.HasPrefix(strings.TrimSpace(line), fence) && strings.Trim(strings.TrimSpace(line), fence[:1]) == "":
				fence = ""
			}
		}
		if m := headingRE.FindStringSubmatch(line); m != nil && fence == "" {
			flush()
			cur = nil
			title, level = m[2], len(m[1])
			explicit = false
			if a := attrIDRE.FindStringSubmatchIndex(title); a != nil {
				id = title[a[2]:a[3]]
				title = title[:a[0]]
				explicit = true
			} else {
				id = heading.Slug(title)
				// As the toc extension does: a second heading with the same id gets _1.
				if n := used[id]; n > 0 {
					id = fmt.Sprintf("%s_%d", id, n)
				}
			}
			used[id]++
		}
		cur = append(cur, line)
	}
	flush()
	return out
}

// record reads the record in a Chinese page's front matter: the English page it translates and
// the hashes of that page's sections when it was translated, in order (the text before the first
// heading, written `""`, has the id ""). other is the rest of the
// front matter (such as hide:), which stamping keeps.
func record(front []string) (translates string, recorded []section, other []string) {
	in := false
	for _, line := range front {
		switch {
		case strings.HasPrefix(line, "translates:"):
			translates = strings.TrimSpace(strings.TrimPrefix(line, "translates:"))
			in = false
		case strings.HasPrefix(line, "sections:"):
			in = true
		case in && strings.HasPrefix(line, "  "):
			k, v, _ := strings.Cut(strings.TrimSpace(line), ":")
			recorded = append(recorded, section{id: strings.Trim(k, `"`), hash: strings.TrimSpace(v)})
		default:
			in = false
			other = append(other, line)
		}
	}
	return translates, recorded, other
}

// zhStamp writes into chapters/zh/page the record of chapters/page as it is now, keeping the
// page's other front matter.
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
		id := s.id
		if id == "" {
			id = `""`
		}
		fmt.Fprintf(&b, "  %s: %s\n", id, s.hash)
	}
	b.WriteString("---\n")
	b.WriteString(body)
	return os.WriteFile(zhPath, []byte(b.String()), 0o644)
}

// zhCheck compares every Chinese page with the English page it translates; it returns one
// problem per page that is not in step, and the number of English pages.
func zhCheck(root string) (problems []string, pages int, err error) {
	enPages, err := filepath.Glob(filepath.Join(root, "chapters", "*.md"))
	if err != nil {
		return nil, 0, err
	}
	if len(enPages) == 0 {
		return nil, 0, errors.New("chapters/ has no pages")
	}
	for _, p := range enPages {
		page := filepath.Base(p)
		if msg := zhPageProblem(root, page); msg != "" {
			problems = append(problems, msg)
		}
	}
	zhPages, err := filepath.Glob(filepath.Join(root, "chapters", "zh", "*.md"))
	if err != nil {
		return nil, 0, err
	}
	for _, p := range zhPages {
		page := filepath.Base(p)
		if !slices.Contains(zhOnly, page) && !base.IsFile(filepath.Join(root, "chapters", page)) {
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
	name := func(s section) string {
		if s.id == "" {
			return "the text before the first heading"
		}
		return fmt.Sprintf("%q (#%s)", s.title, s.id)
	}
	seen := map[string]bool{}
	for _, s := range now {
		seen[s.id] = true
		h, ok := was[s.id]
		switch {
		case !ok:
			added = append(added, name(s))
		case h != s.hash:
			changed = append(changed, name(s))
		}
	}
	for _, s := range recorded {
		if !seen[s.id] {
			gone = append(gone, "#"+s.id)
		}
	}
	var parts []string
	for _, p := range []struct {
		what  string
		names []string
	}{{"changed: ", changed}, {"new: ", added}, {"removed: ", gone}} {
		if len(p.names) > 0 {
			parts = append(parts, p.what+strings.Join(p.names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// headingIDProblem checks that the Chinese headings keep the English ids, in the same order:
// links and the sections depend on it. Not the page's title (its # heading), which no link
// names, and whose source text mkdocs takes for the page's title, { #id } and all.
func headingIDProblem(page string, en, zh []section) string {
	var enIDs, zhIDs []string
	for _, s := range en {
		if s.level > 1 {
			enIDs = append(enIDs, s.id)
		}
	}
	for _, s := range zh {
		switch {
		case s.level > 1 && s.explicit:
			zhIDs = append(zhIDs, s.id)
		case s.level > 1:
			zhIDs = append(zhIDs, "") // a Chinese title's own id would be its ASCII, if any
		}
	}
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
