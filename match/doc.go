// Package match plays engine-versus-engine matches and scores them: the
// game loop of `tafl match` and `tafl openings`.
//
// A [Match] plays games in pairs from the same opening with the sides
// swapped, between two players given as a [Spec]: taflbot's engine with
// fixed limits, or any OTEP engine process (driven through package otep;
// one process per worker for the whole match, started again only if it
// fails). Games run in parallel. [Summary] holds each player's results
// per side, the pentanomial pair counts, the Elo difference with its
// interval, and the sequential probability ratio test ([SPRT]) that can
// stop a match early.
//
// Where an OTEP engine plays, the engine was given taflbot's rules string,
// whose tb- extension keys an OpenTafl-compatible engine ignores: each
// game is also replayed under the rules as OTN reads them, and a game in
// which the two readings part (a move legal in one only, a different end
// or result) is a [GameResult.Dispute]. The summary reports the score
// with and without such games.
package match
