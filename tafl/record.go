package tafl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Tag is one header tag of an OTN game record: [name:value].
type Tag struct {
	Name, Value string
}

// EncodeGame writes g as an OTN game record (.otg): the given header tags,
// then taflbot's own (variant, layout, to-move for a non-standard start,
// result, termination, position for a non-standard start), the rules tag
// last, then one numbered line per turn in full notation. A resignation is
// in the result and termination tags only: OTN's "---" is read but not
// written, because OpenTafl's loader (v0.4.8.0b) stops on it. Tags named result,
// termination, position, rules, variant, layout or to-move in tags are
// replaced by the game's own; a position tag in tags has the game's start
// written even when it is the variant's (tafl match does so for every
// game of a match from openings, so that its games read alike).
func EncodeGame(g *Game, tags []Tag) string {
	var b strings.Builder
	own := map[string]bool{"result": true, "termination": true, "position": true, "rules": true, "variant": true, "layout": true, "to-move": true}
	position := false
	for _, t := range tags {
		position = position || t.Name == "position"
		if own[t.Name] || t.Name == "" {
			continue
		}
		fmt.Fprintf(&b, "[%s:%s]\n", t.Name, tagValue(t.Value))
	}
	v := g.v
	if v.rules.Name != "" && v.rules.Name != "custom" {
		fmt.Fprintf(&b, "[variant:%s]\n", v.rules.Name)
		if v.rules.Layout != "" {
			fmt.Fprintf(&b, "[layout:%s]\n", v.rules.Layout)
		}
	}
	o := g.outcome
	result := "?"
	switch {
	case o.Over() && o.Winner == Attackers:
		result = "1"
	case o.Over() && o.Winner == Defenders:
		result = "-1"
	case o.Over():
		result = "0"
	}
	fmt.Fprintf(&b, "[result:%s]\n", result)
	if o.Over() {
		fmt.Fprintf(&b, "[termination:%s]\n", o.Reason)
	}
	otherStart := g.start.Record() != v.start.Record() || g.start.toMove != v.start.toMove
	if otherStart || position {
		fmt.Fprintf(&b, "[position:%s]\n", g.start.Record())
		if g.start.toMove != v.rules.First {
			fmt.Fprintf(&b, "[to-move:%s]\n", g.start.toMove)
		}
	}
	rules := v.rules
	if otherStart {
		// The rules' start is the game's (OpenTafl reads no position tag).
		rules.Start, rules.First = g.start.Record(), g.start.toMove
	}
	// A name ending in "1." would put OpenTafl's first move number in the
	// rules tag (see openTaflMoveStart): "name:Game_1._ atkf:y".
	fmt.Fprintf(&b, "[rules:%s]\n", strings.ReplaceAll(rules.String(), openTaflMoveStart, "1._ "))
	turn := 1
	for i := 0; i < len(g.plies); i += 2 {
		fmt.Fprintf(&b, "%d. %s", turn, g.plies[i].recordNotation())
		if i+1 < len(g.plies) {
			fmt.Fprintf(&b, " %s", g.plies[i+1].recordNotation())
		}
		turn++
		b.WriteByte('\n')
	}
	return b.String()
}

// openTaflMoveStart is what OpenTafl's loader (v0.4.8.0b,
// GameSerializer.parseMoves) takes for the start of the moves: the first
// "1. " anywhere in the record, in a tag too. A tag holding it ("[attackers:Team
// 1. Alpha]") makes OpenTafl read the rest of that line as moves and fail.
const openTaflMoveStart = "1. "

// tagValue keeps a tag value on one line, free of the closing bracket,
// which it writes as ")": "[defenders:Bob )the Bold]" for "Bob ]the
// Bold", and free of OpenTafl's first move number, whose space it writes
// as a no-break space (U+00A0): "Team 1.\u00a0Alpha", which looks the same
// and which [DecodeGame] reads back as "Team 1. Alpha". OTN has no way to
// quote or escape a "]" in a tag (neither OTN.md nor OpenTafl's notation
// spec gives one), and OpenTafl's loader ends a value at its first "]",
// so a name written with its "]" would reach OpenTafl cut short; and it
// takes the first "1. " in the record, even in a tag, for the first move
// (see openTaflMoveStart). "[", quotes, backslashes, colons and every
// other character are written as they are.
func tagValue(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	s = strings.ReplaceAll(s, "\r", " ")
	s = strings.ReplaceAll(s, openTaflMoveStart, "1.\u00a0")
	return strings.ReplaceAll(s, "]", ")")
}

