// Package locale translates everything taflbot writes: message catalogs
// built with golang.org/x/text/message/catalog, plural forms chosen by
// x/text's CLDR plural rules, and the language matching that picks a
// user's language from the locale Discord sends.
//
// # Languages
//
// English (the fallback), Danish, Swedish, Norwegian (Bokmål), Icelandic,
// German and Finnish: the tafl games' home countries and their largest
// playing communities. Discord has no Icelandic locale, so Icelandic is
// chosen with the bot's language setting, never from Discord's locale,
// and slash-command names cannot be registered in Icelandic.
//
// # Messages
//
// Every message has a key and one text per language. A key is either a
// symbolic name (such as "err.not_your_turn", in en.go, da.go, sv.go,
// nb.go, is.go, de.go and fi.go) or the English text itself, the way
// x/text's catalogs are usually keyed (text_en.go lists those messages;
// text_da.go … text_fi.go translate them, keyed by the English): the
// bot's code reads as English, and a format the catalog lacks is still
// printed, in English. Command names and descriptions are in cmd_*.go;
// the rules engine's errors that carry a tafl.Code (a rules string or a
// move that cannot be read, a move the board refuses or whose
// annotations do not match it) are in
// tafl_*.go, keyed "tafl." and the code. A text is a fmt format (with
// the same verbs in every language; explicit argument indexes such as
// %[2]s let a language reorder them)
// or a [Plural], whose form is chosen by a number argument. A test checks
// that every key has every language with the same verbs; variant names
// and move notation are arguments and are never translated. A text
// names a command as `/tafl NAME` alone in backticks, in every language
// (package bot sends it as Discord's command mention, shown in the
// reader's language), and an option or choice by the name Discord shows
// in the text's language (English in English and Icelandic).
//
// [For] returns a [Printer] for a language; [Match] turns Discord's locale
// names ("sv-SE", "no", "en-US") into one of the supported languages.
package locale
