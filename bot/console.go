package bot

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// Console plays the bot in a terminal without Discord: it reads commands
// from in, one per line, runs them through the same router as Discord
// interactions, prints the replies to out and writes every board picture
// into dir. Lines:
//
//	/tafl challenge opponent:bob variant:brandubh   a slash command (options as name:value)
//	/tafl move d1-d4                                the first option may be given bare
//	as bob                                          act as another user (default alice)
//	click Accept                                    press a button of the latest message that has it
//	select e5                                       choose in the latest select menu
//	complete /tafl move move:d2                     what autocomplete offers for the last option
//	sweep                                           run the clock sweeper now
//	wait 2h                                         move the console's clock forward (then sweep)
//	quit                                            stop (end of input and Ctrl-C also stop)
//
// Users are named; each name gets a made-up id, the same in every run.
// Console mode needs a bot built with [New] whose REST is the one returned
// by [NewConsoleREST] and whose clock is that REST's Now.
func Console(ctx context.Context, b *Bot, cr *ConsoleREST, in io.Reader) error {
	if err := os.MkdirAll(cr.dir, 0o755); err != nil {
		return fmt.Errorf("console: board folder: %w", err)
	}
	// Number on from an earlier run's files, which the same numbers
	// would overwrite or mix with.
	cr.mu.Lock()
	cr.files = max(cr.files, lastFileNumber(cr.dir))
	cr.mu.Unlock()
	if err := b.RegisterCommands(ctx); err != nil { // the console's own: it learns the options
		return err
	}
	if err := cr.learnNames(ctx, b.store); err != nil {
		return err
	}
	b.Start(ctx)
	user := "alice"
	lines, scanErr := consoleLines(ctx, in)
	cr.printf("taflbot console: you are %s. Try: /tafl challenge opponent:bob   (then: as bob, click Accept)   or /tafl ai level:easy; 'quit' ends.\n", user)
	n := 0
	for {
		var line string
		select {
		case <-ctx.Done(): // Ctrl-C, SIGTERM: stop as quit does
			return nil
		case l, ok := <-lines:
			if !ok {
				return *scanErr
			}
			line = strings.TrimSpace(l)
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		id := fmt.Sprintf("c%d", n)
		var it *discordgo.Interaction
		switch verb, rest, _ := strings.Cut(line, " "); verb {
		case "quit", "exit":
			return nil
		case "as":
			user = strings.TrimPrefix(strings.TrimSpace(rest), "@")
			if user == "" {
				user = "alice"
			}
			cr.printf("you are %s\n", user)
			continue
		case "sweep":
			b.Sweep(ctx)
		case "wait":
			d, err := waitDuration(strings.TrimSpace(rest))
			if err != nil || d <= 0 {
				cr.printf("wait: give a duration such as 2d, 2h or 90m\n")
				continue
			}
			cr.advance(d)
			b.Sweep(ctx)
		case "click", "select":
			cid, values, err := cr.component(user, verb, unquoteArg(strings.TrimSpace(rest)))
			if err != nil {
				cr.printf("%v\n", err)
				continue
			}
			it = &discordgo.Interaction{Type: discordgo.InteractionMessageComponent,
				Data: discordgo.MessageComponentInteractionData{CustomID: cid, Values: values}}
			it.Message = &discordgo.Message{ID: "console-msg", ChannelID: consoleChannel}
			if cr.lastEphemeral(cid) {
				it.Message.Flags = discordgo.MessageFlagsEphemeral
			}
		case "complete":
			data, err := cr.parseSlash(strings.TrimSpace(rest), true, b.consoleLocales(ctx, cr.userID(user))...)
			if err != nil {
				cr.printf("%v\n", err)
				continue
			}
			if names, ok := cr.pickerChoices(data, b.consoleLocales(ctx, cr.userID(user))); ok {
				cr.printf("[to %s] choices: %s\n", user, strings.Join(names, ", "))
				continue
			}
			if opts := data.Options[0].Options; len(opts) > 0 {
				opts[len(opts)-1].Focused = true
			}
			it = &discordgo.Interaction{Type: discordgo.InteractionApplicationCommandAutocomplete, Data: *data}
		default:
			data, err := cr.parseSlash(line, false, b.consoleLocales(ctx, cr.userID(user))...)
			if err != nil {
				cr.printf("%v\n", err)
				continue
			}
			it = &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Data: *data}
		}
		if it != nil {
			it.ID, it.Token, it.AppID, it.GuildID, it.ChannelID = id, "token-"+id, "console", consoleGuild, consoleChannel
			it.Member = &discordgo.Member{User: &discordgo.User{ID: cr.userID(user), Username: user},
				Permissions: discordgo.PermissionManageGuild}
			cr.setActor(user)
			b.HandleGateway(ctx, it)
		}
		b.settle(ctx, 30*time.Second)
	}
}