// untagValue undoes what tagValue and EncodeGame did to OpenTafl's first
// move number in the tag named name: a no-break space after "1." is read
// as a space, and in the rules tag "1._ " (a name ending in "1.") as
// "1. ".
func untagValue(name, value string) string {
	if name == "rules" {
		return strings.ReplaceAll(value, "1._ ", openTaflMoveStart)
	}
	return strings.ReplaceAll(value, "1.\u00a0", openTaflMoveStart)
}

// loneLayout is DecodeGame's error for a [layout:] tag with no [variant:]
// tag: it names the preset (or presets) that have the layout.
func loneLayout(layout string) string {
	var tags []string
	for _, p := range presetTable {
		if slices.Contains(p.layouts, layout) {
			tags = append(tags, "[variant:"+p.name+"]")
		}
	}
	if len(tags) == 0 {
		return fmt.Sprintf("the record has [layout:%s] but no [variant:] tag, and no variant has the layout %s: name the variant with a [variant:] tag (tafl variants lists them and their layouts)", clip(layout), clip(layout))
	}
	return fmt.Sprintf("the record has [layout:%s] but no [variant:] tag, which a layout belongs to: add %s", clip(layout), strings.Join(tags, " or "))
}

// defaultLayouts are the layouts of DefaultVariant.
func defaultLayouts() []string {
	for _, p := range presetTable {
		if p.name == DefaultVariant {
			return p.layouts
		}
	}
	return nil
}

