-- taflbot's PostgreSQL schema, version 1.
--
-- Every table keeps the same JSON record as the bbolt backend (column
-- "record", type json so the bytes are kept exactly), beside the columns
-- its indexes need. Those columns are derived from the record on every
-- save; `taflbot db check` compares them with the records. Times used for
-- ordering are Unix nanoseconds (bigint), as in bbolt's keys.

CREATE SEQUENCE game_ids;
CREATE SEQUENCE challenge_ids;

CREATE TABLE games (
    id             bigint PRIMARY KEY,
    record         json NOT NULL,
    guild          text NOT NULL,
    channel        text NOT NULL,
    thread         text NOT NULL,
    attackers_user text,              -- NULL when the engine plays the side
    defenders_user text,
    active         boolean NOT NULL,
    deadline_ns    bigint,            -- active games with a clock only
    engine_to_move boolean NOT NULL,  -- active, and the engine is to move
    engine_user    text NOT NULL,     -- the human player, for fair engine claims
    updated_ns     bigint NOT NULL,
    claim_owner    text,              -- the engine worker thinking about the move
    claim_until_ns bigint             -- when its claim lapses
);

-- A player's games, newest first: one index per seat.
CREATE INDEX games_by_attackers ON games (attackers_user, active, id);
CREATE INDEX games_by_defenders ON games (defenders_user, active, id);
-- The active games of a channel or thread.
CREATE INDEX games_active_by_channel ON games (channel, id) WHERE active;
CREATE INDEX games_active_by_thread ON games (thread, id) WHERE active;
-- Clocks: the active games by deadline.
CREATE INDEX games_by_deadline ON games (deadline_ns, id) WHERE deadline_ns IS NOT NULL;
CREATE INDEX games_active ON games (id) WHERE active;
-- The engine's work.
CREATE INDEX games_engine_to_move ON games (updated_ns, id) WHERE engine_to_move;

CREATE TABLE challenges (
    id              bigint PRIMARY KEY,
    record          json NOT NULL,
    open_expires_ns bigint            -- open challenges only
);
CREATE INDEX challenges_open ON challenges (open_expires_ns, id) WHERE open_expires_ns IS NOT NULL;

CREATE TABLE players (
    guild   text NOT NULL,
    user_id text NOT NULL,
    record  json NOT NULL,
    PRIMARY KEY (guild, user_id)
);

CREATE TABLE guilds (
    guild  text PRIMARY KEY,
    record json NOT NULL
);