// consoleLines reads in line by line in a goroutine of its own, so that
// the console stops when ctx ends (Ctrl-C) while it waits for a line: a
// read from a terminal cannot be interrupted. The channel is closed at
// the end of in, after which *err is the error that ended it, if any.
func consoleLines(ctx context.Context, in io.Reader) (<-chan string, *error) {
	lines, err := make(chan string), new(error)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		*err = sc.Err()
	}()
	return lines, err
}

const (
	consoleGuild   = "1"
	consoleChannel = "2"
)

// ConsoleREST is the REST of console mode: messages are printed, files
// written to a folder, component ids remembered for "click" and "select".
type ConsoleREST struct {
	mu      sync.Mutex
	outMu   sync.Mutex // guards writes to out (printf)
	out     io.Writer
	dir     string
	offset  time.Duration
	users   map[string]string // name → id
	names   map[string]string // id → name
	actor   string
	buttons []consoleButton // newest last
	files   int
	// commands are the ones the bot registered (see RegisterCommands).
	commands []*discordgo.ApplicationCommand
	threads  int // threads started (see StartThread)
	// private holds the interactions whose reply only their user sees (a
	// private reply deferred, or a private message updated), so that the
	// reply's later edit is printed as private too.
	private map[string]bool
}

type consoleButton struct {
	label, customID string
	menu            bool
	ephemeral       bool
	// owner is the user a private (ephemeral) message was shown to: only
	// they see it, and so only they can press its buttons.
	owner string
}

// NewConsoleREST returns a console REST printing to out and writing
// pictures into dir.
func NewConsoleREST(out io.Writer, dir string) *ConsoleREST {
	return &ConsoleREST{out: out, dir: dir, users: map[string]string{}, names: map[string]string{}, private: map[string]bool{}}
}

// Now is the console's clock: real time plus any "wait".
func (c *ConsoleREST) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *ConsoleREST) advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
	c.printf("(the clock moves forward %s)\n", d)
}

// printf writes to the console's output, one write at a time: the
// follow-up work, the clock sweep's announcements (several at once) and
// the console's own lines print from goroutines of their own.
func (c *ConsoleREST) printf(format string, args ...any) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	fmt.Fprintf(c.out, format, args...)
}

func (c *ConsoleREST) setActor(name string) { c.mu.Lock(); c.actor = name; c.mu.Unlock() }

// UserID returns the made-up id the console gives a user name.
func (c *ConsoleREST) UserID(name string) string { return c.userID(name) }

// userID returns the made-up id of a user name. It depends on the name
// alone, so that a name is the same player in every run on a database
// (ids handed out in order of appearance made "alice" of one run "bob" of
// the next).
func (c *ConsoleREST) userID(name string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.users[name]; ok {
		return id
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	id := strconv.FormatUint(100_000_000_000_000_000+h.Sum64()%900_000_000_000_000_000, 10) // 18 digits, as Discord's
	c.users[name], c.names[id] = id, name
	return id
}

// learnNames lets mentions of the players of the database's games read
// as their names before they are typed in this run. A name that the games
// give one id only keeps it (a database of older console runs gave ids in
// order of appearance, 1000, 1001, …), so that "as alice" plays her own
// games there; a name with several ids gets its own (see userID). Only
// the games' seats are read (no game is replayed): names are kept
// nowhere else.
func (c *ConsoleREST) learnNames(ctx context.Context, st *storage.Store) error {
	ids := map[string]map[string]bool{} // name → the ids the games give it
	err := st.ForEachGameSeats(ctx, func(_ storage.GameID, attackers, defenders storage.Seat) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, seat := range []storage.Seat{attackers, defenders} {
			if seat.UserID == "" || seat.Name == "" {
				continue
			}
			if _, known := c.names[seat.UserID]; !known {
				c.names[seat.UserID] = seat.Name
			}
			if ids[seat.Name] == nil {
				ids[seat.Name] = map[string]bool{}
			}
			ids[seat.Name][seat.UserID] = true
		}
		return nil
	})
	c.mu.Lock()
	defer c.mu.Unlock()
	for name, set := range ids {
		if len(set) != 1 {
			continue
		}
		for id := range set {
			if _, taken := c.users[name]; !taken && c.names[id] == name {
				c.users[name] = id
			}
		}
	}
	return err
}

