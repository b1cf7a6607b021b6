// The run buttons' list of outputs. This copy, built into the book, lists none: a book built by
// mkdocs build (opened from disk, or served by anything else) shows no run button. The book
// served by go run ./tools/course answers this file itself with the outputs it can run here
// (tools/course/internal/rerun); run.js reads window.courseRun.
