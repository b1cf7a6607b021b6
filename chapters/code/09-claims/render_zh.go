package claims

import (
	"fmt"
	"strings"
)

// The Chinese edition: chapter 09's claims of the seed posts (chapters/zh/09-claims.md) and the
// references' claims of the page "What you may have read elsewhere" (chapters/zh/elsewhere.md).

// Zh is the verdict's name in the Chinese edition (chapters/zh/glossary.md).
func (v Verdict) Zh() string {
	switch v {
	case True:
		return "成立"
	case SomeVersions:
		return "仅在部分版本成立"
	case Misleading:
		return "有误导性"
	case False:
		return "不成立"
	case Uncheckable:
		return "无法按原文检验"
	case NoSuchAPI:
		return "所称 API 不存在"
	}
	return v.String()
}

func (v Verdict) in(lang Lang) string {
	if lang == Chinese {
		return v.Zh()
	}
	return v.String()
}

// MissingZh lists the fields of the Chinese edition that the claim leaves empty: Original,
// SectionZh and RulingZh for a claim of a seed post; SectionZh, ClaimZh, HeldZh and RulingZh for a
// reference's.
func (c Claim) MissingZh() []string {
	fields := []zhField{{"Original", c.Original}, {"SectionZh", c.SectionZh}, {"RulingZh", c.RulingZh}}
	if c.IsReference() {
		fields = []zhField{{"SectionZh", c.SectionZh}, {"ClaimZh", c.ClaimZh}, {"HeldZh", c.HeldZh}, {"RulingZh", c.RulingZh}}
	}
	return missing(fields)
}

// A zhField is a field of the Chinese edition, by name.
type zhField struct{ name, v string }

// missing returns the names of the fields left empty.
func missing(fields []zhField) []string {
	var names []string
	for _, f := range fields {
		if strings.TrimSpace(f.v) == "" {
			names = append(names, f.name)
		}
	}
	return names
}

// UntranslatedError names the claims that the Chinese edition cannot show, and the fields each
// leaves empty.
type UntranslatedError struct {
	IDs     []string
	Missing map[string][]string // by ID
}

func (e *UntranslatedError) Error() string {
	var rows []string
	for _, id := range e.IDs {
		rows = append(rows, fmt.Sprintf("%s (%s)", id, strings.Join(e.Missing[id], ", ")))
	}
	return fmt.Sprintf("the Chinese edition needs the Chinese fields of every claim (Original, SectionZh and RulingZh for a seed post's; SectionZh, ClaimZh, HeldZh and RulingZh for a reference's), and %d claims leave some empty: %s",
		len(e.IDs), strings.Join(rows, "; "))
}

// untranslated returns an *UntranslatedError for the rows that lack a Chinese field, or nil.
func untranslated(rows []Claim) error {
	e := &UntranslatedError{Missing: map[string][]string{}}
	for _, c := range rows {
		if m := c.MissingZh(); len(m) > 0 {
			e.IDs = append(e.IDs, c.ID)
			e.Missing[c.ID] = m
		}
	}
	if len(e.IDs) == 0 {
		return nil
	}
	return e
}

// claimZh writes a claim in full for the Chinese edition: the post's heading and words, or the
// reference's place, its own words where the English page quotes them and a Chinese paraphrase
// of its statement (中文转述) with the versions it held on; then the verdict and the ruling in
// Chinese, and the same evidence, tests and links as the English page, the evidence's own words
// in Chinese.
func (rd *Renderer) claimZh(b *strings.Builder, c Claim) error {
	if m := c.MissingZh(); len(m) > 0 {
		return &UntranslatedError{IDs: []string{c.ID}, Missing: map[string][]string{c.ID: m}}
	}
	fmt.Fprintf(b, "\n<div class=\"claim\" id=\"%s\" markdown>\n\n", c.Anchor())
	if c.IsReference() {
		fmt.Fprintf(b, "**%s** · %s · Go 1.27 上：**%s**\n\n", c.ID, c.SectionZh, c.Verdict.Zh())
		if c.Quote != "" {
			fmt.Fprintf(b, "> %s\n\n", c.Quote)
		}
		fmt.Fprintf(b, "*论断（中文转述）：* %s\n\n", c.ClaimZh)
		fmt.Fprintf(b, "*成立于：* %s。\n\n", c.HeldZh)
	} else {
		fmt.Fprintf(b, "**%s** · §%s · **%s**\n\n", c.ID, plain(c.SectionZh), c.Verdict.Zh())
		fmt.Fprintf(b, "*原文：* %s\n\n", plain(strings.Join(strings.Fields(c.Original), " ")))
	}
	fmt.Fprintf(b, "*裁定：* %s\n\n", c.RulingZh)
	fmt.Fprintf(b, "*证据：*\n\n")
	if err := rd.evidence(b, c.Evidence, Chinese, c.RulingZh, "RulingZh"); err != nil {
		return err
	}
	by, ch, err := rd.checks(c)
	if err != nil {
		return err
	}
	if len(by) > 0 {
		fmt.Fprintf(b, "*检验：* %s。", strings.Join(by, " 和 "))
	}
	fmt.Fprintf(b, "*讲解见* [%s](%s)。\n\n</div>\n", rd.chapterTitle(ch), c.Teach)
	return nil
}

// MissingZh lists the fields of the Chinese edition that the reference leaves empty: WhereZh,
// ReadersZh and VersionZh for one ruled on, TitleZh and UnreadZh for one not ruled on (the page
// shows the title of a reference ruled on in its own heading).
func (r Reference) MissingZh() []string {
	fields := []zhField{{"WhereZh", r.WhereZh}, {"ReadersZh", r.ReadersZh}, {"VersionZh", r.VersionZh}}
	if !r.Ruled() {
		fields = []zhField{{"TitleZh", r.TitleZh}, {"UnreadZh", r.UnreadZh}}
	}
	return missing(fields)
}

// referenceZh is Reference in Chinese: it fails, naming them, when the reference or any of its
// claims lacks a Chinese field or a Chinese form of its evidence's words.
func (rd *Renderer) referenceZh(b *strings.Builder, r Reference) error {
	if m := r.MissingZh(); len(m) > 0 {
		return fmt.Errorf("reference %s: the Chinese page needs %s", r.Prefix, strings.Join(m, ", "))
	}
	if !r.Ruled() {
		fmt.Fprintf(b, "**%s**，%s：未作裁定：%s\n", r.Prefix, r.TitleZh, r.UnreadZh)
		return nil
	}
	if err := untranslated(r.Rows); err != nil {
		return fmt.Errorf("reference %s: %w", r.Prefix, err)
	}
	if err := untranslatedEvidence(r.Rows); err != nil {
		return fmt.Errorf("reference %s: %w", r.Prefix, err)
	}
	fmt.Fprintf(b, "**在哪里读到：** %s。**谁在读：** %s。**它描述的 Go 版本：** %s。\n\n", r.WhereZh, r.ReadersZh, r.VersionZh)
	fmt.Fprintf(b, "| 论断 | 位置 | 它说了什么（中文转述） | Go 1.27 上的裁定 | 成立于 |\n|---|---|---|---|---|\n")
	for _, c := range r.Rows {
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s | %s | %s |\n", c.ID, c.Anchor(), cell(c.SectionZh), cell(c.ClaimZh), c.Verdict.Zh(), cell(c.HeldZh))
	}
	for _, c := range r.Rows {
		if err := rd.claimZh(b, c); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
	}
	return nil
}

// plain escapes the characters of the post's own text that markdown would read as markup
// (the post's inline code lost its backquotes): it shows as written.
func plain(s string) string {
	return strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;").Replace(s)
}