// DecodeGame reads an OTN game record: what [EncodeGame] writes, and the
// simple records other tools write (tags, a rules tag, numbered turns of
// simple or full moves). The variant comes from taflbot's variant/layout
// tags when present (in any case), otherwise from the rules tag (a custom
// variant), and otherwise it is copenhagen; a layout tag without a
// variant tag that is not copenhagen's, and an empty text, are errors. Every move is checked as it is played; the
// result tag must agree with the moves, and a result the moves do not
// reach is recorded as a resignation or agreed draw (or as the
// termination tag says). A byte order mark before the record, which
// some editors save a file with, is skipped.
func DecodeGame(text string) (*Game, []Tag, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	bad := func(line int, format string, args ...any) (*Game, []Tag, error) {
		return nil, nil, &SyntaxError{Kind: "game", Msg: fmt.Sprintf("line %d: %s", line, fmt.Sprintf(format, args...))}
	}
	if strings.TrimSpace(text) == "" {
		// Not a game of copenhagen with no moves: an empty file, a
		// failed download or the wrong file.
		return nil, nil, &SyntaxError{Kind: "game", Msg: "the record is empty: a game record has tags such as [rules:…] and numbered turns such as 1. d1-d4 f4-i4"}
	}
	var tags []Tag
	vals := map[string]string{}
	var moveLines []string
	var moveLineNo []int
	inComment := false // inside a move's [commentary], which may span lines
	for i, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if len(moveLines) > 0 || inComment {
			// The moves: commentary in brackets (OTN: after a turn, "[first|second]")
			// is skipped, and so are the lines of variations (turn numbers with
			// letters, such as "3b.3.1a.").
			var b strings.Builder
			for _, r := range line {
				switch {
				case inComment && r == ']':
					inComment = false
				case inComment:
				case r == '[':
					inComment = true
				default:
					b.WriteRune(r)
				}
			}
			line = strings.TrimSpace(b.String())
			if f := strings.Fields(line); len(f) > 0 && isVariationNumber(f[0]) {
				continue
			}
			if line != "" {
				moveLines = append(moveLines, line)
				moveLineNo = append(moveLineNo, i+1)
			}
			continue
		}
		switch {
		case line == "":
		case strings.HasPrefix(line, "["):
			if !strings.HasSuffix(line, "]") {
				return bad(i+1, "a tag is written [name:value]")
			}
			name, value, ok := strings.Cut(line[1:len(line)-1], ":")
			if !ok || name == "" {
				return bad(i+1, "a tag is written [name:value]")
			}
			if _, dup := vals[name]; dup {
				return bad(i+1, "tag %q appears twice", name)
			}
			value = untagValue(name, value)
			vals[name] = value
			tags = append(tags, Tag{name, value})
		default:
			moveLines = append(moveLines, line)
			moveLineNo = append(moveLineNo, i+1)
		}
	}
	if inComment {
		return bad(len(strings.Split(text, "\n")), "a comment opened with [ is never closed with ]")
	}
	var v *Variant
	var err error
	// Preset names are lower case; the bot takes them in any case, and
	// so does a record ([variant:Brandubh]).
	variant, layout := strings.ToLower(strings.TrimSpace(vals["variant"])), strings.ToLower(strings.TrimSpace(vals["layout"]))
	switch {
	case variant == "" && layout != "" && !slices.Contains(defaultLayouts(), layout):
		// A layout is one of a preset's start positions: alone it
		// names no rules, and [layout:bell] was read as copenhagen.
		// One of the default variant's layouts ([layout:standard])
		// agrees with reading the record as that variant.
		return nil, nil, &SyntaxError{Kind: "game", Msg: loneLayout(layout)}
	case variant != "":
		v, err = Preset(variant, layout)
	case vals["rules"] != "":
		var r Rules
		if r, err = ParseRules(vals["rules"]); err == nil {
			if v = presetWithRules(r); v == nil {
				v, err = NewVariant(r)
			}
		}
	default:
		v, err = Preset(DefaultVariant, "")
	}
	if err != nil {
		return nil, nil, err
	}
	start := v.start
	if rec := vals["position"]; rec != "" {
		side := v.rules.First
		if s := vals["to-move"]; s != "" {
			if side, err = ParseSide(s); err != nil {
				return nil, nil, err
			}
		}
		if start, err = v.ParsePosition(rec, side); err != nil {
			return nil, nil, err
		}
	}
	g := NewGameFrom(start)
	resigned := false
	for li, line := range moveLines {
		for _, tok := range strings.Fields(line) {
			switch {
			case strings.HasSuffix(tok, ".") && isDigits(tok[:len(tok)-1]), strings.Trim(tok, ".") == "":
				continue
			case tok == "---":
				if err := g.Resign(g.ToMove()); err != nil {
					return bad(moveLineNo[li], "resignation after the end of the game")
				}
				resigned = true
				continue
			case resigned:
				return bad(moveLineNo[li], "a move after a resignation")
			}
			if _, err := g.PlayText(tok); err != nil {
				// The move is named already: say only what is wrong.
				why := err.Error()
				var me *MoveError
				var se *SyntaxError
				switch {
				case errors.As(err, &me):
					why = me.Detail
				case errors.As(err, &se):
					why = se.Msg
				}
				return bad(moveLineNo[li], "move %d (%s): %s", g.Len()+1, clip(tok), why)
			}
		}
	}
	if err := applyResult(g, vals["result"], vals["termination"]); err != nil {
		return nil, nil, err
	}
	return g, tags, nil
}

