// Package clock implements the chess clocks of taflbot's live games: a
// Fischer time control (minutes for the game plus seconds added after
// every move, such as "10+5") and the two running clocks of a game.
//
// # Time controls
//
// A [TimeControl] is written "M+S": M minutes for the game and S seconds
// of increment per move. [Parse] reads what a user typed ("10+5", "10",
// "3 + 2", and with units that say what was meant: "5m", "10 min + 5 s")
// and refuses anything unclear or out of range with a message that says
// what to type instead, with an example made of the numbers typed; [Choices] are the five offered in Discord's menu
// (3+2, 5+3, 10+5, 15+10, 30+0).
//
// # Clocks
//
// A [Clock] holds both sides' remaining time and which side's clock runs
// since when. [Clock.Press] ends the mover's turn: the time used comes off
// their clock, the increment goes on, and the other clock starts;
// [Clock.PressLast] is the move that ends the game, which stops both
// clocks without the increment (there is no move left to pay for). A press
// after the flag fell does not count: [Clock.Press] reports it and the
// caller ends the game on time. [Clock.FlagAt] is the moment the running
// clock reaches zero; [Clock.Remaining] reads a clock at any moment; and
// [Clock.Budget] suggests how long the engine may think on its move.
//
// Everything takes the time as an argument: the package reads no clock of
// its own, so tests and restarts are exact. A clock stopped at the flag
// time records the moment the game ended, even when that is found out
// later (after a restart).
package clock
