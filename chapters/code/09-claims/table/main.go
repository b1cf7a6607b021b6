// Table prints the markdown of chapter 09 from the claims of package claims: with -counts the
// verdicts per post, with -post S0 (S1, S2) that post's table and every claim in full, each
// piece of evidence looked up again at the version it names. With -refcounts and -post R1 (R2...)
// it prints the same for the references of the page "What you may have read elsewhere".
// With -lang zh, each prints the same for the Chinese edition (chapters/zh/09-claims.md and
// chapters/zh/elsewhere.md): the post's own words and headings, or the reference's own words
// where they matter and a Chinese paraphrase of each claim, and the verdicts, rulings and the
// evidence's own words in Chinese; a claim, reference or piece of evidence without its Chinese
// form fails it.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/internal/gosrc"
)

func main() {
	log.SetPrefix("table: ")
	log.SetFlags(0)
	counts := flag.Bool("counts", false, "print the verdicts per post")
	refCounts := flag.Bool("refcounts", false, "print the verdicts on Go 1.27 per reference")
	post := flag.String("post", "", "print the claims of one `post` (S0, S1 or S2) or reference (R1, R2...)")
	langFlag := flag.String("lang", "en", "the `language` of the markdown: en, or zh for the Chinese edition")
	flag.Parse()
	lang, err := claims.ParseLang(*langFlag)
	if err != nil {
		log.Fatal(err)
	}
	r, err := gosrc.NewResolver()
	if err != nil {
		log.Fatal(err)
	}
	rd, err := claims.NewRenderer(r)
	if err != nil {
		log.Fatal(err)
	}
	rd.Lang = lang
	var b strings.Builder
	switch {
	case *counts:
		rd.Counts(&b)
	case *refCounts:
		if err := rd.RefCounts(&b); err != nil {
			log.Fatal(err)
		}
	case strings.HasPrefix(*post, "R"):
		found := false
		for _, ref := range claims.References {
			if ref.Prefix == *post {
				found = true
				if err := rd.Reference(&b, ref); err != nil {
					log.Fatal(err)
				}
			}
		}
		if !found {
			log.Fatalf("-post %s: no reference has that prefix", *post)
		}
	case *post != "":
		found := false
		for _, p := range claims.Posts {
			if p.Prefix == *post {
				found = true
				if err := rd.Post(&b, p); err != nil {
					log.Fatal(err)
				}
			}
		}
		if !found {
			log.Fatalf("-post %s: want S0, S1 or S2", *post)
		}
	default:
		fmt.Fprintln(os.Stderr, "usage: go run ./chapters/code/09-claims/table [-lang en|zh] -counts | -refcounts | -post S0|S1|S2|R1...")
		os.Exit(2)
	}
	fmt.Print(b.String())
}
