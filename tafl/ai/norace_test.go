//go:build !race

package ai

// raceEnabled: see race_test.go.
const raceEnabled = false
