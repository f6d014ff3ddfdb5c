package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/storage"
)

// TestSettingsChannelWhereTheBotCannotPost: /tafl settings channel: and
// daily_channel: saved a channel where the bot may not post on its own,
// and every reminder, result or daily puzzle sent there was refused
// later, unseen. A channel the bot can check is refused at once, naming
// what it lacks there, and nothing is saved: in gateway mode from the
// state cache (a thread by its parent's overwrites, needing Send
// Messages in Threads); the interaction's own channel from the
// permissions Discord sends with it (app_permissions), in either mode.
// A channel it cannot check (HTTP mode, another channel; one the cache
// does not hold) is not refused.
func TestSettingsChannelWhereTheBotCannotPost(t *testing.T) {
	const (
		noSend    = "771" // @everyone may not send messages there
		hidden    = "772" // the bot may neither see it nor attach files
		fine      = "773"
		thread    = "774" // in noSend: sending in threads is enough
		noThreads = "776" // @everyone may not send in threads there
		thread2   = "775" // in noThreads
		unknown   = "888" // not in the cache
	)
	var everyone int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads |
		discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionReadMessageHistory
	guildCreate := fmt.Sprintf(`{"id":%[1]q,"name":"tafl club","owner_id":"1",
		"roles":[{"id":%[1]q,"name":"@everyone","permissions":"%[2]d"}],
		"channels":[
			{"id":%[3]q,"type":0,"guild_id":%[1]q},
			{"id":%[4]q,"type":0,"guild_id":%[1]q,"permission_overwrites":[{"id":%[1]q,"type":0,"allow":"0","deny":"%[5]d"}]},
			{"id":%[6]q,"type":0,"guild_id":%[1]q,"permission_overwrites":[{"id":"999","type":1,"allow":"0","deny":"%[7]d"}]},
			{"id":%[8]q,"type":0,"guild_id":%[1]q},
			{"id":%[9]q,"type":0,"guild_id":%[1]q,"permission_overwrites":[{"id":%[1]q,"type":0,"allow":"0","deny":"%[10]d"}]}],
		"threads":[
			{"id":%[11]q,"type":11,"guild_id":%[1]q,"parent_id":%[4]q},
			{"id":%[12]q,"type":11,"guild_id":%[1]q,"parent_id":%[9]q}],
		"members":[{"user":{"id":"999","username":"taflbot","bot":true},"roles":[]}]}`,
		guild, everyone, channel, noSend, discordgo.PermissionSendMessages, hidden, discordgo.PermissionViewChannel|discordgo.PermissionAttachFiles,
		fine, noThreads, discordgo.PermissionSendMessagesInThreads, thread, thread2)

	type step struct {
		opt, ch string
		perms   int64    // the interaction's app_permissions (0: none sent)
		lacks   []string // the permissions the refusal names; nil: saved
	}
	// check runs /tafl settings opt:ch for each step, as carol (a
	// manager) in the game's channel, through run.
	check := func(t *testing.T, h *harness, run func(*discordgo.Interaction) *resp, steps []step) {
		t.Helper()
		for _, s := range steps {
			saved := func() string {
				gs, err := h.store.GetGuildSettings(t.Context(), guild)
				if errors.Is(err, storage.ErrNotFound) {
					return ""
				}
				if err != nil {
					t.Fatal(err)
				}
				return gs.NotifyChannelID + "/" + gs.DailyChannelID
			}
			before := saved()
			in := h.slashInteraction(carol, "settings", opt(s.opt, s.ch))
			in.AppPermissions = s.perms
			r := run(in)
			after := saved()
			if s.lacks == nil {
				if isEphemeral(r) && !strings.Contains(r.Content, "Saved.") || before == after {
					t.Errorf("%s:%s: %q (settings %s, then %s), want it saved", s.opt, s.ch, r.Content, before, after)
				}
				continue
			}
			what := "reminders and results"
			if s.opt == "daily_channel" {
				what = "the daily puzzle"
			}
			want := fmt.Sprintf("I can't post %s in <#%s>: there I lack ", what, s.ch)
			if !strings.HasPrefix(r.Content, want) || !strings.HasSuffix(r.Content, "or choose another channel; nothing was changed.") {
				t.Errorf("%s:%s: %q, want %q…", s.opt, s.ch, r.Content, want)
			}
			for _, p := range []string{"View Channel", "Send Messages", "Send Messages in Threads", "Attach Files"} {
				if named := strings.Contains(r.Content, "**"+p+"**"); named != slices.Contains(s.lacks, p) {
					t.Errorf("%s:%s: %q names %s: %v, want %v", s.opt, s.ch, r.Content, p, named, !named)
				}
			}
			if before != after {
				t.Errorf("%s:%s refused, but the settings went from %s to %s", s.opt, s.ch, before, after)
			}
		}
	}

	t.Run("gateway", func(t *testing.T) {
		h := newHarness(t, nil)
		gw, sess, stop := gatewayBot(t, h)
		defer func() {
			if err := stop(); err != nil {
				t.Error(err)
			}
		}()
		gw.dispatches <- gatewayEvent{"GUILD_CREATE", []byte(guildCreate)}
		waitFor(t, "the server in the state cache", func() bool {
			_, err := sess.State.Channel(thread2)
			return err == nil
		})
		run := func(in *discordgo.Interaction) *resp {
			body, _ := json.Marshal(in)
			gw.events <- body
			waitFor(t, "the answer to /tafl settings", func() bool {
				return len(h.fake.requests("/interactions/"+in.ID+"/")) > 0
			})
			r, _ := h.fake.callback(t, in.ID)
			return r
		}
		check(t, h, run, []step{
			{opt: "channel", ch: noSend, lacks: []string{"Send Messages"}},
			{opt: "daily_channel", ch: hidden, lacks: []string{"View Channel", "Attach Files"}},
			{opt: "daily_channel", ch: thread2, lacks: []string{"Send Messages in Threads"}},
			{opt: "channel", ch: thread},
			{opt: "channel", ch: fine},
			{opt: "daily_channel", ch: unknown},
			{opt: "daily_channel", ch: fine},
			// The interaction's own channel by what Discord sends with it.
			{opt: "channel", ch: channel, perms: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages, lacks: []string{"Attach Files"}},
		})
	})

	t.Run("http", func(t *testing.T) {
		h := newHarness(t, nil)
		run := func(in *discordgo.Interaction) *resp {
			h.bot.HandleGateway(context.Background(), in)
			r, _ := h.fake.callback(t, in.ID)
			return r
		}
		check(t, h, run, []step{
			{opt: "channel", ch: channel, perms: discordgo.PermissionViewChannel | discordgo.PermissionAttachFiles, lacks: []string{"Send Messages"}},
			{opt: "daily_channel", ch: channel, perms: discordgo.PermissionSendMessages, lacks: []string{"View Channel", "Attach Files"}},
			{opt: "channel", ch: channel, perms: everyone},
			// Another channel cannot be checked without a cache: saved.
			{opt: "daily_channel", ch: noSend, perms: everyone},
		})
	})
}
