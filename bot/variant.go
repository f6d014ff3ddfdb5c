package bot

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// chosenVariant is the variant a user named: a preset (with its layout)
// or, where custom variants are allowed, an OpenTafl rules string.
type chosenVariant struct {
	name, layout string // the preset and layout ("custom" and "" for a rules string)
	rules        string // the OTN rules string of a custom variant ("" for a preset)
	v            *tafl.Variant
}

// fullName is "name" or "name/layout", or "custom".
func (c chosenVariant) fullName() string {
	if c.rules != "" {
		return "custom"
	}
	return c.v.FullName()
}

// variantName names a preset as commands accept it and /tafl rules
// shows it: with its layout where the preset has several
// ("tawlbwrdd/lewis-cross"); the games of a rules string (rated
// together as "custom") as "custom" in p's language; anything else as
// it is.
func variantName(p *locale.Printer, variant, layout string) string {
	if v, err := tafl.Preset(variant, layout); err == nil {
		return v.FullName()
	}
	if variant == "custom" {
		return p.T("variant.custom")
	}
	return variant
}

// gameVariant is variantName of game g's variant.
func gameVariant(p *locale.Printer, g *storage.Game) string {
	return variantName(p, g.Variant(), g.Layout())
}

// isRulesString reports whether s looks like an OpenTafl rules string
// rather than a variant name: it has a key:value, which no variant name
// has. A rules string that does not start with dim: ("esc:e dim:7 …",
// "DIM:7 …") is one too, so that its error says what is wrong with it
// rather than that no variant has that name.
func isRulesString(s string) bool {
	return strings.Contains(s, ":")
}

// maxRulesName is the most characters a rules string's name: may have,
// and maxRulesString the most a rules string may have in all, in a game:
// a challenge (and a rematch offer) shows the whole string in its
// message, under Discord's 2000 characters, so that the opponent can
// read its rules before accepting. /tafl rules reads longer ones.
const (
	maxRulesName   = 100
	maxRulesString = 1500
)

// checkGameRules refuses, for a game, a rules string too long for a
// challenge's message to show whole (it was cut at 1500 characters, and
// with a long name: its start: was lost, so that the opponent could not
// look its rules up).
func checkGameRules(c chosenVariant) error {
	if c.rules == "" {
		return nil
	}
	if n := utf8.RuneCountInString(c.v.Rules().Title); n > maxRulesName {
		return userErrorf("I can't play that rules string: %s.", userErrorf("its name (name:) is %d characters long: give it a name of at most %d characters", n, maxRulesName))
	}
	if n := utf8.RuneCountInString(c.rules); n > maxRulesString {
		return userErrorf("I can't play that rules string: %s.", userErrorf("it is %d characters long, more than the %d a challenge's message can show: shorten it", n, maxRulesString))
	}
	return nil
}

// rulesUse says what parseVariant may take a rules string for.
type rulesUse int

const (
	noRules   rulesUse = iota // a variant name only
	gameRules                 // a game's: /tafl challenge, /tafl ai
	pageRules                 // a rules page's: /tafl rules, which describes them
)

