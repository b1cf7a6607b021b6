package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// short is a lab's state in the progress line: "ok", "-" (not started), "step 5/8",
// "3/7 tests" (passing, of a lab without steps), or the kind of trouble; in Chinese, "通过",
// "第 5/8 步", "3/7 个测试" and so on.
func short(r testrun.Record, lang course.Lang) string {
	switch {
	case r.Step > 0 && (r.Kind == testrun.KindAtStep || r.Kind == testrun.KindCrash):
		return fmt.Sprintf(lang.Pick("step %d/%d", "第 %d/%d 步"), r.Step, r.Steps)
	case r.Kind == testrun.KindFailing:
		return fmt.Sprintf(lang.Pick("%d/%d tests", "%d/%d 个测试"), r.Tests-r.Failing, r.Tests)
	}
	if t, ok := shortKinds[r.Kind]; ok {
		return t.In(lang)
	}
	return r.Kind
}

// shortKinds are the other kinds of state, as progress names them.
var shortKinds = map[string]course.Text{
	testrun.KindPassing:      {En: "ok", Zh: "通过"},
	testrun.KindNotStarted:   {En: "-", Zh: "-"},
	testrun.KindNotRun:       {En: "?", Zh: "?"},
	"":                       {En: "?", Zh: "?"},
	testrun.KindCrash:        {En: testrun.KindCrash, Zh: "崩溃"},
	testrun.KindBuildError:   {En: testrun.KindBuildError, Zh: "编译错误"},
	testrun.KindVetError:     {En: testrun.KindVetError, Zh: "vet 错误"},
	testrun.KindTestsChanged: {En: testrun.KindTestsChanged, Zh: "测试被改动"},
	testrun.KindCannotRun:    {En: testrun.KindCannotRun, Zh: "无法运行"},
}

// progressEntry is one lab in progress -json.
type progressEntry struct {
	Lab   string `json:"lab"`   // "03-swiss"
	State string `json:"state"` // one of testrun's Kind constants
	Step  int    `json:"step"`  // the step the learner is on; 0 when none
	Steps int    `json:"steps"` // the lab's last step; 0 for a lab without steps
}

// progressReport prints one line for the room's chat, "01 ok · 02 ok · 03 step 5/8 · 04 - · ...",
// or with asJSON an array of progressEntry, from the states list shows (and with its cache:
// only the labs changed since their last run are run).
func progressReport(ctx context.Context, c *course.Course, asJSON bool, w io.Writer) error {
	states, err := testrun.States(ctx, c, true)
	if err != nil {
		return err
	}
	if asJSON {
		entries := make([]progressEntry, len(states))
		for i, r := range states {
			entries[i] = progressEntry{Lab: c.Labs[i].Name, State: r.Kind, Step: r.Step, Steps: r.Steps}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	parts := make([]string, len(states))
	for i, r := range states {
		parts[i] = c.Labs[i].Num + " " + short(r, c.Lang)
	}
	fmt.Fprintln(w, strings.Join(parts, " · "))
	return nil
}
