package bot_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	tc "github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/tafl"
)

// keyUse finds message keys the bot's code uses: userErrorT("key", …),
// userErrorf("English text", …), printer.T("key" or "English text", …)
// and userError{key: "key"}. A key is a symbolic name or the English
// text itself (a Go string literal, quoted).
var keyUse = regexp.MustCompile(`(?:userErrorT\(|userErrorf\(|\.T\(|key: )("(?:[^"\\]|\\.)*")[,)}]`)

// TestEveryKeyUsedExists: every message key in the bot's code is in the
// catalog (which locale's own test checks has every language), and so is
// every time-control problem the code builds a key for.
func TestEveryKeyUsedExists(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
			n++
			key, err := strconv.Unquote(m[1])
			if err != nil {
				t.Fatalf("%s: %s: %v", f, m[1], err)
			}
			if !locale.Has(key) {
				t.Errorf("%s uses the message %q, which the catalog lacks", f, key)
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d key uses found: is the pattern still right?", n)
	}
	for _, p := range tafl.Presets() {
		if !locale.Has(p.Description) {
			t.Errorf("the catalog lacks the description of %s (shown by /tafl rules): %q", p.Name, p.Description)
		}
	}
	for p := tc.Empty; p <= tc.LastProblem; p++ {
		if key := "time.problem." + strconv.Itoa(int(p)); !locale.Has(key) {
			t.Errorf("the catalog lacks %q (%v)", key, p)
		}
	}
}