var (
	// linkRE matches a link to a message in the console's server.
	linkRE      = regexp.MustCompile(`https://discord\.com/channels/` + consoleGuild + `/(\d+)/[\w-]+`)
	mentionRE   = regexp.MustCompile(`<[@#]!?(\d+)>`)
	timestampRE = regexp.MustCompile(`<t:(-?\d+)(?::([tTdDfFR]))?>`)
)

// text replaces mentions by names (the console's one channel by
// #console), links to messages by their channel (a console message has
// no address to open: "#console") and Discord timestamps (<t:…:R>) by
// readable dates on the console's clock. Like Discord, it trims the
// whitespace around the text, so a message ending in a newline ends
// without a blank line.
func (c *ConsoleREST) text(s string) string {
	s = strings.TrimSpace(s)
	s = linkRE.ReplaceAllString(s, "<#$1>")
	s = strings.ReplaceAll(s, "<#"+consoleChannel+">", "#console")
	now := c.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	s = mentionRE.ReplaceAllStringFunc(s, func(m string) string {
		id := mentionRE.FindStringSubmatch(m)[1]
		if n, ok := c.names[id]; ok {
			return "@" + n
		}
		return m
	})
	return timestampRE.ReplaceAllStringFunc(s, func(m string) string {
		sec, err := strconv.ParseInt(timestampRE.FindStringSubmatch(m)[1], 10, 64)
		if err != nil {
			return m
		}
		return readableTime(time.Unix(sec, 0), now)
	})
}

// readableTime writes t as a date and time with how far it is from now:
// "Mon 2 Mar 2026 14:05 (in 23h 59m)".
func readableTime(t, now time.Time) string {
	s := t.Local().Format("Mon 2 Jan 2006 15:04")
	switch d := t.Sub(now); {
	case d >= time.Minute:
		s += " (in " + formatLeft(locale.For(locale.English), d) + ")"
	case d <= -time.Minute:
		s += " (" + formatLeft(locale.For(locale.English), -d) + " ago)"
	}
	return s
}

// lastFileNumber returns the highest number that starts a file name in
// dir as the console numbers its files ("007-game-1-3.png"), 0 for none.
func lastFileNumber(dir string) int {
	entries, _ := os.ReadDir(dir)
	last := 0
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "-")
		if n, err := strconv.Atoi(num); ok && err == nil && len(num) >= 3 {
			last = max(last, n)
		}
	}
	return last
}

// pictureLine is how the console shows a picture it wrote: its path and,
// when the bot gave one, its description (the alt text Discord shows).
// Another file (a game record, a review) is shown as a file.
func pictureLine(path, alt, contentType string) string {
	kind := "picture"
	if contentType != "" && !strings.HasPrefix(contentType, "image/") {
		kind = "file"
	}
	if alt == "" {
		return "[" + kind + ": " + path + "]"
	}
	return "[" + kind + ": " + path + " — " + alt + "]"
}

