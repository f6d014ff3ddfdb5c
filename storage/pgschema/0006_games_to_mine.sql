-- taflbot's PostgreSQL schema, version 6: the games still to be mined
-- for a puzzle.
--
-- The mine_due column says that a game ended with a winner and the bot's
-- search of it for a puzzle is not over (taken from its record, as the
-- other columns are), so that a search a shutdown cut short is made at
-- the next start, read through a partial index. A game stored before is
-- due only if its record says so (none does: games that ended before are
-- mined by taflbot db puzzles).

ALTER TABLE games ADD COLUMN mine_due boolean NOT NULL DEFAULT false;
UPDATE games SET mine_due = true WHERE record->>'mine_due' = 'true';
CREATE INDEX games_mine_due ON games (id) WHERE mine_due;
