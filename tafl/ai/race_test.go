//go:build race

package ai

// raceEnabled: under the race detector (about ten times slower) the
// longest tests check a sample of their cases; the plain run checks all.
const raceEnabled = true