// show prints a message and saves its files; alts are the attachments'
// descriptions by file name.
func (c *ConsoleREST) show(prefix, content string, files []*discordgo.File, comps []discordgo.MessageComponent, embeds []*discordgo.MessageEmbed, flags discordgo.MessageFlags, alts map[string]string) error {
	var sb strings.Builder
	eph := flags&discordgo.MessageFlagsEphemeral != 0
	if eph {
		prefix += " (only you)"
	}
	if content != "" {
		sb.WriteString(c.text(content))
	}
	shown := map[string]string{} // attachment name -> path written
	for _, f := range files {
		c.mu.Lock()
		c.files++
		name := fmt.Sprintf("%03d-%s", c.files, filepath.Base(f.Name))
		c.mu.Unlock()
		path := filepath.Join(c.dir, name)
		data, err := io.ReadAll(f.Reader)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return fmt.Errorf("console: %w", err)
		}
		shown[f.Name] = path
	}
	for _, e := range embeds {
		if e.Title != "" {
			sb.WriteString("\n" + c.text(e.Title))
		}
		if e.Description != "" {
			sb.WriteString("\n" + c.text(e.Description))
		}
		for _, f := range e.Fields {
			fmt.Fprintf(&sb, "\n%s: %s", c.text(f.Name), c.text(f.Value))
		}
		if e.Image != nil {
			name := strings.TrimPrefix(e.Image.URL, "attachment://")
			if path, ok := shown[name]; ok {
				fmt.Fprintf(&sb, "\n%s", pictureLine(path, alts[name], ""))
				delete(shown, name)
			}
		}
	}
	for _, f := range files {
		if path, ok := shown[f.Name]; ok {
			fmt.Fprintf(&sb, "\n%s", pictureLine(path, alts[f.Name], f.ContentType))
		}
	}
	var labels []string
	for _, comp := range comps {
		row, ok := comp.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, inner := range row.Components {
			switch x := inner.(type) {
			case discordgo.Button:
				if !x.Disabled {
					labels = append(labels, "["+x.Label+"]")
					c.remember(consoleButton{label: x.Label, customID: x.CustomID, ephemeral: eph})
				}
			case discordgo.SelectMenu:
				var vals []string
				for _, o := range x.Options {
					vals = append(vals, o.Value)
				}
				labels = append(labels, "menu: "+strings.Join(vals, " "))
				c.remember(consoleButton{label: "select", customID: x.CustomID, menu: true, ephemeral: eph})
			}
		}
	}
	if len(labels) > 0 {
		sb.WriteString("\n" + strings.Join(labels, " "))
	}
	// A message of embeds alone (/tafl help) starts on the prefix's line
	// rather than under an empty one.
	c.printf("%s %s\n", prefix, strings.ReplaceAll(strings.TrimPrefix(sb.String(), "\n"), "\n", "\n    "))
	return nil
}

func (c *ConsoleREST) remember(b consoleButton) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b.ephemeral {
		b.owner = c.actor
	}
	c.buttons = append(c.buttons, b)
	if len(c.buttons) > 200 {
		c.buttons = c.buttons[100:]
	}
}

// unquoteArg takes a click's label or a select's value out of the double
// quotes it may be written in, as an option's value with spaces is
// (click "Yes, resign").
func unquoteArg(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// component finds the newest button with a label, or the newest menu,
// that user sees: another user's private message is not theirs to
// press, as in Discord, where they never see it.
func (c *ConsoleREST) component(user, verb, arg string) (string, []string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	hidden := "" // the owner of a private message that has it
	for i := len(c.buttons) - 1; i >= 0; i-- {
		b := c.buttons[i]
		match := verb == "select" && b.menu || verb == "click" && !b.menu && strings.EqualFold(b.label, arg)
		if !match {
			continue
		}
		if b.ephemeral && b.owner != user {
			if hidden == "" {
				hidden = b.owner
			}
			continue
		}
		if verb == "select" && arg == "" {
			return "", nil, fmt.Errorf("select: say which, such as: select e5")
		}
		if verb == "select" {
			return b.customID, []string{arg}, nil
		}
		return b.customID, nil, nil
	}
	var err error
	if verb == "select" {
		err = fmt.Errorf("there is no menu to choose from: click Move under a board first")
	} else {
		err = fmt.Errorf("there is no %q button to click", arg)
	}
	if hidden != "" {
		err = fmt.Errorf("%w (%s has one in a private reply, which only %s sees: as %s to use it)", err, hidden, hidden, hidden)
	}
	return "", nil, err
}

func (c *ConsoleREST) lastEphemeral(customID string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.buttons) - 1; i >= 0; i-- {
		if c.buttons[i].customID == customID {
			return c.buttons[i].ephemeral
		}
	}
	return false
}

// firstOption names the option a bare word stands for, per subcommand.
var firstOption = map[string]string{"challenge": "opponent", "move": "move", "board": "game", "resign": "game", "draw": "game",
	"ai": "level", "rules": "variant", "history": "game", "leaderboard": "variant", "stats": "user", "games": "user", "vacation": "days", "tournament": "action",
	"puzzle": "variant", "analyse": "game"}

