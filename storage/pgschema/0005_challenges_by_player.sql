-- taflbot's PostgreSQL schema, version 5: each player's open challenges.
--
-- /tafl games, /tafl vacation and the challenge limits read one player's
-- open challenges (those they made and those addressed to them; /tafl
-- games also the server's open to anyone, under the opponent ''), not
-- every open challenge of every server. Expression indexes on the
-- records' own fields: nothing to fill or keep up to date, also for a
-- process of schema 4 still running while the first newer one migrates.

CREATE INDEX challenges_open_by_challenger ON challenges ((record->>'challenger'), (coalesce(record->>'guild', '')))
    WHERE open_expires_ns IS NOT NULL;
CREATE INDEX challenges_open_by_opponent ON challenges ((coalesce(record->>'opponent', '')), (coalesce(record->>'guild', '')))
    WHERE open_expires_ns IS NOT NULL;
