package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// Discord's limits on embeds (mention.go keeps to them too).
const (
	maxEmbeds          = 10
	maxEmbedText       = 6000 // all titles, descriptions and fields of a message together
	maxEmbedDesc       = 4096
	maxEmbedFieldValue = 1024
	maxEmbedTitle      = 256
)

// cmdRules handles /tafl rules [variant]: without a variant, the list of
// variants; with one (a preset or an OpenTafl rules string), its rules
// page generated from the rule data (tafl.Variant.RulesPage), the start
// board, and the worked examples of its rules drawn as small boards.
func (b *Bot) cmdRules(ctx context.Context, r *request) (*reply, error) {
	if strings.TrimSpace(r.str("variant")) == "" {
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: variantList(r.p), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
	}
	cv, err := parseVariant(r.str("variant"), b.defaultVariant, pageRules)
	if err != nil {
		return nil, err
	}
	data, err := b.rulesMessage(r.p, cv)
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}}, nil
}

// variantList lists every preset: name, size, who moves first, where the
// king escapes, and the one-line summary, in lp's language.
func variantList(lp *locale.Printer) string {
	var sb strings.Builder
	sb.WriteString(lp.T("**Variants** · `/tafl rules` `variant:<name>` shows one's full rules with pictures.") + "\n")
	for _, p := range tafl.Presets() {
		v, err := tafl.Preset(p.Name, "")
		if err != nil {
			continue
		}
		first := lp.T("attackers first")
		if v.Start().ToMove() == tafl.Defenders {
			first = lp.T("defenders first")
		}
		fmt.Fprintf(&sb, "• `%s` %d×%d · %s · %s", p.Name, p.Size, p.Size, first, lp.T(p.Description)) // each description is in the catalog
		if len(p.Layouts) > 1 {
			sb.WriteString(" · " + lp.T("layouts: %s", strings.Join(p.Layouts, ", ")))
		}
		sb.WriteString("\n")
	}
	sb.WriteString(lp.T("A custom variant is an OpenTafl rules string (`dim:9 … start:/…/`), accepted by `/tafl rules`, `/tafl challenge` and `/tafl ai`."))
	return sb.String()
}

// rulesMessage builds the rules page of a variant: one embed with the
// rules and the start board, then one per worked example with its
// diagram, within Discord's limits. The page is generated in English from
// the rule data (tafl.Variant.RulesPage); in another language it starts
// with a translated summary (the preset's description, who moves first,
// how to capture and win) and says that the details follow in English.
func (b *Bot) rulesMessage(lp *locale.Printer, cv chosenVariant) (*discordgo.InteractionResponseData, error) {
	v := cv.v
	page := v.RulesPage()
	var desc strings.Builder
	if lp.Tag() != locale.English {
		for _, pi := range tafl.Presets() {
			if cv.rules == "" && pi.Name == cv.name {
				desc.WriteString(lp.T(pi.Description) + "\n") // each description is in the catalog
			}
		}
		first := lp.T("The attackers move first.")
		if v.Start().ToMove() == tafl.Defenders {
			first = lp.T("The defenders move first.")
		}
		desc.WriteString(first + " " + lp.T("Pieces move like rooks. Sandwich an enemy piece between two of yours to capture it. The defenders win when the king escapes; the attackers win by capturing the king.") + "\n")
		desc.WriteString("*" + lp.T("The detailed rules below are in English.") + "*\n\n")
	}
	for _, s := range page.Sections {
		desc.WriteString("**" + s.Heading + "**\n")
		for _, l := range s.Lines {
			desc.WriteString("• " + l + "\n")
		}
	}
	slug := strings.NewReplacer("/", "-", " ", "-").Replace(cv.fullName())
	startFile := fmt.Sprintf("rules-%s.png", slug)
	png, err := b.boardPNG(v.Start(), nil, lp.T("%s · start", cv.fullName()))
	if err != nil {
		return nil, err
	}
	title := page.Title
	if v.Untitled() { // the page's title calls it "Custom", in English
		title = fmt.Sprintf("%s (%s, %d×%d)", capitalize(variantTitle(lp, v)), cv.fullName(), v.Size(), v.Size())
	}
	main := &discordgo.MessageEmbed{
		Title:       rulesTitle(cv, title),
		Description: truncate(desc.String(), maxEmbedDesc-1),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + startFile},
	}
	if cv.rules != "" {
		main.Fields = []*discordgo.MessageEmbedField{{Name: lp.T("Rules string"), Value: "`" + truncate(v.RulesString(), maxEmbedFieldValue-3) + "`"}}
	}
	embeds := []*discordgo.MessageEmbed{main}
	files := []*discordgo.File{{Name: startFile, ContentType: "image/png", Reader: describe(bytes.NewReader(png), startAlt(lp, variantTitle(lp, v), v))}}
	used := embedText(main)
	for i, il := range v.Illustrations() {
		e := &discordgo.MessageEmbed{Title: il.Title, Description: il.Caption}
		if len(embeds) == maxEmbeds || used+embedText(e) > maxEmbedText {
			break
		}
		img, err := b.diagramPNG(il)
		if err != nil {
			return nil, err
		}
		name := fmt.Sprintf("rules-%s-%d.png", slug, i+1)
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
		embeds = append(embeds, e)
		files = append(files, &discordgo.File{Name: name, ContentType: "image/png", Reader: describe(bytes.NewReader(img), il.Title+": "+il.Caption)})
		used += embedText(e)
	}
	return &discordgo.InteractionResponseData{Embeds: embeds, Files: files, AllowedMentions: &discordgo.MessageAllowedMentions{}}, nil
}