// applyResult checks the result tag against the game and records results
// the moves do not reach.
func applyResult(g *Game, result, termination string) error {
	var want Side
	switch result {
	case "", "?":
		if g.outcome.Over() && result == "?" && g.outcome.Reason != Resignation {
			return &SyntaxError{Kind: "game", Msg: fmt.Sprintf("the result tag says the game goes on, but the moves end it (%s, %s)", g.outcome.Status(), g.outcome.Reason)}
		}
		return nil
	case "1":
		want = Attackers
	case "-1":
		want = Defenders
	case "0":
		want = NoSide
	default:
		return &SyntaxError{Kind: "game", Text: result, Msg: "the result tag is 1 (attackers won), -1 (defenders won), 0 (draw) or ?"}
	}
	if g.outcome.Over() {
		if g.outcome.Winner != want {
			return &SyntaxError{Kind: "game", Msg: fmt.Sprintf("the result tag %s does not match the moves (%s, %s)", result, g.outcome.Status(), g.outcome.Reason)}
		}
		return nil
	}
	reason, _ := ParseEndReason(termination)
	switch {
	case want == NoSide && reason == Aborted:
		return g.Abort()
	case want == NoSide && reason == Timeout:
		return g.finish(Outcome{Winner: NoSide, Reason: Timeout}) // drawn on time
	case want == NoSide:
		return g.AgreeDraw()
	case reason == Timeout:
		return g.LoseOnTime(want.Other())
	default:
		return g.Resign(want.Other())
	}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// MarshalText returns the game as an OTN game record (see [EncodeGame]).
func (g *Game) MarshalText() ([]byte, error) { return []byte(EncodeGame(g, nil)), nil }

// UnmarshalText replaces g with the game read from an OTN game record
// (see [DecodeGame]); on error g does not change.
func (g *Game) UnmarshalText(text []byte) error {
	ng, _, err := DecodeGame(string(text))
	if err != nil {
		return err
	}
	*g = *ng
	return nil
}

// maxRecordCaptures is the most captures OpenTafl's move pattern reads in
// one move (v0.4.8.0b: "x" and up to three "/").
const maxRecordCaptures = 4

// recordNotation is the ply as a game record writes it: the full form, or,
// for a move that captured more than OpenTafl reads, the full form without
// its capture list (a reader finds the captures by playing the move).
func (p Ply) recordNotation() string {
	if len(p.Captures) <= maxRecordCaptures {
		return p.Notation()
	}
	q := p
	q.Captures = nil
	return q.Notation()
}

// isVariationNumber reports whether tok is the turn number of a variation
// line in an OTN game record: digits and letters with dots, holding a
// letter ("1a.", "3b.3.1a.", "4a.5.4c.2.2a").
func isVariationNumber(tok string) bool {
	letter := false
	for _, r := range tok {
		switch {
		case r >= 'a' && r <= 'z':
			letter = true
		case r >= '0' && r <= '9', r == '.':
		default:
			return false
		}
	}
	return letter && tok[0] >= '0' && tok[0] <= '9'
}

// Move numbers. taflbot counts moves as OpenTafl's records do: a move is
// a pair of plies, one by each side, numbered from 1; the side that moves
// first in the game plays the first ply of each.

// MoveNumber returns the number of the move that ply i (counted from 0)
// belongs to: plies 0 and 1 are move 1, plies 2 and 3 move 2.
func MoveNumber(ply int) int { return ply/2 + 1 }

// MoveCount returns how many moves n plies make: a move begun counts.
func MoveCount(n int) int { return (n + 1) / 2 }

// PlyLabel writes ply i (counted from 0) in full notation with its move
// number: "14. d2-c2" for the first ply of a move, "14… Ke7-e5xe4" for the
// second.
func PlyLabel(i int, p Ply) string {
	if i%2 == 0 {
		return fmt.Sprintf("%d. %s", MoveNumber(i), p.Notation())
	}
	return fmt.Sprintf("%d… %s", MoveNumber(i), p.Notation())
}

// MoveList writes plies[from:] as numbered moves in full notation, as a
// game record does: "13… c4-c2 14. d2-c2 e7-e5xe4 15. d3-d2". Ply indexes
// count from the start of the game.
func MoveList(plies []Ply, from int) string {
	var b strings.Builder
	for i := max(from, 0); i < len(plies); i++ {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		switch {
		case i%2 == 0:
			fmt.Fprintf(&b, "%d. ", MoveNumber(i))
		case i == from:
			fmt.Fprintf(&b, "%d… ", MoveNumber(i))
		}
		b.WriteString(plies[i].Notation())
	}
	return b.String()
}
