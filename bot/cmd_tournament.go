package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tournament"
	"golang.org/x/text/width"
)

// Tournaments: /tafl tournament action:… creates one (server managers),
// signs players up and off (also with the Join / Leave buttons of its
// announcement), starts it, withdraws a player, shows the standings or
// calls it off. When the sign-up deadline passes (or a manager starts
// it early) the bot pairs round 1 and creates its games itself, in the
// tournament's thread where it could open one; when a round's games have
// all ended it pairs and creates the next. After every finished game and
// at the end it posts the standings as a picture. The sweep catches up on
// all of it after a restart: storage.CreateTournamentGames creates a
// round's games and records them in one transaction.

// Tournament actions.
var tournamentActions = []string{"create", "join", "leave", "start", "withdraw", "standings", "cancel"}

const (
	maxAnnouncement   = 1900 // bytes of a tournament's announcement, within Discord's 2000 characters
	maxTournamentName = 60
	defaultSignup     = 48 * time.Hour
	maxSignup         = 30 * 24 * time.Hour
	defaultSwissRound = 5
)

// cmdTournament handles /tafl tournament.
// tournamentNameMarks are the characters a tournament's name may not
// hold: it is shown in bold in running text, where they would mention
// someone, format or end the bold (a trailing backslash); "](" is
// refused too, which would make a masked link ([text](url)), while
// brackets alone are plain text ("Winter [Cup]"). Nor may it hold a
// bidirectional override (isBidiControl), which would mirror the rest of
// every line it is shown in, nor show nothing (zero-width spaces).
const tournamentNameMarks = "\n@`*_~|<>\\"

func (b *Bot) cmdTournament(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		return nil, userErrorT("tour.server_only")
	}
	switch action := r.str("action"); action {
	case "create":
		return b.createTournament(ctx, r)
	case "join", "leave":
		t, err := b.pickTournament(ctx, r)
		if err != nil {
			return nil, err
		}
		return b.signUp(ctx, r, t.ID, action == "join", false)
	case "start":
		t, err := b.pickTournament(ctx, r)
		if err != nil {
			return nil, err
		}
		return b.startNow(ctx, r, t.ID, false)
	case "withdraw":
		t, err := b.pickTournament(ctx, r)
		if err != nil {
			return nil, err
		}
		return b.withdraw(ctx, r, t)
	case "standings", "":
		t, err := b.pickTournament(ctx, r)
		if err != nil {
			return nil, err
		}
		msg, err := b.standingsMessage(t, "")
		if err != nil {
			return nil, err
		}
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()}}, nil
	case "cancel":
		t, err := b.pickTournament(ctx, r)
		if err != nil {
			return nil, err
		}
		return b.cancelTournament(ctx, r, t)
	default:
		return nil, userErrorT("tour.what", choicesOf{"tournament", "action"})
	}
}

func isManager(r *request) bool {
	return r.in.Member != nil && r.in.Member.Permissions&discordgo.PermissionManageGuild != 0
}

func (b *Bot) createTournament(ctx context.Context, r *request) (*reply, error) {
	if !isManager(r) {
		return nil, userErrorT("tour.managers_create")
	}
	// Its rounds, boards and standings are posted by the bot on its own,
	// in a thread started on the announcement where it can.
	if missing := b.missingPostPermissions(ctx, r, true); len(missing) > 0 {
		return nil, userErrorf("I can't run a tournament in this channel: here I lack %s, which I need to post its rounds, boards and standings on my own. Create it in a channel where I can post, or give me %s here.", missing, missing)
	}
	// Nor in a private thread, where the bot, not a member (it would have
	// to be added), may answer but not post on its own (Discord 50001);
	// a game asked for there is played in the parent channel
	// (Bot.gameChannel), but a tournament is announced by this answer.
	if ch, err := b.channel(ctx, r.in.ChannelID); err == nil && ch.Type == discordgo.ChannelTypeGuildPrivateThread && ch.ParentID != "" {
		return nil, userErrorT("tour.private_thread", ch.ParentID)
	}
	settings, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(r.str("name"))
	if invisible(name) || utf8.RuneCountInString(name) > maxTournamentName || strings.ContainsAny(name, tournamentNameMarks) || strings.Contains(name, "](") || strings.IndexFunc(name, isBidiControl) >= 0 {
		return nil, userErrorT("tour.name", maxTournamentName)
	}
	cv, err := parseVariant(r.str("variant"), settings.DefaultVariant, noRules)
	if err != nil {
		return nil, err
	}
	variant, layout := cv.name, cv.layout
	st := tournament.Tournament{Format: tournament.Swiss, Rounds: defaultSwissRound}
	if f := r.str("format"); f != "" {
		if st.Format, err = tournament.ParseFormat(f); err != nil {
			return nil, userErrorT("tour.format", choicesOf{"tournament", "format"})
		}
	}
	if n, ok := r.int("rounds"); ok {
		if st.Format != tournament.Swiss {
			return nil, userErrorT("tour.rounds_rr")
		}
		if n < 1 || n > tournament.MaxRounds {
			return nil, userErrorT("tour.rounds_range", tournament.MaxRounds)
		}
		st.Rounds = int(n)
	}
	if st.Format == tournament.RoundRobin {
		st.Rounds = 0
	}
	st.Double, _ = r.boolean("double")
	live, err := timeOption(r)
	if err != nil {
		return nil, err
	}
	var moveTime time.Duration
	if live.IsZero() {
		if moveTime, err = daysOption(r, settings); err != nil {
			return nil, err
		}
	}
	signup := defaultSignup
	if h, ok := r.int("signup"); ok {
		// At least an hour: with none, sign-up would close before anyone
		// could join (Start now starts it sooner). The hours are checked
		// before they become a Duration, which a huge number overflows.
		if h < 1 || h > int64(maxSignup/time.Hour) {
			// Start now as the tournament's message will show it.
			return nil, userErrorT("tour.signup_range", int(maxSignup.Hours()), shownLabel("tour.btn_start", b.publicLang(ctx, r)))
		}
		signup = time.Duration(h) * time.Hour
	}
	casual, ok := r.boolean("casual")
	if !ok {
		casual = settings.CasualDefault
	}
	now := b.now()
	lang := b.publicLang(ctx, r)
	t := &storage.Tournament{GuildID: r.in.GuildID, ChannelID: r.in.ChannelID, CreatorID: r.userID, Name: name, Language: lang,
		Variant: variant, Layout: layout, MoveTime: moveTime, TimeControl: live, Casual: casual,
		SignupDeadline: now.Add(signup), Names: map[string]string{}, State: st}
	if err := b.store.CreateTournament(ctx, t); err != nil {
		return nil, err
	}
	msg := b.announcement(t)
	in := r.in
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()},
		after: func(ctx context.Context) {
			m, err := b.responseMessage(ctx, in)
			if err != nil {
				b.log.Warn("looking up a tournament announcement", "tournament_id", t.ID, "err", err)
				return
			}
			// A thread of its own where the server allows one; created in
			// a thread, it is played in that thread (Discord starts no
			// thread inside a thread).
			thread := ""
			if ch, err := b.channel(ctx, in.ChannelID); err != nil || !ch.IsThread() {
				if thread, err = b.rest.StartThread(ctx, in.ChannelID, m.ID, truncate(t.Name, 90)); err != nil {
					b.log.Info("no tournament thread; playing in the channel", "tournament_id", t.ID, "err", err)
					thread = ""
				}
			}
			saved, err := b.store.UpdateTournament(ctx, t.ID, func(st *storage.Tournament) error {
				st.MessageID, st.ThreadID = m.ID, thread
				return nil
			})
			if err != nil {
				b.log.Warn("saving a tournament's message", "tournament_id", t.ID, "err", err)
				return
			}
			// Who joined, or a start, before the message was saved could
			// not edit it: it is brought up to date now.
			if b.announcement(saved).content != msg.content {
				b.editAnnouncement(ctx, saved)
			}
		}}, nil
}