// parseVariant reads "name", "name/layout" or, unless use is noRules, an
// OpenTafl rules string ("dim:9 … start:…"). def is used for "".
func parseVariant(s, def string, use rulesUse) (chosenVariant, error) {
	custom := use != noRules
	// cannot refuses a rules string, in words that fit the command:
	// /tafl rules plays nothing.
	cannot := func(why any) error {
		if use == pageRules {
			return userErrorf("I can't describe that rules string: %s.", why)
		}
		return userErrorf("I can't play that rules string: %s.", why)
	}
	s = strings.TrimSpace(s)
	if isRulesString(s) {
		// Kept and shown (in a challenge, a rules page) without
		// bidirectional overrides, which would mirror the rest of the
		// line and show nothing themselves.
		s = withoutBidiControls(s)
		if !custom {
			return chosenVariant{}, userErrorf("Give a variant name here (see `/tafl rules`); rules strings are for `/tafl challenge`, `/tafl ai` and `/tafl rules`.")
		}
		r, err := tafl.ParseRules(s)
		if err == nil {
			var v *tafl.Variant
			if v, err = tafl.NewVariant(r); err == nil {
				// A start no game can be played from would make a game
				// that is over when it is created.
				start := v.Start()
				switch {
				case start.Count(tafl.Attackers) == 0:
					return chosenVariant{}, cannot(userErrorf("its start position has no attackers (t); a game needs both sides"))
				case start.Outcome().Reason == tafl.KingEscaped:
					return chosenVariant{}, cannot(userErrorf("in its start position the king already stands on an escape square: the game would be over before it began"))
				case start.Outcome().Reason == tafl.ExitFort:
					return chosenVariant{}, cannot(userErrorf("in its start position the king already stands in an exit fort: the game would be over before it began"))
				case start.Outcome().Reason == tafl.Encirclement:
					return chosenVariant{}, cannot(userErrorf("in its start position the defenders are already encircled: the game would be over before it began"))
				case len(start.LegalMoves()) == 0:
					return chosenVariant{}, cannot(userErrorf("the side that moves first has no legal move in its start position: the game would be over before it began"))
				}
				if strings.Contains(s, "`") {
					// Messages show a rules string inside a code span
					// ("Rules string: `…`"), which a backtick would end,
					// letting the rest of the name: be read as markdown
					// or mentions. Only a name: can hold one.
					return chosenVariant{}, cannot(userErrorf("its name (name:) contains a backtick, which a message cannot show inside a rules string: leave it out"))
				}
				return chosenVariant{name: "custom", rules: s, v: v}, nil
			}
		}
		var se *tafl.SyntaxError
		if errors.As(err, &se) {
			var why any = se.Msg
			if se.Code != "" {
				why = taflReason(se.Code, se.Args)
			}
			if use == pageRules {
				return chosenVariant{}, userErrorf("I can't describe that rules string: %s. A rules string is OpenTafl's `dim:N key:value … start:/…/` (for example `dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`).", why)
			}
			return chosenVariant{}, userErrorf("I can't play that rules string: %s. A rules string is OpenTafl's `dim:N key:value … start:/…/` (for example `dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`).", why)
		}
		return chosenVariant{}, cannot(truncate(err.Error(), 300))
	}
	s = strings.ToLower(s)
	if s == "" {
		s = def
	}
	name, layout, _ := strings.Cut(s, "/")
	v, err := tafl.Preset(name, layout)
	if err != nil && custom && name == "custom" {
		// Game headers, records and the leaderboard call the games of a
		// rules string "custom"; the name alone says nothing of the rules.
		return chosenVariant{}, userErrorf("Games under a rules string are called `custom`: to play one, give the rules string itself here (OpenTafl's `dim:N key:value … start:/…/`, for example `dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`).")
	}
	var near []string
	if err != nil {
		// A title ("Copenhagen Hnefatafl"), a name with spaces ("ard ri")
		// or a layout alone ("bell") means the preset it names.
		var ok bool
		var n, l string
		if n, l, near, ok = tafl.MatchPreset(s); ok {
			name, layout = n, l
			v, err = tafl.Preset(name, layout)
		}
	}
	if err != nil && layout != "" {
		for _, p := range tafl.Presets() {
			if p.Name != name {
				continue
			}
			if len(p.Layouts) < 2 {
				return chosenVariant{}, userErrorf("`%s` has one layout only: give its name alone, `%s`.", name, name)
			}
			layouts := make(enumeration, len(p.Layouts))
			for i, l := range p.Layouts {
				layouts[i] = "`" + l + "`"
			}
			return chosenVariant{}, userErrorf("`%s` has no layout `%s`: its layouts are %s (as in `%s/%s`).", name, codeText(truncate(layout, 30)), layouts, name, p.Layouts[1])
		}
	}
	if err != nil && len(near) > 0 {
		return chosenVariant{}, nearVariantError(s, near)
	}
	if err != nil {
		return chosenVariant{}, userErrorf("I don't know the variant `%s`: pick one from the list (`/tafl rules` lists them all).", codeText(truncate(s, 30)))
	}
	return chosenVariant{name: name, layout: v.Rules().Layout, v: v}, nil
}

// nearVariantError answers a variant s that is no preset but near some:
// near lists the names tafl.MatchPreset found, which it may have meant.
func nearVariantError(s string, near []string) error {
	shown := make([]string, len(near))
	for i, n := range near {
		shown[i] = "`" + n + "`"
	}
	return userErrorf("I don't know the variant `%s`: did you mean %s? (`/tafl rules` lists them all.)", codeText(truncate(s, 30)), alternatives(shown))
}