// splitQuoted splits a line into words at spaces, keeping text in double
// quotes together (without the quotes): variant:"dim:7 … start:/…/".
func splitQuoted(line string) []string {
	var words []string
	var cur strings.Builder
	quoted, started := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, started = !quoted, true
		case r == ' ' && !quoted:
			if started {
				words = append(words, cur.String())
			}
			cur.Reset()
			started = false
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		words = append(words, cur.String())
	}
	return words
}

// consoleLocales are the Discord locales whose command, option and
// choice names the console accepts from user besides the English ones:
// those of the language the bot answers them in (/tafl settings
// language) and of the server's (server_language), whose names the
// bot's private and public texts show. Discord shows a user the names of
// their client's language; the console has no client, so it takes the
// names its texts show. Icelandic has no Discord locale (its texts show
// the English names).
func (b *Bot) consoleLocales(ctx context.Context, userID string) []discordgo.Locale {
	langs := []string{b.chosenLanguage(ctx, userID)}
	if gs, err := b.guildSettings(ctx, consoleGuild); err == nil {
		langs = append(langs, gs.Language)
	}
	var out []discordgo.Locale
	for _, lang := range langs {
		if lang == "" {
			continue
		}
		tag := locale.Match(lang)
		for _, l := range locale.Langs {
			if l.Tag == tag && l.Discord != "" && !slices.Contains(out, discordgo.Locale(l.Discord)) {
				out = append(out, discordgo.Locale(l.Discord))
			}
		}
	}
	return out
}

// named reports whether typed is name or its localization in one of locs.
func named(typed, name string, localized map[discordgo.Locale]string, locs []discordgo.Locale) bool {
	if typed == name {
		return true
	}
	for _, l := range locs {
		if s, ok := localized[l]; ok && s == typed {
			return true
		}
	}
	return false
}

// choiceValue returns the value of the choice of o that typed names —
// its value, its English name or its name in one of locs (any case),
// as Discord's picker shows it — and whether there is one.
func choiceValue(o *discordgo.ApplicationCommandOption, typed string, locs []discordgo.Locale) (any, bool) {
	for _, ch := range o.Choices {
		if fmt.Sprint(ch.Value) == typed || strings.EqualFold(ch.Name, typed) {
			return ch.Value, true
		}
		for _, l := range locs {
			if s, ok := ch.NameLocalizations[l]; ok && strings.EqualFold(s, typed) {
				return ch.Value, true
			}
		}
	}
	return nil, false
}

// pickerChoices reads a "complete" whose last option has fixed choices
// (level, side): Discord's client lists those itself, the ones whose
// name has what was typed, and asks the bot nothing. It returns their
// names as the picker shows them to a reader of the first of locs, and
// whether the option is such.
func (c *ConsoleREST) pickerChoices(data *discordgo.ApplicationCommandInteractionData, locs []discordgo.Locale) ([]string, bool) {
	sub := data.Options[0]
	if len(sub.Options) == 0 {
		return nil, false
	}
	last := sub.Options[len(sub.Options)-1]
	for _, s := range c.command().Options {
		if s.Name != sub.Name {
			continue
		}
		for _, o := range s.Options {
			if o.Name != last.Name || len(o.Choices) == 0 {
				continue
			}
			typed := strings.ToLower(fmt.Sprint(last.Value))
			names := choiceNames(o, locs)
			out := []string{}
			for i, ch := range o.Choices {
				if strings.Contains(strings.ToLower(names[i]), typed) || fmt.Sprint(ch.Value) == typed {
					out = append(out, names[i])
				}
			}
			return out, true
		}
	}
	return nil, false
}

// choiceNames are the names of o's choices as Discord's picker shows
// them to a reader of the first of locs (the English names without one,
// or where the choice has no name in it).
func choiceNames(o *discordgo.ApplicationCommandOption, locs []discordgo.Locale) []string {
	out := make([]string, 0, len(o.Choices))
	for _, ch := range o.Choices {
		name := ch.Name
		if len(locs) > 0 {
			if s, ok := ch.NameLocalizations[locs[0]]; ok && s != "" {
				name = s
			}
		}
		out = append(out, name)
	}
	return out
}