// tourLang is the language of a tournament's public messages.
func tourLang(t *storage.Tournament) *locale.Printer { return locale.For(locale.Match(t.Language)) }

// describeTournament says what kind of tournament t is.
func describeTournament(t *storage.Tournament) string {
	p := tourLang(t)
	format := p.T("tour.rr")
	if t.State.Format == tournament.Swiss {
		format = p.T("tour.swiss", t.State.Rounds)
	}
	if t.State.Double {
		format += p.T("tour.double")
	}
	pace := p.T("tour.per_move", formatLeft(p, t.MoveTime))
	if !t.TimeControl.IsZero() {
		pace = p.T("tour.live", t.TimeControl.String())
	}
	rated := p.T("tour.rated")
	if t.Casual {
		rated = p.T("tour.casual")
	}
	return fmt.Sprintf("%s · %s · %s · %s", format, variantName(p, t.Variant, t.Layout), pace, rated)
}

// playerList names the first n players in seed order, marking those
// who withdrew, and says how many more there are.
func playerList(t *storage.Tournament, n int) string {
	if len(t.State.Players) == 0 {
		return tourLang(t).T("tour.nobody")
	}
	var names []string
	for _, p := range t.State.Players[:n] {
		name := "<@" + p.ID + ">"
		if p.Withdrawn != 0 {
			name = tourLang(t).T("tour.withdrew_mark", name)
		}
		names = append(names, name)
	}
	list := strings.Join(names, ", ")
	if n < len(t.State.Players) {
		list = strings.TrimSpace(list + " " + tourLang(t).T("… and %d more.", len(t.State.Players)-n))
	}
	return list
}

// maxFirstPlace bounds the bytes of the players in first place that the
// final standings congratulate and the announcement names, leaving room
// in Discord's 2000 characters for the rest (the forfeits of the last
// rounds: maxForfeitList).
const maxFirstPlace = 400

// firstPlace mentions the players ranked first ("<@1>, <@2> and <@3>"),
// as many as fit in maxFirstPlace, saying how many more there are: some
// 80 co-winners (a tournament of draws) ran the final standings past
// Discord's limit, which refused them, and cut the announcement in the
// middle of a mention.
func firstPlace(t *storage.Tournament) string {
	var winners []string
	for _, s := range t.State.Standings() {
		if s.Rank == 1 {
			winners = append(winners, "<@"+s.Player+">")
		}
	}
	p := tourLang(t)
	if list := andList(winners, p.T("tour.and")); len(list) <= maxFirstPlace {
		return list
	}
	n, size := 0, 0
	for n < len(winners) && size+len(winners[n])+len(", ") <= maxFirstPlace {
		size += len(winners[n]) + len(", ")
		n++
	}
	// The list goes on in a sentence: "… and 3 more" without its full stop.
	return strings.Join(winners[:n], ", ") + " " + strings.TrimSuffix(p.T("… and %d more.", len(winners)-n), ".")
}

// announcement is the tournament's sign-up message with its buttons.
func (b *Bot) announcement(t *storage.Tournament) *message {
	p := tourLang(t)
	state := func(list string) string {
		switch {
		case t.Cancelled:
			return p.T("tour.state_cancelled")
		case t.State.Finished:
			return p.T("tour.state_over", t.State.Round, firstPlace(t), len(t.State.Players), list)
		case t.State.Started():
			return p.T("tour.state_running", t.State.Round, len(t.State.Players), list)
		case !t.SignupDeadline.After(b.now()):
			// Between the deadline and the sweep that pairs round 1.
			return p.T("tour.state_closed", t.SignupDeadline.Unix(), len(t.State.Players), list)
		default:
			return p.T("tour.state_signup", t.SignupDeadline.Unix(), len(t.State.Players), list)
		}
	}
	head := p.T("tour.head", t.Name, t.ID, describeTournament(t)) + "\n"
	// Some 80 players' mentions fill the message: the list names the
	// first of them and says how many more (cut short, it ended in the
	// middle of a mention).
	n := len(t.State.Players)
	content := head + state(playerList(t, n))
	for ; len(content) > maxAnnouncement && n > 0; n-- {
		content = head + state(playerList(t, n-1))
	}
	id := func(a Action) string { return CustomID{Action: a, ID: uint64(t.ID)}.String() }
	open := !t.State.Started() && !t.Cancelled
	joinable := open && t.SignupDeadline.After(b.now())
	return &message{content: truncate(content, maxAnnouncement), components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: p.T("tour.btn_join"), Style: discordgo.SuccessButton, CustomID: id(ActTourJoin), Disabled: !joinable},
		discordgo.Button{Label: p.T("tour.btn_leave"), Style: discordgo.SecondaryButton, CustomID: id(ActTourLeave), Disabled: !open},
		discordgo.Button{Label: p.T("tour.btn_start"), Style: discordgo.PrimaryButton, CustomID: id(ActTourStart), Disabled: !open},
	}}}}
}

// pickTournament finds the tournament a command is about: the option,
// else the tournament of this thread, else the server's only active one,
// else the only active one announced in this channel.
func (b *Bot) pickTournament(ctx context.Context, r *request) (*storage.Tournament, error) {
	if s := strings.TrimSpace(r.str("tournament")); s != "" {
		num := s
		if i := strings.IndexAny(num, " ·"); i > 0 {
			num = num[:i]
		}
		n, err := strconv.ParseUint(strings.TrimPrefix(width.Narrow.String(num), "#"), 10, 64)
		if err != nil || n == 0 {
			// A name typed instead of the number the list gives.
			return b.tournamentNamed(ctx, r, s)
		}
		t, err := b.store.GetTournament(ctx, storage.TournamentID(n))
		if err != nil || t.GuildID != r.in.GuildID {
			// No such number here: a name that is or begins with a
			// number ("2026", "2026 Open"), typed whole.
			named, nerr := b.tournamentNamed(ctx, r, s)
			var ue *userError
			if errors.As(nerr, &ue) && ue.key == "tour.no_name" {
				return nil, userErrorT("tour.no_such", n)
			}
			return named, nerr
		}
		return t, nil
	}
	all, err := b.store.Tournaments(ctx, r.in.GuildID, false)
	if err != nil {
		return nil, err
	}
	var active []*storage.Tournament
	for _, t := range all {
		if t.ThreadID != "" && t.ThreadID == r.in.ChannelID {
			return t, nil
		}
		if !t.Over() {
			active = append(active, t)
		}
	}
	if len(active) > 1 {
		// Several going: the one announced where the command is typed.
		var here []*storage.Tournament
		for _, t := range active {
			if t.ChannelID == r.in.ChannelID {
				here = append(here, t)
			}
		}
		if len(here) == 1 {
			return here[0], nil
		}
	}
	switch {
	case len(active) == 1:
		return active[0], nil
	case len(active) == 0 && len(all) > 0 && (r.str("action") == "standings" || r.str("action") == ""):
		last := all[len(all)-1]
		if last.Cancelled {
			// Its table (the players who had signed up) would read as
			// a tournament still to come.
			return nil, userErrorT("tour.none_last_cancelled", last.Name, uint64(last.ID))
		}
		return last, nil // the last one's final standings
	case len(active) == 0:
		return nil, userErrorT("tour.none")
	}
	return nil, userErrorT("tour.several")
}

