package bot

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Text from users. A display name, the name: of a rules string or a
// user's mistyped option is shown inside the bot's own texts; there it
// must read as the characters typed, never as Discord markdown, a
// mention, a link, or a command reference the bot turns into a command
// mention on the way out (mention.go rewrites every "`/tafl NAME`" of a
// message, and cannot tell the catalog's from a user's). The bot's texts
// put a user's string either in running text (plainText) or inside a
// code span of their own, "`%s`" (codeText). Pings are for
// AllowedMentions to rule out: the messages that name users allow the
// mentions they mean, and none from a user's string.

// markdownEscaper backslash-escapes the characters that start Discord
// markdown (bold, italics, underline, strike-through, spoilers, code),
// mentions (<@id>, <#id>, </command:id>, <t:…>, @everyone), masked links
// and block quotes and headings: Discord shows a backslashed punctuation
// mark as itself.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"<", `\<`, ">", `\>`, "@", `\@`, "#", `\#`, "[", `\[`, "]", `\]`,
)

// plainText returns a user's string s as running text of a message
// shows it literally.
func plainText(s string) string { return markdownEscaper.Replace(withoutBidiControls(s)) }

// isBidiControl reports whether r is an explicit bidirectional
// formatting character: an embedding, override or isolate (U+202A to
// U+202E, U+2066 to U+2069). Typed into a user's string, one reorders
// the rest of the line the bot shows the string in (a right-to-left
// override in a name or a rules string's name: turned the "· your turn"
// or the challenge's "— `/tafl rules` …" after it into mirrored text),
// and it shows nothing itself. Names in right-to-left scripts need none:
// their letters are right-to-left of themselves.
func isBidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}

// withoutBidiControls returns s without its explicit bidirectional
// formatting characters (isBidiControl): the bot keeps and shows users'
// strings without them.
func withoutBidiControls(s string) string {
	if strings.IndexFunc(s, isBidiControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isBidiControl(r) {
			return -1
		}
		return r
	}, s)
}

// invisible reports whether s shows nothing: it holds only spaces,
// formatting characters (zero-width spaces and joiners, bidirectional
// marks, …) and the other characters drawn as nothing, among them the
// Hangul filler (U+3164) and the blank braille pattern (U+2800) that
// Discord users take for a blank name.
func invisible(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) &&
			!unicode.Is(unicode.Variation_Selector, r) && r != '\u2800'
	}) < 0
}

// codeEscaper keeps a string inside the code span it is put in: a
// backtick would end the span (and no escape works inside one), so it
// becomes the look-alike ˋ; and "/tafl NAME" alone in a span would be
// taken for the bot's command reference, so its space becomes a
// no-break space.
var codeEscaper = strings.NewReplacer("`", "ˋ", "/tafl ", "/tafl\u00a0")

// codeText returns a user's string s as a text's code span ("`%s`")
// shows it literally.
func codeText(s string) string { return codeEscaper.Replace(withoutBidiControls(s)) }

// userArg is a user's string as an argument of a text the bot formats:
// %s and %v show it as plainText, %q quoted and then as plainText (the
// rules engine's reasons quote a rules string's or a move's pieces).
type userArg string

func (u userArg) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, plainText(strconv.Quote(string(u))))
		return
	}
	io.WriteString(f, plainText(string(u)))
}
