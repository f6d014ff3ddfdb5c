package locale

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Dict holds one language's messages by key. A value is a string (a fmt
// format) or a Plural.
type Dict map[string]any

// Plural is a message whose wording depends on a number: One is used
// where the language's plural rules say "one" (in English: 1), Other
// otherwise. Arg is the 1-based index of the number among the arguments.
type Plural struct {
	Arg        int
	One, Other string
}

// Lang describes one supported language.
type Lang struct {
	Tag     language.Tag
	Name    string // Name is the language's own name ("Dansk").
	Discord string // Discord is Discord's locale code ("" where Discord has none).
	dict    Dict
}

// Langs are the supported languages, English (the fallback) first.
var Langs = []Lang{
	{language.English, "English", "en-US", merge(en, enCommands, identity(enTexts), enTafl)},
	{language.Danish, "Dansk", "da", merge(da, daCommands, daTexts, daTafl)},
	{language.Swedish, "Svenska", "sv-SE", merge(sv, svCommands, svTexts, svTafl)},
	{language.Norwegian, "Norsk", "no", merge(nb, nbCommands, nbTexts, nbTafl)},
	{language.Icelandic, "Íslenska", "", merge(is, isCommands, isTexts, isTafl)},
	{language.German, "Deutsch", "de", merge(de, deCommands, deTexts, deTafl)},
	{language.Finnish, "Suomi", "fi", merge(fi, fiCommands, fiTexts, fiTafl)},
}

// identity returns the English dictionary of messages whose key is their
// English text (a fmt format; for a Plural, its Other form).
func identity(texts []any) Dict {
	out := Dict{}
	for _, t := range texts {
		switch t := t.(type) {
		case string:
			out[t] = t
		case Plural:
			out[t.Other] = t
		default:
			panic(fmt.Sprintf("locale: text of type %T", t))
		}
	}
	return out
}

// merge returns the union of dictionaries (keys must not repeat).
func merge(ds ...Dict) Dict {
	out := Dict{}
	for _, d := range ds {
		for k, v := range d {
			if _, dup := out[k]; dup {
				panic("locale: key " + k + " is defined twice")
			}
			out[k] = v
		}
	}
	return out
}

// English is the fallback language.
var English = language.English

// Keys returns every message key, from the English catalog.
func Keys() []string {
	out := make([]string, 0, len(Langs[0].dict))
	for k := range Langs[0].dict {
		out = append(out, k)
	}
	return out
}

// Has reports whether key is a message.
func Has(key string) bool { _, ok := Langs[0].dict[key]; return ok }

// Text returns the raw text of key in lang (a string, or a Plural
// formatted as "One|Other"), and whether it exists; for tests and tools.
func Text(lang language.Tag, key string) (string, bool) {
	for _, l := range Langs {
		if l.Tag == lang {
			switch v := l.dict[key].(type) {
			case string:
				return v, true
			case Plural:
				return v.One + "|" + v.Other, true
			}
		}
	}
	return "", false
}

var matcher = func() language.Matcher {
	tags := make([]language.Tag, len(Langs))
	for i, l := range Langs {
		tags[i] = l.Tag
	}
	return language.NewMatcher(tags)
}()

// Match returns the supported language for the first of the locales that
// names one (Discord's "sv-SE", "no", "da", or a language setting such as
// "is"), English when none does. Empty locales are skipped.
func Match(locales ...string) language.Tag {
	for _, s := range locales {
		if s == "" {
			continue
		}
		if s == "no" || s == "nb" || s == "nn" {
			return language.Norwegian
		}
		t, err := language.Parse(s)
		if err != nil {
			continue
		}
		if m, _, conf := matcher.Match(t); conf >= language.High {
			b, _ := m.Base()
			for _, l := range Langs {
				if lb, _ := l.Tag.Base(); lb == b {
					return l.Tag
				}
			}
		}
	}
	return English
}