// tournamentNamed finds the tournament of this server called name (in
// any case). Of several, the one not over is taken if it is the only
// one; otherwise the answer names their numbers to pick from.
func (b *Bot) tournamentNamed(ctx context.Context, r *request, name string) (*storage.Tournament, error) {
	all, err := b.store.Tournaments(ctx, r.in.GuildID, false)
	if err != nil {
		return nil, err
	}
	var named, going []*storage.Tournament
	for _, t := range all {
		if strings.EqualFold(t.Name, name) {
			named = append(named, t)
			if !t.Over() {
				going = append(going, t)
			}
		}
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(going) == 1:
		return going[0], nil
	case len(named) == 0:
		return nil, userErrorT("tour.no_name", codeText(truncate(name, 60)))
	}
	nums := make([]string, len(named))
	for i, t := range named {
		nums[i] = strconv.FormatUint(uint64(t.ID), 10)
	}
	return nil, userErrorT("tour.ambiguous", named[0].Name, strings.Join(nums, ", "))
}

// signUp adds or removes the user before the start.
func (b *Bot) signUp(ctx context.Context, r *request, id storage.TournamentID, join, button bool) (*reply, error) {
	rating := storage.DefaultRating.Rating
	t0, err := b.tournamentHere(ctx, r, id)
	if err != nil {
		return nil, err
	}
	if p, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID); err == nil {
		rating = p.Rating(t0.Variant).Rating
	}
	name := r.userName() // as games keep it: control characters out, at most 40 letters
	// closed is the tournament when sign-up is over and round 1 is not
	// yet paired (a join refused).
	var closed *storage.Tournament
	t, err := b.store.UpdateTournament(ctx, id, func(t *storage.Tournament) error {
		closed = nil
		if t.Cancelled {
			return userErrorT("tour.called_off")
		}
		if join && !t.State.Started() && !t.SignupDeadline.After(b.now()) {
			// The next sweep pairs round 1 with the players signed up by
			// the deadline.
			closed = t
			return userErrorT("tour.signup_over", t.Name, t.SignupDeadline.Unix())
		}
		switch {
		case t.State.Finished:
			return userErrorT("tour.over") // not "it has started", then "use withdraw"
		case join && t.State.Started() && t.State.Player(r.userID) == nil:
			// Not "(To stop playing, use withdraw.)": they never played.
			return userErrorT("tour.join_started", t.Name)
		case t.State.Started() && t.State.Player(r.userID) != nil && t.State.Player(r.userID).Withdrawn != 0:
			// Nor to one who stopped playing: they cannot come back, and
			// leaving, they are told they left already (not "use withdraw").
			return userErrorT("tour.withdrew_already", t.Name, t.State.Player(r.userID).Withdrawn)
		}
		var err error
		if join {
			err = t.State.Join(r.userID, rating)
			t.Names[r.userID] = name
		} else {
			err = t.State.Leave(r.userID)
			delete(t.Names, r.userID)
		}
		return tournamentError(err)
	})
	if err != nil && closed != nil {
		// The refusal, and the announcement, which still offered Join
		// until the sweep, now says that sign-up closed.
		msg, _ := userMessage(err, r.p)
		return &reply{resp: ephemeral(msg), after: func(ctx context.Context) { b.editAnnouncement(ctx, closed) }}, nil
	}
	if err != nil {
		return nil, err
	}
	msg := b.announcement(t)
	if button {
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg.data()}}, nil
	}
	note := r.p.T("tour.joined", t.Name, len(t.State.Players))
	if !join {
		note = r.p.T("tour.left", t.Name)
	}
	return &reply{resp: ephemeral(note), after: func(ctx context.Context) { b.editAnnouncement(ctx, t) }}, nil
}

// tournamentError turns the tournament package's errors into user errors.
func tournamentError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tournament.ErrStarted):
		return userErrorT("tour.started_closed")
	case errors.Is(err, tournament.ErrJoined):
		return userErrorT("tour.already")
	case errors.Is(err, tournament.ErrNotEntered):
		return userErrorT("tour.not_in")
	case errors.Is(err, tournament.ErrFull):
		return userErrorT("tour.full", tournament.MaxPlayers)
	case errors.Is(err, tournament.ErrNotStarted):
		return userErrorT("tour.not_started")
	case errors.Is(err, tournament.ErrFinished):
		return userErrorT("tour.over")
	}
	return err
}

// editAnnouncement updates the sign-up message. A tournament's edits go
// one at a time, each showing the tournament as stored now (t if it
// cannot be read): sent at once, with the state each caller had, they
// arrived in any order and could leave an older state shown (Join on
// after the start). Other tournaments' edits do not wait for them: one
// Discord is slow to answer (up to the client's 20 s) would hold up
// every server's, and the clock sweep.
func (b *Bot) editAnnouncement(ctx context.Context, t *storage.Tournament) {
	defer b.announceMu.lock(uint64(t.ID))()
	if now, err := b.store.GetTournament(ctx, t.ID); err == nil {
		t = now
	}
	if t.MessageID == "" || t.ChannelGone {
		return // not saved yet, or its channel deleted (postTournament)
	}
	msg := b.announcement(t)
	comps := msg.components
	if err := b.rest.Edit(ctx, &discordgo.MessageEdit{ID: t.MessageID, Channel: t.ChannelID, Content: &msg.content, Components: &comps,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
		b.log.Warn("editing a tournament announcement", "tournament_id", t.ID, "err", err)
	}
}

// keyedMutex is a mutex per key (the zero value is ready): lock(k)
// waits for the other holders of k only, and returns the unlock.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[uint64]*keyedLock
}

type keyedLock struct {
	sync.Mutex
	users int // holders and waiters: the entry goes with the last
}

func (k *keyedMutex) lock(key uint64) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[uint64]*keyedLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyedLock{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// ratingsNow returns the ratings in t's variant of the players signed up
// for t, by user id (players without a record are left out): the
// players are seeded by their ratings at the start, which rated games
// played since they joined may have moved.
func (b *Bot) ratingsNow(ctx context.Context, t *storage.Tournament) (map[string]float64, error) {
	out := map[string]float64{}
	for _, pl := range t.State.Players {
		p, err := b.store.GetPlayer(ctx, t.GuildID, pl.ID)
		switch {
		case isNotFound(err):
			continue
		case err != nil:
			return nil, err
		}
		out[pl.ID] = p.Rating(t.Variant).Rating
	}
	return out, nil
}

// seedBy sets the ratings the players of t are seeded by (see ratingsNow)
// before t starts.
func seedBy(t *storage.Tournament, ratings map[string]float64) {
	for i, pl := range t.State.Players {
		if r, ok := ratings[pl.ID]; ok {
			t.State.Players[i].Rating = r
		}
	}
}

// startNow starts a tournament before its deadline (its creator or a manager).
func (b *Bot) startNow(ctx context.Context, r *request, id storage.TournamentID, button bool) (*reply, error) {
	t, err := b.tournamentHere(ctx, r, id)
	if err != nil {
		return nil, err
	}
	ratings, err := b.ratingsNow(ctx, t)
	if err != nil {
		return nil, err
	}
	manager := isManager(r)
	t, err = b.store.UpdateTournament(ctx, id, func(t *storage.Tournament) error {
		// What the tournament's state says first: to a player who may
		// not start it, "only its creator can" would say that someone
		// still could.
		switch {
		case t.Cancelled:
			return userErrorT("tour.called_off")
		case t.State.Finished:
			return userErrorT("tour.over")
		case t.State.Started():
			// Not "sign-up is closed. (To stop playing, use withdraw.)":
			// they asked to start it.
			return userErrorT("tour.already_started", t.Name, t.State.Round)
		case !manager && r.userID != t.CreatorID:
			return userErrorT("tour.only_creator_start", t.CreatorID)
		}
		seedBy(t, ratings)
		_, err := t.State.Start()
		if errors.Is(err, tournament.ErrTooFew) {
			// Say how many there are and what can be done.
			return userErrorT("tour.too_few", t.Name, len(t.State.Players))
		}
		return tournamentError(err)
	})
	if err != nil {
		return nil, err
	}
	if !button {
		// The command's answer is private, like join's and leave's: the
		// announcement is edited where it stands, and the round's pairings
		// are posted (a public copy of the announcement repeated it).
		return &reply{resp: ephemeral(r.p.T("tour.you_started", t.Name)), after: func(ctx context.Context) {
			b.editAnnouncement(ctx, t)
			b.awaitAnnouncement(ctx, t.ID)
			b.playRound(ctx, t.ID)
		}}, nil
	}
	msg := b.announcement(t)
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg.data()}
	return &reply{resp: resp, after: func(ctx context.Context) {
		b.awaitAnnouncement(ctx, t.ID)
		b.playRound(ctx, t.ID)
	}}, nil
}

