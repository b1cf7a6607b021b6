//go:build explorer && js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
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
		if len(args) != 1 {
			return errorJSON(errors.New("reset takes one argument: the configuration as JSON"))
		}
		var cfg Config
		if err := json.Unmarshal([]byte(args[0].String()), &cfg); err != nil {
			return errorJSON(fmt.Errorf("the configuration %q is not JSON: %v", args[0].String(), err))
		}
		var err error
		if s, err = NewSession(cfg); err != nil {
			return errorJSON(err)
		}
		return s.JSON()
	}))
	api.Set("do", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if s == nil || len(args) != 1 {
			return errorJSON(errors.New("call reset, then do(op)"))
		}
		s.Do(args[0].String()) // a refusal is in the state's error
		return s.JSON()
	}))
	js.Global().Set("gomapsExplorer", api)
	if ready := js.Global().Get("gomapsExplorerReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func errorJSON(err error) string {
	data, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(data)
}
