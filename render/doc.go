// Package render draws tafl positions as PNG pictures and games as
// animated GIF replays.
//
// # Pictures
//
// [PNG] (and [Image], which returns the picture undecoded) draws any
// [tafl.Position] of any variant, 7×7 to 19×19: a wooden board in a frame
// with file letters and rank numbers on all four sides, the throne, corner
// and camp squares drawn distinctly, and the pieces. Attackers are dark
// round stones, defenders light square tiles, and the king a larger round
// piece with a gold rim and a crown, so the three kinds differ in shape as
// well as colour. [Options] adds the last move (both squares tinted, an
// arrow between them), crosses on just-captured squares, highlight dots
// (such as a piece's legal destinations), a selected square and a caption.
// A captured, encircled or escaped king gets a ring. The zero Options draw
// an 840-pixel board in the [Light] theme with rank 1 at the bottom.
//
// # Replays
//
// [GIF] draws a [tafl.Game] as an animation with one frame per move and a
// pause on the last frame. It uses one fixed palette per replay and stores
// only the part of each frame that changed, and it shrinks the frames when
// needed to keep the file under [GIFOptions].MaxBytes (8 MiB by default,
// Discord's attachment limit).
//
// # Tables
//
// [TableImage] and [TablePNG] draw a [Table] of text — a title, column
// headings and rows, such as a tournament's standings — in the colours of
// a theme, rows striped, marked rows in the accent colour and faded rows
// dimmed; text too wide for its column is cut short with an ellipsis.
//
// # Speed and concurrency
//
// Everything that does not depend on the pieces (frame, labels, wood,
// grid, special squares) is drawn once per layout, size, theme and
// orientation and cached, as are the piece images per size and theme, so a
// picture is a copy, a few small drawings and a PNG encode: about 10 ms
// for 11×11 at the default size (see docs/PERFORMANCE.md). All functions
// are safe for concurrent use; each call makes its own font faces.
//
// Output is deterministic: the fonts are embedded (Go Bold and Go Medium
// from golang.org/x/image/font/gofont), and no clock or randomness is used.
// Captions are drawn with those fonts, which cover Latin, Greek and
// Cyrillic letters and common punctuation but not emoji.
package render