// announceWait is how long after its creation a tournament's first round
// may wait for its announcement and thread to be saved.
const announceWait = 30 * time.Second

// awaitAnnouncement waits until tournament id's announcement is saved,
// with its thread. The create command's follow-up looks the announcement
// up, starts the thread on it and saves both moments after the reply; a
// start quick off the mark (Start now right after the sign-ups) came
// before, and its first round was played in the channel while the later
// rounds went to the thread. The wait ends at the latest announceWait
// after the tournament was created: if the follow-up failed, the round
// is played in the channel.
func (b *Bot) awaitAnnouncement(ctx context.Context, id storage.TournamentID) {
	began := time.Now()
	for logged := false; ; logged = true {
		t, err := b.store.GetTournament(ctx, id)
		if err != nil || t.MessageID != "" || b.now().Sub(t.Created) >= announceWait || time.Since(began) >= announceWait {
			return
		}
		if !logged {
			b.log.Debug("a tournament's first round waits for its announcement and thread to be saved", "tournament_id", id)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// cancelTournament calls off a tournament that has not started.
func (b *Bot) cancelTournament(ctx context.Context, r *request, t *storage.Tournament) (*reply, error) {
	manager := isManager(r)
	t, err := b.store.UpdateTournament(ctx, t.ID, func(t *storage.Tournament) error {
		switch { // the state first, as in startNow
		case t.Cancelled:
			return userErrorT("tour.called_off")
		case t.Over():
			return userErrorT("tour.over")
		case t.State.Started():
			return userErrorT("tour.cancel_started")
		case !manager && r.userID != t.CreatorID:
			return userErrorT("tour.only_creator_cancel", t.CreatorID)
		}
		t.Cancelled = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &reply{resp: ephemeral(r.p.T("tour.cancelled", t.Name)), after: func(ctx context.Context) {
		b.editAnnouncement(ctx, t)
		// The players who signed up hear of it where the tournament is
		// played, as of one called off for too few players (Discord
		// pings nobody for the announcement's edit); it pings nobody.
		send := (&message{content: tourLang(t).T("tour.cancelled_by", t.Name, r.userID)}).send()
		send.AllowedMentions = &discordgo.MessageAllowedMentions{}
		if err := b.postTournament(ctx, t, send); err != nil {
			b.log.Warn("announcing a cancelled tournament", "tournament_id", t.ID, "err", err)
		}
	}}, nil
}

// withdraw takes the user out of a tournament under way, or, for a
// server manager, the player option's user (the tournament is of the
// manager's server: pickTournament); the player's game in progress ends
// by resignation.
func (b *Bot) withdraw(ctx context.Context, r *request, t *storage.Tournament) (*reply, error) {
	who, byManager := r.userID, false
	if u := r.user("player"); u != "" && u != r.userID {
		if !isManager(r) {
			return nil, userErrorT("tour.withdraw_managers")
		}
		who, byManager = u, true
	}
	var pending *tournament.Game
	t, err := b.store.UpdateTournament(ctx, t.ID, func(t *storage.Tournament) error {
		if t.Cancelled {
			return userErrorT("tour.called_off")
		}
		var err error
		if p := t.State.Player(who); p != nil && p.Withdrawn != 0 {
			round := p.Withdrawn
			if _, err = t.State.Withdraw(who); err == nil {
				// Said again, it was "You withdrew", announced again.
				err = userErrorT("tour.withdrew_already", t.Name, round)
				if byManager {
					err = userErrorT("tour.withdrew_already_other", who, t.Name, round)
				}
			}
			return tournamentError(err)
		}
		pending, err = t.State.Withdraw(who)
		switch {
		case byManager && errors.Is(err, tournament.ErrNotEntered):
			return userErrorT("tour.not_in_other", who, t.Name)
		case byManager && errors.Is(err, tournament.ErrNotStarted):
			return userErrorT("tour.not_started_other", t.Name, who)
		}
		return tournamentError(err)
	})
	if err != nil {
		return nil, err
	}
	answer := r.p.T("tour.withdrew", t.Name)
	if byManager {
		answer = r.p.T("tour.withdrew_other", who, t.Name)
	}
	return &reply{resp: ephemeral(answer),
		after: func(ctx context.Context) {
			// The announcement marks who withdrew; left as it was, it
			// listed them as playing until the round ended.
			b.editAnnouncement(ctx, t)
			// The channel hears of the withdrawal: under the resigned
			// game's board, else on its own (it heard nothing when the
			// player had no game going).
			said := func() {
				send := (&message{content: tourLang(t).T("tour.withdrew_post", r.userID, t.Name)}).send()
				send.AllowedMentions = &discordgo.MessageAllowedMentions{} // who withdrew knows
				if byManager {
					// The player withdrawn is told (pinged), the manager named.
					send = (&message{content: tourLang(t).T("tour.withdrawn_post", r.userID, who, t.Name)}).send()
					send.AllowedMentions = &discordgo.MessageAllowedMentions{Users: []string{who}}
				}
				if err := b.postTournament(ctx, t, send); err != nil {
					b.log.Warn("announcing a tournament withdrawal", "tournament_id", t.ID, "err", err)
				}
			}
			if pending != nil && pending.GameID != 0 {
				// b.updateGame: a game found out of time is ended on time
				// instead, and that end is announced and recorded (the
				// tournament waited for it for ever).
				g, err := b.updateGame(ctx, storage.GameID(pending.GameID), -1, func(g *storage.Game) error {
					if !g.Active() {
						return tafl.ErrGameOver
					}
					return g.Tafl().Resign(g.SideOf(who))
				})
				if errors.Is(err, storage.ErrTimedOut) {
					said()
					return // its announcement moves the tournament on
				}
				if err == nil {
					headline := tourLang(t).T("tour.withdrew_board", who)
					if byManager {
						headline = tourLang(t).T("tour.withdrawn_board", r.userID, who)
					}
					// The actor, whom the board does not ping: who withdrew,
					// else the manager (both players are pinged).
					if msg, err := b.boardMessage(ctx, g, headline, r.userID); err == nil {
						b.postBoard(ctx, g, msg)
					}
					return
				}
				b.log.Warn("resigning a withdrawn player's game", "game_id", pending.GameID, "err", err)
			}
			said()
			b.tournamentProgress(ctx, t.ID, nil) // the round may be complete without them
		}}, nil
}

// tournamentHere reads tournament id for a request from its server: a
// tournament of another server (a custom_id naming it, as ids are
// sequential) is no tournament here, as for the tournament option, and
// the permission to start it is not this server's to give.
func (b *Bot) tournamentHere(ctx context.Context, r *request, id storage.TournamentID) (*storage.Tournament, error) {
	t, err := b.store.GetTournament(ctx, id)
	if isNotFound(err) || err == nil && t.GuildID != r.in.GuildID {
		return nil, userErrorT("tour.no_such", uint64(id))
	}
	return t, err
}

// Component handlers of the announcement.

func (b *Bot) btnTourJoin(ctx context.Context, r *request) (*reply, error) {
	return b.signUp(ctx, r, storage.TournamentID(r.cid.ID), true, true)
}

func (b *Bot) btnTourLeave(ctx context.Context, r *request) (*reply, error) {
	return b.signUp(ctx, r, storage.TournamentID(r.cid.ID), false, true)
}

func (b *Bot) btnTourStart(ctx context.Context, r *request) (*reply, error) {
	return b.startNow(ctx, r, storage.TournamentID(r.cid.ID), true)
}

// playerName is the name a tournament player's seat is created with: the
// display name last seen from them, else the one they signed up under
// (after a restart the bot has seen nobody yet).
func (b *Bot) playerName(t *storage.Tournament, userID string) string {
	if name := b.knownName(userID); name != "" {
		return name
	}
	return t.Names[userID]
}

// tournamentChannel is where a tournament's games and standings go.
func tournamentChannel(t *storage.Tournament) string {
	if t.ThreadID != "" {
		return t.ThreadID
	}
	return t.ChannelID
}

// postTournament posts send where tournament t is played (its thread,
// else its channel) and returns Discord's error. Its rounds' start and
// standings would otherwise be seen by nobody (the players hear of their
// own games by direct message: moveByDM, resultByDM), so:
//
//   - where Discord answers that the thread no longer exists (10003:
//     deleted), the thread is forgotten (stored, and cleared in t) and
//     the tournament goes on in the channel it was announced in: this
//     post, the later ones and the games of later rounds go there, after
//     a line saying that the thread is gone (once: tournamentThreadGone;
//     the games of the round going on in the thread move there with
//     their next post, tournamentGameThreadGone);
//   - where that channel no longer exists either, or the tournament's
//     own channel does not (stored: ChannelGone, then no longer tried),
//     or the bot may not post there (accessRefused), the post goes to
//     the tournament's creator by direct message, after one saying why
//     (that the channel is gone: once).
func (b *Bot) postTournament(ctx context.Context, t *storage.Tournament, send *discordgo.MessageSend) error {
	var err error
	if !t.ChannelGone {
		_, err = b.rest.Send(ctx, tournamentChannel(t), send)
		if channelGone(err) && t.ThreadID != "" {
			b.tournamentThreadGone(ctx, t)
			rewind(send.Files)
			_, err = b.rest.Send(ctx, t.ChannelID, send)
		}
		if !channelGone(err) && !accessRefused(err) {
			return err
		}
	}
	if t.CreatorID == "" {
		return err // no creator recorded: nobody to tell
	}
	first := false
	if channelGone(err) {
		if _, uerr := b.store.UpdateTournament(ctx, t.ID, func(st *storage.Tournament) error {
			first = !st.ChannelGone
			st.ChannelGone = true
			return nil
		}); uerr != nil {
			b.log.Error("marking a tournament's channel gone", "tournament_id", t.ID, "err", uerr)
		}
		t.ChannelGone = true
		if first {
			b.log.Warn("a tournament's channel no longer exists: its rounds and standings go to its creator by direct message", "tournament_id", t.ID, "channel_id", tournamentChannel(t), "creator_id", t.CreatorID)
		}
	}
	p := locale.For(locale.Match(b.chosenLanguage(ctx, t.CreatorID), t.Language))
	why := ""
	switch {
	case first:
		why = p.T("tour.dm_channel_gone", t.Name)
	case accessRefused(err):
		b.log.Warn("a tournament's post was refused for missing access or permissions: sent to its creator by direct message", "tournament_id", t.ID, "channel_id", tournamentChannel(t), "err", err)
		why = p.T("tour.dm_refused", t.Name, tournamentChannel(t))
	}
	if why != "" {
		if err := b.rest.DM(ctx, t.CreatorID, &discordgo.MessageSend{Content: why, AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
			b.log.Warn("telling a tournament's creator where its posts go", "tournament_id", t.ID, "user_id", t.CreatorID, "err", err)
		}
	}
	rewind(send.Files)
	dm := *send
	dm.AllowedMentions = &discordgo.MessageAllowedMentions{} // nobody else is in a direct message
	if err := b.rest.DM(ctx, t.CreatorID, &dm); err != nil {
		b.log.Warn("sending a tournament's post to its creator", "tournament_id", t.ID, "user_id", t.CreatorID, "err", err)
		return err
	}
	return nil
}

// tournamentThreadGone forgets tournament t's thread, which Discord
// answered no longer exists (stored, and cleared in t): the tournament
// goes on in the channel it was announced in, which the first call to
// find it gone tells so (tour.thread_gone).
func (b *Bot) tournamentThreadGone(ctx context.Context, t *storage.Tournament) {
	thread, first := t.ThreadID, false
	if _, err := b.store.UpdateTournament(ctx, t.ID, func(st *storage.Tournament) error {
		first = st.ThreadID == thread
		if first {
			st.ThreadID = ""
		}
		return nil
	}); err != nil {
		b.log.Error("forgetting a deleted tournament thread", "tournament_id", t.ID, "err", err)
	}
	t.ThreadID = ""
	b.log.Warn("a tournament's thread no longer exists: it goes on in its channel", "tournament_id", t.ID, "thread_id", thread, "channel_id", t.ChannelID)
	if first && !t.ChannelGone {
		note := (&message{content: tourLang(t).T("tour.thread_gone", t.Name)}).send()
		note.AllowedMentions = &discordgo.MessageAllowedMentions{}
		if _, err := b.rest.Send(ctx, t.ChannelID, note); err != nil {
			b.log.Warn("saying a tournament's thread is gone", "tournament_id", t.ID, "err", err)
		}
	}
}

// tournamentGameThreadGone moves game g of a tournament, whose post in
// its thread Discord answered that the thread no longer exists (10003:
// the tournament's thread deleted during a round), out of the thread
// (stored: Game.ThreadID cleared), and returns where its posts go now:
// the channel the tournament goes on in (the tournament forgets its
// thread too, when it has not yet: tournamentThreadGone). The first
// call to move it posts there that the game goes on in this channel,
// pinging both players, who played it in the thread. Where the
// tournament's channel no longer exists either (Tournament.ChannelGone)
// it returns "": its posts are refused as the thread's was, and its
// players are told by direct message (boardRefused, resultByDM), as of a
// game whose channel was deleted.
func (b *Bot) tournamentGameThreadGone(ctx context.Context, g *storage.Game) string {
	thread := g.ThreadID
	t, err := b.store.GetTournament(ctx, g.TournamentID)
	if err != nil {
		b.log.Error("reading the tournament of a game whose thread is gone", "game_id", g.ID, "tournament_id", g.TournamentID, "err", err)
		return ""
	}
	if t.ThreadID == thread {
		b.tournamentThreadGone(ctx, t)
	}
	first := false
	if _, err := b.updateGame(ctx, g.ID, -1, func(sg *storage.Game) error {
		first = sg.ThreadID == thread
		if first {
			sg.ThreadID = ""
		}
		return nil
	}); err != nil {
		b.log.Error("moving a tournament game out of its deleted thread", "game_id", g.ID, "err", err)
	}
	if t.ChannelGone {
		return ""
	}
	if first {
		b.log.Warn("a tournament game's thread no longer exists: it goes on in the tournament's channel", "game_id", g.ID, "tournament_id", t.ID, "thread_id", thread, "channel_id", g.ChannelID)
		players := []string{g.Attackers.UserID, g.Defenders.UserID}
		note := (&message{content: gameP(g).T("tour.game_thread_gone", int(g.ID), t.Name, players[0], players[1]), pings: players}).send()
		if _, err := b.rest.Send(ctx, g.ChannelID, note); err != nil {
			b.log.Warn("saying a tournament game's thread is gone", "game_id", g.ID, "err", err)
		}
	}
	return g.ChannelID
}

// playRound creates the current round's games that do not exist yet and
// posts the round's announcement and their boards. It is safe to call
// again (after a restart): games already created are not created twice.
// The games are created with their first boards due (Game.BoardDue) and
// the round with its announcement due (Tournament.RoundDue), so that
// what a process stopped before posting is posted after the restart, by
// this call or the clock sweep (postDueBoard), and once of several.
func (b *Bot) playRound(ctx context.Context, id storage.TournamentID) {
	t, games, err := b.store.CreateTournamentGames(ctx, id, func(t *storage.Tournament, p tournament.Game) (*storage.Game, error) {
		g, err := storage.NewGame(t.Variant, t.Layout)
		if err != nil {
			return nil, err
		}
		g.GuildID, g.ChannelID, g.ThreadID = t.GuildID, t.ChannelID, t.ThreadID
		g.Attackers, g.Defenders = human(p.Attackers, b.playerName(t, p.Attackers)), human(p.Defenders, b.playerName(t, p.Defenders))
		g.MoveTime, g.Casual = t.MoveTime, t.Casual
		g.Language = t.Language
		g.Clock.Control = t.TimeControl
		g.BoardDue = true // until posted below
		return g, nil
	})
	if err != nil {
		b.log.Error("creating a tournament round's games", "tournament_id", id, "err", err)
		return
	}
	if len(games) > 0 {
		b.log.Info("tournament round started", "tournament_id", id, "round", t.State.Round, "games", len(games))
	}
	for _, g := range games {
		b.metrics.gameStarted()
		b.watch(g)
	}
	b.announceRound(ctx, t)
	for _, g := range games {
		b.postTournamentBoard(ctx, t, g)
	}
}

// announceRound posts the announcement of tournament t's current round
// when it is due (storage.Tournament.RoundDue): once, whichever call or
// process claims it; due again when Discord fails to take it.
func (b *Bot) announceRound(ctx context.Context, t *storage.Tournament) {
	round := t.RoundDue
	if round == 0 {
		return
	}
	ok, err := b.store.ClaimRoundDue(ctx, t.ID, round)
	if err != nil {
		b.log.Error("claiming a tournament round's announcement", "tournament_id", t.ID, "err", err)
		return
	}
	if !ok || round != t.State.Round || t.Over() {
		return // another posted it, or it is news no more
	}
	games := 0
	for _, g := range t.State.Games {
		if g.Round == round && g.GameID != 0 {
			games++
		}
	}
	send := (&message{content: roundAnnouncement(t, games)}).send()
	// It pings nobody: the players with a game are pinged by its board,
	// and who sits out, has the bye or won a forfeit has nothing to do.
	send.AllowedMentions = &discordgo.MessageAllowedMentions{}
	if err := b.postTournament(ctx, t, send); err != nil {
		b.log.Warn("announcing a tournament round", "tournament_id", t.ID, "err", err)
		if failedOnDiscordsSide(ctx, err) {
			if _, err := b.store.MarkRoundDue(context.WithoutCancel(ctx), t.ID, round); err != nil {
				b.log.Error("marking a tournament round's announcement due", "tournament_id", t.ID, "err", err)
			}
		}
	}
}

// postTournamentBoard posts the first board of game g of tournament t, which
// neither player started, pinging both, unless another call or process
// claimed it (Game.BoardDue).
func (b *Bot) postTournamentBoard(ctx context.Context, t *storage.Tournament, g *storage.Game) {
	ok, err := b.store.ClaimBoardDue(ctx, g.ID, 0)
	if err != nil {
		b.log.Error("claiming a tournament game's first board", "game_id", g.ID, "err", err)
		return
	}
	if !ok {
		return
	}
	if old := g.ThreadID; old != "" && old != t.ThreadID {
		// The round's announcement found the tournament's thread deleted
		// (postTournament): the game is played where the tournament goes
		// on, its first board seen there.
		moved, err := b.updateGame(ctx, g.ID, -1, func(sg *storage.Game) error {
			if sg.ThreadID == old {
				sg.ThreadID = t.ThreadID
			}
			return nil
		})
		if err != nil {
			b.log.Error("moving a tournament game out of its deleted thread", "game_id", g.ID, "err", err)
		} else {
			g = moved
		}
	}
	round := t.State.Round
	for _, p := range t.State.Games {
		if p.GameID == uint64(g.ID) {
			round = p.Round
		}
	}
	msg, err := b.boardMessage(ctx, g, tourLang(t).T("tour.game_headline", t.Name, round, g.Attackers.UserID, g.Defenders.UserID), "")
	if err != nil {
		b.log.Error("drawing a tournament game", "game_id", g.ID, "err", err)
		return
	}
	// A game neither player started: its beginning is news to both
	// (the round's announcement pings neither).
	msg.pings = []string{g.Attackers.UserID, g.Defenders.UserID}
	b.postBoard(ctx, g, msg) // due again if Discord does not take it
}

// roundAnnouncement is the announcement of the current round of t,
// which has games games: who sits out (or has the bye), and the
// forfeits since the last round announced.
func roundAnnouncement(t *storage.Tournament, games int) string {
	var byes []string
	for _, by := range t.State.Byes {
		if by.Round == t.State.Round && t.State.Player(by.Player).Withdrawn == 0 { // who withdrew is not sitting out
			byes = append(byes, "<@"+by.Player+">")
		}
	}
	p := tourLang(t)
	head := p.T("tour.round_games", t.Name, t.State.Round, games)
	if len(byes) > 0 {
		key := "tour.bye" // a round robin: sitting out scores nothing
		if t.State.Format == tournament.Swiss {
			key = "tour.bye_point" // a Swiss bye scores a point
		}
		head += p.T(key, strings.Join(byes, ", "))
	}
	if forfeits := forfeitsOfRound(t); len(forfeits) > 0 {
		head += p.T("tour.forfeits", forfeitList(p, forfeits))
	}
	return head
}

// winnerMentions lets the final standings ping the players they
// congratulate, those in first place (Discord takes at most 100 users),
// and nobody else they name (the winners of forfeits in the last rounds,
// who withdrew); standings during the tournament ping nobody.
func winnerMentions(t *storage.Tournament) *discordgo.MessageAllowedMentions {
	users := []string{}
	if !t.State.Finished {
		return &discordgo.MessageAllowedMentions{Users: users}
	}
	for _, s := range t.State.Standings() {
		if s.Rank == 1 && len(users) < 100 {
			users = append(users, s.Player)
		}
	}
	return &discordgo.MessageAllowedMentions{Users: users}
}

// forfeitsOfRound says who won the current round's games against players
// who withdrew, and those of the rounds before it that had nothing else
// (the tournament went through them at once, unannounced).
func forfeitsOfRound(t *storage.Tournament) []string {
	p, st := tourLang(t), &t.State
	first := st.Round
	for first > 1 && !roundPlayed(t, first-1) {
		first--
	}
	var out []string
	for _, g := range st.Games {
		if !g.Forfeit || g.Round < first || g.Round > st.Round {
			continue
		}
		switch g.Result {
		case tournament.AttackersWin:
			out = append(out, p.T("tour.forfeit", g.Round, "<@"+g.Attackers+">", "<@"+g.Defenders+">"))
		case tournament.DefendersWin:
			out = append(out, p.T("tour.forfeit", g.Round, "<@"+g.Defenders+">", "<@"+g.Attackers+">"))
		default:
			out = append(out, p.T("tour.forfeit_both", g.Round, "<@"+g.Attackers+">", "<@"+g.Defenders+">"))
		}
	}
	return out
}

// maxForfeitList bounds the bytes of the forfeits a message lists,
// leaving room in Discord's 2000 characters for the rest of it.
const maxForfeitList = 1200

// forfeitList joins forfeits, as many as fit in maxForfeitList, saying
// how many more there are: in a large round robin that many players
// left, the list of a round (or of the last rounds) ran past Discord's
// limit, which refused the round's announcement or the final standings.
func forfeitList(p *locale.Printer, forfeits []string) string {
	list := ""
	for i, f := range forfeits {
		next := f
		if i > 0 {
			next = list + "; " + f
		}
		if len(next) > maxForfeitList {
			// The list ends a sentence: "… and 3 more" without its full stop.
			return list + " " + strings.TrimSuffix(p.T("… and %d more.", len(forfeits)-i), ".")
		}
		list = next
	}
	return list
}

// roundPlayed reports whether round r of t had a game played (not only
// forfeits): such a round was announced when it began.
func roundPlayed(t *storage.Tournament, r int) bool {
	return slices.ContainsFunc(t.State.Games, func(g tournament.Game) bool { return g.Round == r && !g.Forfeit })
}

// tournamentGameOver records the result of a finished tournament game,
// posts the standings, and moves the tournament on when the round is over.
func (b *Bot) tournamentGameOver(ctx context.Context, g *storage.Game) {
	result := tournament.Draw
	switch g.Outcome().Winner {
	case tafl.Attackers:
		result = tournament.AttackersWin
	case tafl.Defenders:
		result = tournament.DefendersWin
	}
	newly := false
	t, err := b.store.UpdateTournament(ctx, g.TournamentID, func(t *storage.Tournament) error {
		newly = false
		for _, p := range t.State.Games {
			if p.GameID == uint64(g.ID) {
				newly = p.Result == tournament.Pending
				if p.Round != t.State.Round {
					return nil // a game of an earlier round (cannot happen): leave it
				}
				_, err := t.State.SetResult(p.Attackers, p.Defenders, result)
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.log.Error("recording a tournament result", "tournament_id", g.TournamentID, "game_id", g.ID, "err", err)
		return
	}
	if !newly {
		return // recorded before (a second report of the same end)
	}
	headline := tourLang(t).T("tour.game_over", g.ID)
	if !t.State.RoundComplete() {
		b.postStandings(ctx, t, headline)
		return
	}
	b.tournamentProgress(ctx, t.ID, &standingsAfter{t, headline})
}

// endedEarly says why a finished tournament ended before its last round
// (" It ended after round 3 of 5: …"), or is empty.
func endedEarly(t *storage.Tournament) string {
	if t.State.Round >= t.State.Rounds {
		return ""
	}
	key := "tour.early_repeat" // a Swiss with no pairing left without a repeat
	if active := slices.DeleteFunc(slices.Clone(t.State.Players), func(p tournament.Player) bool { return p.Withdrawn != 0 }); len(active) < 2 {
		key = "tour.early_players"
	}
	return " " + tourLang(t).T(key, t.State.Round, t.State.Rounds)
}

// finishedHeadline is the headline of a finished tournament's final
// standings: who is congratulated, why it ended early, if it did, and
// the forfeits of its last rounds when they had no game.
func finishedHeadline(t *storage.Tournament) string {
	headline := tourLang(t).T("tour.finished", t.Name, firstPlace(t)) + endedEarly(t)
	if !roundPlayed(t, t.State.Round) {
		// The last rounds were only forfeits, announced nowhere else.
		if forfeits := forfeitsOfRound(t); len(forfeits) > 0 {
			headline += tourLang(t).T("tour.forfeits", forfeitList(tourLang(t), forfeits))
		}
	}
	return headline
}

// standingsAfter is a tournament as the game that completed its round
// left it, and the headline of its standings ("Game 12 is over.").
type standingsAfter struct {
	t        *storage.Tournament
	headline string
}

// tournamentProgress moves a tournament whose round is complete on to
// the next round (or ends it), creating the new games. last, if not nil,
// are the standings after the game that completed the round: they are
// posted before the next round, and at the end only the final standings
// are (under last's headline too), not the same table twice.
func (b *Bot) tournamentProgress(ctx context.Context, id storage.TournamentID, last *standingsAfter) {
	advanced, finished := false, false
	t, err := b.store.UpdateTournament(ctx, id, func(t *storage.Tournament) error {
		advanced, finished = false, false
		if !t.State.Started() || t.State.Finished || !t.State.RoundComplete() {
			return nil
		}
		if _, err := t.State.Advance(); err != nil {
			return err
		}
		advanced, finished = true, t.State.Finished
		return nil
	})
	if last != nil && (err != nil || !finished) {
		b.postStandings(ctx, last.t, last.headline)
	}
	if err != nil {
		b.log.Error("advancing a tournament", "tournament_id", id, "err", err)
		return
	}
	switch {
	case finished:
		b.log.Info("tournament finished", "tournament_id", id)
		headline := finishedHeadline(t)
		if last != nil {
			headline = last.headline + " " + headline
		}
		b.postStandings(ctx, t, headline)
		b.editAnnouncement(ctx, t)
	case advanced:
		b.editAnnouncement(ctx, t)
		b.playRound(ctx, id)
	default:
		b.playRound(ctx, id) // a round whose games were not all created yet
	}
}

// postStandings posts the standings picture in the tournament's channel.
func (b *Bot) postStandings(ctx context.Context, t *storage.Tournament, headline string) {
	msg, err := b.standingsMessage(t, headline)
	if err != nil {
		b.log.Error("drawing tournament standings", "tournament_id", t.ID, "err", err)
		return
	}
	send := msg.send()
	send.AllowedMentions = winnerMentions(t)
	if err := b.postTournament(ctx, t, send); err != nil {
		b.log.Warn("posting tournament standings", "tournament_id", t.ID, "err", err)
	}
}

// standingsMessage draws the standings table: rank, player, points,
// games, the tie-breaks (Sonneborn–Berger in a round robin; Buchholz,
// then Sonneborn–Berger in a Swiss) and W-D-L (wins, the last
// tie-break).
func (b *Bot) standingsMessage(t *storage.Tournament, headline string) (*message, error) {
	p := tourLang(t)
	st := t.State.Standings()
	tb := tournament.TiebreakName(t.State.Format)
	// A Swiss shows its second tie-break too: players level on points
	// and Buchholz were ranked by a column the table did not have (first
	// place too, congratulated alone).
	swiss := t.State.Format == tournament.Swiss
	tbs := tb
	if swiss {
		tbs += ", " + tournament.TiebreakName(tournament.RoundRobin)
	}
	sub := describeTournament(t)
	switch {
	case t.Cancelled:
		sub = p.T("tour.sub_cancelled", sub)
	case t.State.Finished:
		sub = p.T("tour.sub_final", sub)
	case t.State.Started():
		sub = p.T("tour.sub_round", t.State.Round, t.State.Rounds, sub)
	default:
		sub = p.T("tour.sub_signup", sub)
	}
	// The alt text names the tie-breaks in full: a screen reader spells
	// "SB" letter by letter.
	altTbs := spellTiebreak(p, tb)
	if swiss {
		altTbs += ", " + spellTiebreak(p, tournament.TiebreakName(tournament.RoundRobin))
	}
	altSub := p.T("tour.tiebreak", sub, altTbs)
	table := render.Table{Title: t.Name, Subtitle: p.T("tour.tiebreak", sub, tbs),
		Columns: []render.Column{{Heading: "#", Right: true}, {Heading: p.T("tour.col_player"), Wide: true}, {Heading: p.T("tour.col_points"), Right: true},
			{Heading: p.T("tour.col_games"), Right: true}, {Heading: tb, Right: true}}}
	if swiss {
		table.Columns = append(table.Columns, render.Column{Heading: tournament.TiebreakName(tournament.RoundRobin), Right: true})
	}
	table.Columns = append(table.Columns, render.Column{Heading: p.T("tour.col_wdl"), Right: true})
	// A Swiss bye's point is in no game: without their count a row read
	// "Points 2, Games 2, W-D-L 1-0-1".
	byes := swiss && slices.ContainsFunc(st, func(s tournament.Standing) bool { return s.Byes > 0 })
	if byes {
		table.Columns = append(table.Columns, render.Column{Heading: p.T("tour.col_byes"), Right: true})
	}
	var shownNames []string
	for i, s := range st {
		name := t.Names[s.Player]
		if name == "" {
			name = p.T("a player") // as a seat without a name (seatLabel), not the id
		}
		shown := pictureName(p, name)
		if s.Withdrawn {
			name, shown = p.T("tour.withdrew_mark", name), p.T("tour.withdrew_mark", shown)
			table.Faded = append(table.Faded, i)
		}
		if s.Rank == 1 && t.State.Started() && s.Points > 0 {
			table.Marked = append(table.Marked, i)
		}
		shownNames = append(shownNames, shown)
		row := []string{strconv.Itoa(s.Rank), name, formatPoints(s.Points), strconv.Itoa(s.Games), formatPoints(s.Tiebreak(t.State.Format))}
		if swiss {
			row = append(row, formatPoints(s.SB))
		}
		row = append(row, fmt.Sprintf("%d-%d-%d", s.Wins, s.Draws, s.Losses))
		if byes {
			row = append(row, strconv.Itoa(s.Byes))
		}
		table.Rows = append(table.Rows, row)
	}
	// The picture names a player its font cannot draw "a player".
	drawn := table
	drawn.Rows = make([][]string, len(table.Rows))
	for i, row := range table.Rows {
		drawn.Rows[i] = slices.Clone(row)
		drawn.Rows[i][1] = shownNames[i]
	}
	var buf bytes.Buffer
	err := b.withRenderSlot(func() error { return render.TablePNG(&buf, drawn, render.TableOptions{Theme: b.render.Theme}) })
	if err != nil {
		return nil, fmt.Errorf("bot: standings: %w", err)
	}
	content := p.T("tour.standings", t.Name, t.ID)
	if headline != "" {
		content = headline + " " + content
	}
	return &message{content: content, files: []*discordgo.File{{Name: fmt.Sprintf("tournament-%d-standings.png", t.ID), ContentType: "image/png",
		Reader: describe(&buf, standingsAlt(p, t, table, altSub, st))}}}, nil
}

// spellTiebreak is a tie-break's name as the alt text reads it: SB spelt
// out as Sonneborn-Berger.
func spellTiebreak(p *locale.Printer, name string) string {
	if name == tournament.TiebreakName(tournament.RoundRobin) {
		return p.T("tour.alt_sb")
	}
	return name
}

// standingsAlt is the standings picture's alt text: the table read row by
// row, each cell after its column's heading ("1. Alice: Points 2, Games 2, …"),
// except those a screen reader would spell out letter by letter: the
// tie-break SB is named Sonneborn-Berger (sub, the subtitle, names it so
// too), and W-D-L is read as "2 wins, 0 draws, 1 loss".
func standingsAlt(p *locale.Printer, t *storage.Tournament, table render.Table, sub string, st []tournament.Standing) string {
	rows := make([]string, len(table.Rows))
	for i, row := range table.Rows {
		cells := make([]string, 0, len(row)+2)
		s := st[i]
		for j := 2; j < len(row) && j < len(table.Columns); j++ {
			if table.Columns[j].Heading == p.T("tour.col_wdl") {
				cells = append(cells, p.T("tour.alt_wins", s.Wins), p.T("tour.alt_draws", s.Draws), p.T("tour.alt_losses", s.Losses))
				continue
			}
			cells = append(cells, spellTiebreak(p, table.Columns[j].Heading)+" "+row[j])
		}
		rows[i] = row[0] + ". " + row[1] + ": " + strings.Join(cells, ", ")
	}
	list := strings.Join(rows, "; ")
	if len(rows) == 0 {
		list = p.T("tour.nobody")
	}
	return p.T("tour.alt", t.Name, sub, list)
}

// formatPoints writes 2, 2.5 or 0.75.
func formatPoints(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// sweepTournaments starts tournaments whose sign-up closed, and catches
// up on rounds to create and advance (after a restart).
func (b *Bot) sweepTournaments(ctx context.Context, now time.Time) {
	active, err := b.store.Tournaments(ctx, "", true)
	if err != nil {
		b.log.Error("tournament sweep", "err", err)
		return
	}
	for _, t := range active {
		if ctx.Err() != nil {
			return
		}
		switch {
		case !t.State.Started() && !t.SignupDeadline.After(now):
			ratings, err := b.ratingsNow(ctx, t)
			if err != nil {
				b.log.Error("starting a tournament", "tournament_id", t.ID, "err", err)
				continue
			}
			cancelled := false
			nt, err := b.store.UpdateTournament(ctx, t.ID, func(t *storage.Tournament) error {
				cancelled = false
				if t.State.Started() {
					return nil
				}
				seedBy(t, ratings)
				if _, err := t.State.Start(); errors.Is(err, tournament.ErrTooFew) {
					t.Cancelled, cancelled = true, true
					return nil
				} else if err != nil {
					return err
				}
				return nil
			})
			if err != nil {
				b.log.Error("starting a tournament", "tournament_id", t.ID, "err", err)
				continue
			}
			b.editAnnouncement(ctx, nt)
			b.awaitAnnouncement(ctx, t.ID)
			if cancelled {
				text := tourLang(nt).T("tour.cancelled_few", nt.Name)
				if err := b.postTournament(ctx, nt, (&message{content: text}).send()); err != nil {
					b.log.Warn("announcing a cancelled tournament", "tournament_id", t.ID, "err", err)
				}
				continue
			}
			b.playRound(ctx, t.ID)
		case t.State.Started():
			b.tournamentProgress(ctx, t.ID, nil)
		}
	}
}

// tournamentChoices lists the server's tournaments for autocomplete
// (in a direct message, none: tournaments are played in servers).
func (b *Bot) tournamentChoices(ctx context.Context, p *locale.Printer, guildID, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	if guildID == "" {
		return nil, nil
	}
	all, err := b.store.Tournaments(ctx, guildID, false)
	if err != nil {
		return nil, err
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for i := len(all) - 1; i >= 0 && len(out) < 25; i-- {
		t := all[i]
		state := p.T("sign-up")
		switch {
		case t.Cancelled:
			state = p.T("called off")
		case t.State.Finished:
			state = p.T("over")
		case t.State.Started():
			state = p.T("round %d", t.State.Round)
		}
		label := fmt.Sprintf("#%d %s · %s", t.ID, t.Name, state)
		if typed == "" || strings.Contains(strings.ToLower(label), typed) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(label, 95), Value: t.ID.String()})
		}
	}
	return out, nil
}