// rulesTitle is the title of cv's rules page as its embed shows it.
// Discord renders markdown in an embed's title (bold, italics, strike,
// code; no mentions nor links): the name: of a rules string, the user's,
// is shown as typed (plainText), cut to fit Discord's 256 characters.
func rulesTitle(cv chosenVariant, title string) string {
	if cv.rules == "" {
		return title // a preset's, the bot's own
	}
	r := []rune(title)
	for n := min(len(r), maxEmbedTitle); n > 0; n-- { // escaping only lengthens
		t := string(r[:n])
		if n < len(r) {
			t += "…"
		}
		if t = plainText(t); utf8.RuneCountInString(t) <= maxEmbedTitle {
			return t
		}
	}
	return ""
}

// startAlt is the alt text of a variant's start board; title is
// variantTitle's.
func startAlt(p *locale.Printer, title string, v *tafl.Variant) string {
	start := v.Start()
	if v.Untitled() { // "of a custom variant" needs its own case in some languages
		if start.ToMove() == tafl.Defenders {
			return p.T("The start position of a custom variant (%d×%d): %s, %s and the king on %s; the defenders move first.",
				v.Size(), v.Size(), pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
		}
		return p.T("The start position of a custom variant (%d×%d): %s, %s and the king on %s; the attackers move first.",
			v.Size(), v.Size(), pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
	}
	if titleHasSize(title, v.Size()) {
		if start.ToMove() == tafl.Defenders {
			return p.T("The start position of %s: %s, %s and the king on %s; the defenders move first.",
				title, pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
		}
		return p.T("The start position of %s: %s, %s and the king on %s; the attackers move first.",
			title, pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
	}
	if start.ToMove() == tafl.Defenders {
		return p.T("The start position of %s (%d×%d): %s, %s and the king on %s; the defenders move first.",
			title, v.Size(), v.Size(), pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
	}
	return p.T("The start position of %s (%d×%d): %s, %s and the king on %s; the attackers move first.",
		title, v.Size(), v.Size(), pieceCount(p, start, tafl.Attackers), pieceCount(p, start, tafl.Defenders), start.King().String())
}

// embedText counts the characters Discord counts against an embed's limit.
func embedText(e *discordgo.MessageEmbed) int {
	n := len([]rune(e.Title)) + len([]rune(e.Description))
	for _, f := range e.Fields {
		n += len([]rune(f.Name)) + len([]rune(f.Value))
	}
	return n
}

// diagramSize is the width of a rules diagram, and diagramSquare the
// least width of its squares: a diagram is diagramSize wide unless its
// board has too many squares for that (alea-evangelii's 19×19 had
// squares of 16 pixels), when it is as wide as squares of diagramSquare
// pixels make it (about 600 for 19×19), never wider than a board picture.
const (
	diagramSize   = 360
	diagramSquare = 28 // as an 11×11 board has at diagramSize
)

// diagramWidth is the width of a diagram of an n×n board, within max.
func diagramWidth(n, max int) int {
	w := diagramSize
	// render's layout: a margin of 14 + 3.5 % of the width each side,
	// the rest the squares.
	for ; (w-2*(14+w*7/200))/n < diagramSquare && w < render.MaxSize; w += 10 {
	}
	return min(w, max)
}

// diagramPNG draws a worked example: the position after its move, with
// the move and its captures marked.
func (b *Bot) diagramPNG(il tafl.Illustration) ([]byte, error) {
	opts := b.render
	opts.Size = diagramWidth(il.After.Size(), cmpOr(opts.Size, render.DefaultSize))
	opts.LastMove, opts.Captured = il.Ply.Move, il.Ply.Captures
	var buf bytes.Buffer
	err := b.withRenderSlot(func() error { return b.renderer.PNG(&buf, il.After, opts) })
	if err != nil {
		return nil, fmt.Errorf("bot: render a rules diagram: %w", err)
	}
	return buf.Bytes(), nil
}

func cmpOr(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