// parseSlash reads "/tafl sub [name:value | value] …"; a value with
// spaces goes in double quotes (a choice's name, such as "træk dig", may
// also be typed without them). Subcommands, options and choices go by
// their English names or by those Discord shows in one of locs (see
// consoleLocales). partial keeps number options as typed (autocomplete:
// Discord sends them as strings).
func (c *ConsoleREST) parseSlash(line string, partial bool, locs ...discordgo.Locale) (*discordgo.ApplicationCommandInteractionData, error) {
	f := splitQuoted(line)
	if len(f) < 2 || f[0] != "/"+CommandName {
		return nil, fmt.Errorf("commands look like: /tafl help   (or: as NAME, click LABEL, select VALUE, wait 2h, quit)")
	}
	var def *discordgo.ApplicationCommandOption
	for _, o := range c.command().Options {
		if named(f[1], o.Name, o.NameLocalizations, locs) {
			def = o
			break
		}
	}
	if def == nil {
		return nil, fmt.Errorf("unknown subcommand %q: try /tafl help", f[1])
	}
	sub := def.Name
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	var resolved *discordgo.ApplicationCommandInteractionDataResolved
	typed := map[string]string{} // the options given so far, as typed
	prev := ""                   // the option given before, as typed
	for i := 2; i < len(f); i++ {
		name, value, ok := strings.Cut(f[i], ":")
		if !ok {
			name, value = firstOption[sub], f[i]
			if _, given := typed[name]; given && prev != "" {
				// Discord sends an option once, and a value as typed, with
				// its spaces: a word after a value (variant:Alea Evangelii)
				// is no option of its own here. It goes in quotes.
				pname, pvalue, _ := strings.Cut(prev, ":")
				return nil, fmt.Errorf("/tafl %s: %q is no option of its own; a value with spaces goes in double quotes, as %s:\"%s %s\"", sub, value, pname, pvalue, value)
			}
		}
		var od *discordgo.ApplicationCommandOption
		for _, o := range def.Options {
			if named(name, o.Name, o.NameLocalizations, locs) {
				od = o
				break
			}
		}
		if od == nil {
			return nil, fmt.Errorf("/tafl %s has no option %q", sub, name)
		}
		if _, twice := typed[od.Name]; twice {
			return nil, fmt.Errorf("/tafl %s takes %s once", sub, od.Name)
		}
		typed[od.Name] = value
		prev = name + ":" + value
		name = od.Name
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: od.Type, Value: value}
		if len(od.Choices) > 0 {
			// A choice named in words ("træk dig") may run over the
			// next words, typed as the texts show it.
			v, found := choiceValue(od, value, locs)
			for j := i + 1; !found && j < len(f) && j <= i+4; j++ {
				if v, found = choiceValue(od, value+" "+strings.Join(f[i+1:j+1], " "), locs); found {
					i = j
				}
			}
			if found {
				o.Value = v
			} else if !partial {
				// Discord sends only one of the choices: its picker offers
				// no other. Refused here as the picker would show them.
				shown := od.Name
				if len(locs) > 0 && od.NameLocalizations[locs[0]] != "" {
					shown = od.NameLocalizations[locs[0]]
				}
				return nil, fmt.Errorf("%s must be one of: %s", shown, strings.Join(choiceNames(od, locs), ", "))
			}
		}
		switch od.Type {
		case discordgo.ApplicationCommandOptionInteger:
			if partial {
				break
			}
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, fmt.Errorf("%s must be a number", name)
			}
			o.Value = float64(n)
		case discordgo.ApplicationCommandOptionBoolean:
			// Discord's picker says True and False; typed, any case will do.
			switch strings.ToLower(value) {
			case "true", "yes":
				o.Value = true
			case "false", "no":
				o.Value = false
			default:
				if !partial { // autocomplete: a half-typed value is not an error
					return nil, fmt.Errorf("%s must be True or False", name)
				}
				o.Value = false
			}
		case discordgo.ApplicationCommandOptionUser:
			// Discord resolves the user picked, with its member data (a
			// console user is a member of the console's server) and
			// whether it is a bot: the console's bot is consoleBotName.
			id := c.userID(c.mentioned(value))
			o.Value = id
			if resolved == nil {
				resolved = &discordgo.ApplicationCommandInteractionDataResolved{
					Users: map[string]*discordgo.User{}, Members: map[string]*discordgo.Member{}}
			}
			name := c.nameOf(id)
			resolved.Users[id] = &discordgo.User{ID: id, Username: name, Bot: strings.EqualFold(name, consoleBotName)}
			resolved.Members[id] = &discordgo.Member{}
		case discordgo.ApplicationCommandOptionChannel:
			o.Value = consoleChannel
		}
		opts = append(opts, o)
	}
	return &discordgo.ApplicationCommandInteractionData{ID: "console", Name: CommandName, Resolved: resolved,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}, nil
}

