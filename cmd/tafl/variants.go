package main

import (
	"fmt"

	"github.com/taflbot/taflbot/tafl"
)

// runVariants prints one line per preset: name, size, description.
func runVariants(e env) error {
	fs := newFlags(e, "variants", "")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "variants takes no arguments"}
	}
	for _, p := range tafl.Presets() {
		fmt.Fprintf(e.stdout, "%-16s %2dx%-2d  %s\n", p.Name, p.Size, p.Size, p.Description)
	}
	return nil
}
