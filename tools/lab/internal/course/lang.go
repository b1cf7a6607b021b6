package course

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/tools/internal/cli"
)

// A Lang is a language the runner speaks, one of the book's two: English, or Chinese for a
// reader of the Chinese edition. It is one rule for every command: -lang, else the locale (see
// LocaleLang). The runner's own sentences and the chapters they name follow it; what the runner
// quotes stays as written: the lab's test messages, the compiler's, the code's TODO comments.
type Lang string

const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// ParseLang reads the value of -lang; "" is the locale's language.
func ParseLang(s string) (Lang, error) {
	switch Lang(s) {
	case "":
		return LocaleLang(), nil
	case English, Chinese:
		return Lang(s), nil
	}
	return "", cli.Usagef("-lang %s: the book has en (English) and zh (Chinese)", s)
}

// LocaleLang is the runner's language when -lang does not say: Chinese when the locale (LC_ALL,
// else LC_MESSAGES, else LANG: the first that is set) starts with zh, English otherwise.
func LocaleLang() Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc := os.Getenv(v); loc != "" {
			if strings.HasPrefix(strings.ToLower(loc), "zh") {
				return Chinese
			}
			return English
		}
	}
	return English
}

// Pick is the one of a sentence's two versions that is in language l: en, or zh in Chinese. A
// Chinese format string that leaves out an argument (a plural's ending) numbers the ones it uses
// (%[1]d), so that fmt does not complain of the extra one.
func (l Lang) Pick(en, zh string) string {
	if l == Chinese {
		return zh
	}
	return en
}

// A Text is a sentence in each of the runner's languages, for a record kept between runs (the
// state list shows of a lab) that a later run may show in the other language.
type Text struct{ En, Zh string }

// In is the text in language l.
func (t Text) In(l Lang) string { return l.Pick(t.En, t.Zh) }

// Say makes a Text from a function that says it in a given language.
func Say(f func(Lang) string) Text { return Text{f(English), f(Chinese)} }

// Cmd is the command line that runs the lab runner's command args ("hint 03"), as a message in
// language l suggests it: with -lang after the command's name when l is not the locale's
// language, so that the command answers in l too.
func (l Lang) Cmd(args string) string {
	if l != "" && l != LocaleLang() {
		name, rest, _ := strings.Cut(args, " ")
		args = strings.TrimSpace(name + " -lang " + string(l) + " " + rest)
	}
	return "go run ./tools/lab " + args
}

// ChapterIn is the lab's chapter in language lang, relative to the root: chapters/NN-word.md,
// or its Chinese twin chapters/zh/NN-word.md.
func (l *Lab) ChapterIn(lang Lang) string {
	if lang == Chinese {
		return filepath.Join("chapters", "zh", l.Name+".md")
	}
	return l.Chapter()
}

// Plural is the ending of a count's noun: "" for 1, "s" for any other.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// FirstLine is the first line of s, trimmed of the space around it.
func FirstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// FirstError is the first line of what a failed go command printed, without the "# package"
// lines it puts above errors.
func FirstError(out string) string {
	lines := slices.DeleteFunc(strings.Split(out, "\n"), func(line string) bool { return strings.HasPrefix(line, "#") })
	return FirstLine(strings.Join(lines, "\n"))
}
