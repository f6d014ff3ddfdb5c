package bot_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	tc "github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/locale"
)

// keyUse finds message keys the bot's code uses: userErrorT("key", …),
// printer.T("key", …) and userError{key: "key"}.
var keyUse = regexp.MustCompile(`(?:userErrorT\(|\.T\(|key: )"([a-z0-9_.]+)"[,)}]`)

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
			if !locale.Has(m[1]) {
				t.Errorf("%s uses the message key %q, which the catalog lacks", f, m[1])
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d key uses found: is the pattern still right?", n)
	}
	for p := tc.Empty; p <= tc.IncrementTooLarge; p++ {
		if key := "time.problem." + strconv.Itoa(int(p)); !locale.Has(key) {
			t.Errorf("the catalog lacks %q (%v)", key, p)
		}
	}
}
