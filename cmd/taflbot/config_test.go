package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExampleConfigIsValid(t *testing.T) {
	c, err := loadConfig("../../config.example.json", func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "tok"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(false); err != nil {
		t.Fatalf("config.example.json does not validate: %v", err)
	}
}

func TestExampleConfigListsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../../config.example.json")
	if err != nil {
		t.Fatal(err)
	}
	// Every key of Config appears in the example (decoding is strict, so
	// the example has no unknown keys either).
	c := defaultConfig()
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s", data)
	for _, key := range jsonKeys(c) {
		if !strings.Contains(buf.String(), `"`+key+`"`) {
			t.Errorf("config.example.json lacks %q", key)
		}
	}
}

func TestConfigErrorsAllAtOnce(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"log_level":"loud","mode":"smoke","default_variant":"chess","sweep_interval":"soon","render_size":5,"application_id":"abc","ai_max_think":"1s"}`), 0o600)
	c, err := loadConfig(p, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = c.Validate(false)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"log_level", "mode", "default_variant", "sweep_interval", "render_size", "application_id", "DISCORD_TOKEN", "ai_max_think 1s"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %s:\n%v", want, err)
		}
	}
}

func TestConfigRejectsUnknownKeys(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"databse": "x.db"}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "databse") {
		t.Fatalf("err = %v, want the unknown key named", err)
	}
	os.WriteFile(p, []byte(`{"database": "x.db"} {}`), 0o600)
	if _, err := loadConfig(p, func(string) string { return "" }); err == nil {
		t.Fatal("trailing data accepted")
	}
}

func TestTokenFromEnvironmentIsNeverLogged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(p, []byte(`{"token": "file-token"}`), 0o600)
	c, err := loadConfig(p, func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "env-secret-token"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "env-secret-token" {
		t.Fatalf("token = %q: the environment must override the file", string(c.Token))
	}
	var buf bytes.Buffer
	for _, h := range []slog.Handler{slog.NewJSONHandler(&buf, nil), slog.NewTextHandler(&buf, nil)} {
		slog.New(h).Info("config", "token", c.Token, "cfg", c)
	}
	fmt.Fprintf(&buf, "%v %+v %#v %s", c.Token, c, c, c.Token)
	if strings.Contains(buf.String(), "env-secret-token") {
		t.Fatalf("the token leaked:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), "REDACTED") {
		t.Fatalf("no redaction marker:\n%s", buf.String())
	}
}
