-- taflbot's PostgreSQL schema, version 8: the games whose latest board
-- never reached Discord.
--
-- The board_due column says that a game is active and the board of its
-- latest move was never posted (Discord failed, retries and all), taken
-- from its record as the other columns are, so that the clock sweep posts
-- it, read through a partial index. No game stored before is due.

ALTER TABLE games ADD COLUMN board_due boolean NOT NULL DEFAULT false;
UPDATE games SET board_due = true WHERE active AND record->>'board_due' = 'true';
CREATE INDEX games_board_due ON games (id) WHERE board_due;
