-- taflbot's PostgreSQL schema, version 4: the tournaments not over.
--
-- The active column says whether a tournament is neither finished nor
-- cancelled (taken from its record, as the games' columns are), so that
-- the clock process's sweep reads those alone through a partial index,
-- not every tournament ever finished. It defaults to true: a process of
-- schema 3 still running while the first newer one migrates saves
-- tournaments without it, and one listed though over is read and
-- skipped, where one left out would never be swept.

ALTER TABLE tournaments ADD COLUMN active boolean NOT NULL DEFAULT true;
UPDATE tournaments SET active = false
    WHERE record->>'cancelled' = 'true' OR record->>'finished' = 'true';
CREATE INDEX tournaments_active ON tournaments (id) WHERE active;
