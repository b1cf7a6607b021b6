//go:build explorer && js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// main registers the explorer's entry points on the page's global object, then waits for calls:
//
//	gomapsExplorer.reset(configJSON) -> stateJSON   a new session (Config as JSON)
//	gomapsExplorer.do(op) -> stateJSON              one operation (Session.Do)
//
// A refused operation comes back as a state whose error says why.
func main() {
	var s *Session
	api := js.Global().Get("Object").New()
	api.Set("reset", js.FuncOf(func(_ js.Value, args []js.Value) any {
		cfg, err := parseConfig(args)
		if err == nil {
			s, err = NewSession(cfg)
		}
		if err != nil {
			return js.ValueOf(errorJSON(err))
		}
		return js.ValueOf(s.JSON())
	}))
	api.Set("do", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if s == nil || len(args) != 1 {
			return js.ValueOf(errorJSON(errors.New("call reset, then do(op)")))
		}
		s.Do(args[0].String()) // a refusal is in the state's error
		return js.ValueOf(s.JSON())
	}))
	js.Global().Set("gomapsExplorer", api)
	if ready := js.Global().Get("gomapsExplorerReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func parseConfig(args []js.Value) (Config, error) {
	if len(args) != 1 {
		return Config{}, errors.New("reset takes one argument: the configuration as JSON")
	}
	return ConfigFromJSON(args[0].String())
}
