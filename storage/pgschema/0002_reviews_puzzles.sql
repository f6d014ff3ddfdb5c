-- taflbot's PostgreSQL schema, version 2: game reviews and puzzles.
--
-- As for the other records, the JSON record is kept as is. A puzzle's key
-- (its rules, position and side to move) is unique: the same position is
-- stored once.

CREATE TABLE analyses (
    game   bigint PRIMARY KEY,
    record json NOT NULL
);

CREATE SEQUENCE puzzle_ids;

CREATE TABLE puzzles (
    id     bigint PRIMARY KEY,
    record json NOT NULL,
    key    text NOT NULL UNIQUE
);
