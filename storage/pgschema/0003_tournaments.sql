-- taflbot's PostgreSQL schema, version 3: tournaments.
--
-- As for the other records, the JSON record is kept as is; the guild
-- column lets a server's tournaments be found.

CREATE SEQUENCE tournament_ids;

CREATE TABLE tournaments (
    id     bigint PRIMARY KEY,
    record json NOT NULL,
    guild  text NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild, id);
