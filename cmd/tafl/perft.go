package main

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/taflbot/taflbot/tafl"
)

// runPerft prints the leaf count of the legal-move tree.
func runPerft(e env) error {
	var s setup
	var depth int
	var divide, asJSON bool
	fs := newFlags(e, "perft", "[position flags] -depth N [-divide] [-json]")
	s.register(fs)
	fs.IntVar(&depth, "depth", 0, "depth of the tree, 1 to 20")
	fs.BoolVar(&divide, "divide", false, "print the count under each first move")
	fs.BoolVar(&asJSON, "json", false, `print {"depth":N,"nodes":…}`)
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "perft takes no arguments"}
	}
	if depth < 1 || depth > 20 {
		return &usageError{msg: "-depth must be from 1 to 20"}
	}
	p, err := s.Start()
	if err != nil {
		return err
	}
	if !divide {
		n := tafl.Perft(p, depth)
		if asJSON {
			return json.NewEncoder(e.stdout).Encode(map[string]any{"depth": depth, "nodes": n})
		}
		fmt.Fprintln(e.stdout, n)
		return nil
	}
	div := tafl.PerftDivide(p, depth)
	keys := make([]string, 0, len(div))
	byName := make(map[string]uint64)
	var total uint64
	for m, n := range div {
		keys = append(keys, m.String())
		byName[m.String()] = n
		total += n
	}
	sort.Strings(keys)
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(map[string]any{"depth": depth, "nodes": total, "divide": byName})
	}
	for _, k := range keys {
		fmt.Fprintf(e.stdout, "%s %d\n", k, byName[k])
	}
	fmt.Fprintf(e.stdout, "total %d\n", total)
	return nil
}