// consoleBotName is the bot's own user name in the console, as its
// messages are marked ("[taflbot]"): a bot, which Discord would resolve
// as one.
const consoleBotName = "taflbot"

// mentioned reads a user option as typed: "bob", "@bob", or a mention as
// Discord writes one, "<@bob>" or "<@!bob>" (or with a console user's id,
// "<@1234…>"), is the user bob.
func (c *ConsoleREST) mentioned(value string) string {
	if inner, ok := strings.CutPrefix(value, "<@"); ok {
		if inner, ok = strings.CutSuffix(inner, ">"); ok && inner != "" {
			inner = strings.TrimPrefix(inner, "!")
			c.mu.Lock()
			name, known := c.names[inner]
			c.mu.Unlock()
			if known {
				return name
			}
			return inner
		}
	}
	return strings.TrimPrefix(value, "@")
}

// nameOf is the user name of a console user's id.
func (c *ConsoleREST) nameOf(id string) string { c.mu.Lock(); defer c.mu.Unlock(); return c.names[id] }

func (c *ConsoleREST) who() string { c.mu.Lock(); defer c.mu.Unlock(); return "[to " + c.actor + "]" }

// Respond prints an interaction's response. A reply to a private
// message (the menus, a confirmation) updates it in place, so it stays
// private, as it does in Discord.
func (c *ConsoleREST) Respond(_ context.Context, in *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	private := r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
	if in != nil && in.Message != nil && in.Message.Flags&discordgo.MessageFlagsEphemeral != 0 &&
		(r.Type == discordgo.InteractionResponseUpdateMessage || r.Type == discordgo.InteractionResponseDeferredMessageUpdate) {
		private = true
	}
	if private && in != nil {
		c.mu.Lock()
		c.private[in.ID] = true
		c.mu.Unlock()
	}
	switch r.Type {
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var vals []string
		for _, ch := range r.Data.Choices {
			vals = append(vals, ch.Name)
		}
		c.printf("%s choices: %s\n", c.who(), strings.Join(vals, ", "))
		return nil
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		c.printf("[taflbot is thinking…]\n")
		return nil
	}
	d := r.Data
	if d == nil {
		return nil
	}
	prefix, flags := "[taflbot]", d.Flags
	if private {
		prefix, flags = c.who(), flags|discordgo.MessageFlagsEphemeral
	}
	return c.show(prefix, d.Content, d.Files, d.Components, d.Embeds, flags, alts(d.Files))
}

// Original returns a stand-in message.
func (c *ConsoleREST) Original(context.Context, *discordgo.Interaction) (*discordgo.Message, error) {
	return &discordgo.Message{ID: "console-original", ChannelID: consoleChannel}, nil
}

// EditResponse prints the edited response (privately where the response
// was private).
func (c *ConsoleREST) EditResponse(_ context.Context, in *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	content := ""
	if e.Content != nil {
		content = *e.Content
	}
	var comps []discordgo.MessageComponent
	if e.Components != nil {
		comps = *e.Components
	}
	c.mu.Lock()
	private := in != nil && c.private[in.ID]
	c.mu.Unlock()
	prefix, flags := "[taflbot]", discordgo.MessageFlags(0)
	if private {
		prefix, flags = c.who(), discordgo.MessageFlagsEphemeral
	}
	return &discordgo.Message{ID: "console-edit"}, c.show(prefix, content, e.Files, comps, derefEmbeds(e.Embeds), flags, alts(e.Files))
}

func derefEmbeds(e *[]*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	if e == nil {
		return nil
	}
	return *e
}

// DeleteResponse does nothing: printed lines stay.
func (c *ConsoleREST) DeleteResponse(context.Context, *discordgo.Interaction) error { return nil }

