package bot

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/bwmarrin/discordgo"
)

// Alt text. discordgo v0.29 cannot describe an attachment, so a file's
// description travels with its body: the bot wraps the reader with
// describe, and SessionREST (which writes the multipart request itself
// when a file is described) and console mode read it back with altOf.

// described is a file body with its description, the alt text Discord
// shows (and reads out) for the attachment.
type described struct {
	io.Reader
	text string
}

// rewind makes files readable again from their start after a failed
// request read them (the bot's files are in memory: bytes.Readers).
func rewind(files []*discordgo.File) {
	for _, f := range files {
		r := f.Reader
		if d, ok := r.(*described); ok {
			r = d.Reader
		}
		if s, ok := r.(io.Seeker); ok {
			s.Seek(0, io.SeekStart)
		}
	}
}

// describe attaches alt text to a file body.
func describe(r io.Reader, text string) io.Reader {
	return &described{Reader: r, text: truncate(text, maxAltText-1)}
}

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// altOf returns a file's description ("" when it has none).
func altOf(f *discordgo.File) string {
	if d, ok := f.Reader.(*described); ok {
		return d.text
	}
	return ""
}

// alts maps file names to their descriptions.
func alts(files []*discordgo.File) map[string]string {
	m := map[string]string{}
	for _, f := range files {
		if a := altOf(f); a != "" {
			m[f.Name] = a
		}
	}
	return m
}

// hasAlt reports whether any file is described.
func hasAlt(files []*discordgo.File) bool {
	for _, f := range files {
		if altOf(f) != "" {
			return true
		}
	}
	return false
}

// attachmentAlt is one entry of a message's "attachments" array: the
// index of an uploaded file and its description.
type attachmentAlt struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// withAlts returns the JSON of payload (a message, webhook or edit body)
// with an "attachments" array describing files, at the top level or, for
// an interaction response, inside "data".
func withAlts(payload any, files []*discordgo.File, inData bool) (map[string]json.RawMessage, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, err
	}
	list := make([]attachmentAlt, len(files))
	for i, f := range files {
		list[i] = attachmentAlt{ID: i, Filename: f.Name, Description: altOf(f)}
	}
	atts, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	if !inData {
		top["attachments"] = atts
		return top, nil
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(top["data"], &data); err != nil {
		return nil, fmt.Errorf("bot: interaction response without data: %w", err)
	}
	data["attachments"] = atts
	if top["data"], err = json.Marshal(data); err != nil {
		return nil, err
	}
	return top, nil
}
