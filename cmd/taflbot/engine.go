package main

import "github.com/taflbot/taflbot/bot"

// newEngine returns the engine the bot plays with.
func newEngine() bot.Engine { return bot.AIEngine{} }