// Followup prints a follow-up message; a private one (a private reply
// that came after "thinking…") to its user, as Respond prints it.
func (c *ConsoleREST) Followup(_ context.Context, _ *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	prefix := "[taflbot]"
	if p.Flags&discordgo.MessageFlagsEphemeral != 0 {
		prefix = c.who()
	}
	return &discordgo.Message{ID: "console-followup", ChannelID: consoleChannel}, c.show(prefix, p.Content, p.Files, p.Components, p.Embeds, p.Flags, alts(p.Files))
}

// Send prints a channel message.
func (c *ConsoleREST) Send(_ context.Context, channelID string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	return &discordgo.Message{ID: "console-send", ChannelID: channelID}, c.show("[taflbot]", m.Content, m.Files, m.Components, m.Embeds, 0, alts(m.Files))
}

// Edit prints an edit that changes a message's text (a challenge that
// expired, a tournament's announcement with its players); an edit that
// only takes the buttons off an old board is not shown.
func (c *ConsoleREST) Edit(_ context.Context, e *discordgo.MessageEdit) error {
	if e.Content == nil {
		return nil // only an old board's buttons taken off: nothing to read
	}
	var comps []discordgo.MessageComponent
	if e.Components != nil {
		comps = *e.Components
	}
	return c.show("[taflbot edits a message]", *e.Content, e.Files, comps, derefEmbeds(e.Embeds), 0, alts(e.Files))
}

// DM prints a direct message.
func (c *ConsoleREST) DM(_ context.Context, userID string, m *discordgo.MessageSend) error {
	c.mu.Lock()
	name := c.names[userID]
	c.mu.Unlock()
	c.printf("[DM to %s] %s\n", name, c.text(m.Content))
	return nil
}

// StartThread gives each thread an id of its own, as Discord does (the
// console still prints its messages with all the others; commands typed
// at the console come from its one channel, the threads' parent).
func (c *ConsoleREST) StartThread(context.Context, string, string, string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.threads++
	return fmt.Sprintf("%s-thread-%d", consoleChannel, c.threads), nil
}

// Channel says what StartThread made: its ids are threads of the
// console's channel, every other id a text channel.
func (c *ConsoleREST) Channel(_ context.Context, channelID string) (*discordgo.Channel, error) {
	if strings.HasPrefix(channelID, consoleChannel+"-thread-") {
		return &discordgo.Channel{ID: channelID, Type: discordgo.ChannelTypeGuildPublicThread, ParentID: consoleChannel}, nil
	}
	return &discordgo.Channel{ID: channelID, Type: discordgo.ChannelTypeGuildText}, nil
}

// InGuild reports the console's one server as the bot's.
func (c *ConsoleREST) InGuild(context.Context, string) (bool, error) { return true, nil }

// RegisterCommands keeps the commands the bot registers (with the
// engine option when other engines are configured) for parseSlash. It
// gives them no ids: the console's texts name the commands as typed
// ("`/tafl move`"), not as Discord's mentions.
func (c *ConsoleREST) RegisterCommands(_ context.Context, _, _ string, cmds []*discordgo.ApplicationCommand) ([]*discordgo.ApplicationCommand, error) {
	c.mu.Lock()
	c.commands = cmds
	c.mu.Unlock()
	return cmds, nil
}

// Commands returns the commands registered (without ids).
func (c *ConsoleREST) Commands(context.Context, string, string) ([]*discordgo.ApplicationCommand, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.commands, nil
}

// command returns the /tafl command as the bot registered it (before
// that, as Commands defines it).
func (c *ConsoleREST) command() *discordgo.ApplicationCommand {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.commands) > 0 {
		return c.commands[0]
	}
	return Commands()[0]
}

// waitDuration reads a console "wait": a Go duration (90m, 2h30m), with
// whole days in front allowed as the bot writes them (2d, 1d12h).
func waitDuration(s string) (time.Duration, error) {
	days, rest, ok := strings.Cut(s, "d")
	if !ok {
		return time.ParseDuration(s)
	}
	n, err := strconv.Atoi(days)
	if err != nil || n < 0 || n > 3660 {
		return 0, fmt.Errorf("%q is not a number of days", days)
	}
	d := time.Duration(n) * 24 * time.Hour
	if rest != "" {
		r, err := time.ParseDuration(rest)
		if err != nil {
			return 0, err
		}
		d += r
	}
	return d, nil
}
