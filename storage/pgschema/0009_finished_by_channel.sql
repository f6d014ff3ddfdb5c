-- taflbot's PostgreSQL schema, version 9: the finished games of a channel
-- or thread, the one that ended (was saved) last first.
--
-- The columns were there (channel, thread, active, updated_ns, taken from
-- the record on every save); these partial indexes make /tafl board in a
-- finished game's thread or channel read that place's few games alone.

CREATE INDEX games_finished_by_channel ON games (channel, updated_ns, id) WHERE NOT active;
CREATE INDEX games_finished_by_thread ON games (thread, updated_ns, id) WHERE NOT active;