// Lookup returns the supported language whose tag, Discord code or name
// is s ("is", "no", "dansk"), for the language setting.
func Lookup(s string) (Lang, bool) {
	for _, l := range Langs {
		if s == l.Tag.String() || s != "" && s == l.Discord || equalFold(s, l.Name) {
			return l, true
		}
	}
	if s == "nb" || s == "nn" {
		return Langs[3], true
	}
	return Lang{}, false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// cat is the catalog of every language, built once.
var cat = sync.OnceValues(func() (catalog.Catalog, error) {
	b := catalog.NewBuilder(catalog.Fallback(English))
	for _, l := range Langs {
		tag := formatTag(l.Tag)
		for key, v := range l.dict {
			var err error
			switch v := v.(type) {
			case string:
				err = b.SetString(tag, key, v)
			case Plural:
				err = b.Set(tag, key, plural.Selectf(v.Arg, "%d", plural.One, v.One, plural.Other, v.Other))
			default:
				err = fmt.Errorf("type %T", v)
			}
			if err != nil {
				return nil, fmt.Errorf("locale: %s %s: %w", l.Tag, key, err)
			}
		}
	}
	return b, nil
})

// Printer formats messages in one language. The zero Printer is English.
type Printer struct {
	tag language.Tag
	p   *message.Printer
}

var printers sync.Map // language.Tag → *Printer

// For returns the Printer of a supported language (English for others).
func For(tag language.Tag) *Printer {
	if !slices.ContainsFunc(Langs, func(l Lang) bool { return l.Tag == tag }) {
		tag = English
	}
	if p, ok := printers.Load(tag); ok {
		return p.(*Printer)
	}
	c, err := cat()
	if err != nil {
		panic(err) // the catalog is compiled in: a test builds it
	}
	p := &Printer{tag: tag, p: message.NewPrinter(formatTag(tag), message.Catalog(c))}
	printers.Store(tag, p)
	return p
}

// formatTag is the tag a language's messages are kept and its numbers
// formatted under: Norwegian ("no") by Bokmål's, since x/text has no
// number format for "no" and would group digits English-style
// ("400,000" for "400 000" with a no-break space).
var bokmål = language.MustParse("nb")

func formatTag(tag language.Tag) language.Tag {
	if tag == language.Norwegian {
		return bokmål
	}
	return tag
}

// Tag returns the printer's language.
func (p *Printer) Tag() language.Tag {
	if p == nil {
		return English
	}
	return p.tag
}

// T formats message key with args in the printer's language. Numbers
// are written as fmt writes them (x/text would group the digits: "game
// 1,234", "<t:1,700,000,000:R>", "rated 1,500"), except the number that
// chooses a plural form, a Grouped number and a Decimal.
func (p *Printer) T(key string, args ...any) string {
	if p == nil {
		p = For(English)
	}
	args = slices.Clone(args)
	count := 0
	if pl, ok := Langs[0].dict[key].(Plural); ok {
		count = pl.Arg
	}
	for i, a := range args {
		if i+1 == count {
			continue
		}
		if g, ok := a.(Grouped); ok {
			args[i] = int64(g)
			continue
		}
		if d, ok := a.(Decimal); ok {
			args[i] = float64(d)
			continue
		}
		switch reflect.ValueOf(a).Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			args[i] = plain{a}
		}
	}
	return p.p.Sprintf(key, args...)
}

// Grouped is a quantity that T writes in the language's number format,
// its digits grouped ("400,000", "400.000"), as it writes the number
// choosing a plural form: for a count that is also written in a plural
// message elsewhere (the review's nodes), so that both read the same.
type Grouped int64

// Decimal is a number with a fraction that T writes in the language's
// number format: its decimal separator and minus sign ("+4.4", "+4,4",
// "−3,0"), as the review's scores in attackers.
type Decimal float64

// plain is a number written as fmt writes it (no grouping, a decimal
// point): it formats itself.
type plain struct{ v any }

func (n plain) Format(f fmt.State, verb rune) { fmt.Fprintf(f, fmt.FormatString(f, verb), n.v) }
