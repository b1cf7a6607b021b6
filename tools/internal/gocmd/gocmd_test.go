package gocmd

import (
	"context"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/lanes"
)

// TestOnLane: a lane's go command carries the lane's settings, after the process's, so they
// win whatever lane variables the process's environment holds; With adds settings that win over
// the lane's.
func TestOnLane(t *testing.T) {
	l := lanes.Classic()
	g := OnLane(l).With("GOFLAGS=-count=1")
	env := g.Command(context.Background(), "version").Env
	for _, want := range append(l.Env(), "GOFLAGS=-count=1") {
		key, _, _ := strings.Cut(want, "=")
		if got, ok := lastSetting(env, key); !ok || got != want {
			t.Errorf("the command's last %s= is %q, not %s: %q", key, got, want, env[max(0, len(env)-6):])
		}
	}
	if m, err := Named(""); err != nil || m.Lane != "" || len(m.Env) != 0 {
		t.Errorf(`Named("") = %+v, %v; want the machine's go`, m, err)
	}
	if _, err := Named("nosuch"); err == nil {
		t.Error(`Named("nosuch") succeeded; want an error naming the lanes`)
	}
}

// TestGoEnvOnce: go env is read once per environment: the second answer is the same map.
func TestGoEnvOnce(t *testing.T) {
	a, err := Machine().GoEnv()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Machine().GoEnv()
	if a["GOVERSION"] == "" || len(a) != len(b) {
		t.Fatalf("GoEnv() = %d variables, then %d; want GOVERSION in both", len(a), len(b))
	}
	a["GOCMD_TEST"] = "seen"
	if b["GOCMD_TEST"] != "seen" {
		t.Error("the second GoEnv ran go env again; want the first answer")
	}
	delete(a, "GOCMD_TEST")
	if Machine().Var("GOVERSION") != a["GOVERSION"] {
		t.Error("Var(GOVERSION) is not GoEnv's")
	}
}

// lastSetting returns the last key=value of env, which is the one a command sees.
func lastSetting(env []string, key string) (string, bool) {
	for _, kv := range slices.Backward(env) {
		if strings.HasPrefix(kv, key+"=") {
			return kv, true
		}
	}
	return "", false
}
