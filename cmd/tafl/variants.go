package main

import (
	"fmt"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// runVariants prints one line per preset: name, size, description; with
// -rules, one line per preset and layout: name, layout and the OTN rules
// string (as records carry it, and as OpenTafl reads it: a user rules
// file of OpenTafl's holds such a string).
func runVariants(e env) error {
	fs := newFlags(e, "variants", "[-rules]")
	rules := fs.Bool("rules", false, "print each preset's and layout's OTN rules string")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "variants takes no arguments"}
	}
	for _, p := range tafl.Presets() {
		if !*rules {
			layouts := ""
			if len(p.Layouts) > 1 {
				layouts = " (layouts " + strings.Join(p.Layouts, ", ") + ")"
			}
			fmt.Fprintf(e.stdout, "%-16s %2dx%-2d  %s%s\n", p.Name, p.Size, p.Size, p.Description, layouts)
			continue
		}
		for _, l := range p.Layouts {
			v, err := tafl.Preset(p.Name, l)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s %s %s\n", p.Name, l, v.RulesString())
		}
	}
	return nil
}
