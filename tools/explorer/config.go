//go:build explorer

package main

import (
	"encoding/json"
	"fmt"
)

// ConfigFromJSON parses a Config, as the page sends it.
func ConfigFromJSON(s string) (Config, error) {
	var c Config
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		return c, fmt.Errorf("the configuration %q is not JSON: %v", s, err)
	}
	return c, nil
}

func errorJSON(err error) string {
	data, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(data)
}
