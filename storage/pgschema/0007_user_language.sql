-- taflbot's PostgreSQL schema, version 7: a player's language follows
-- them.
--
-- The language a player chose with /tafl settings was kept on their
-- record of one server (or of direct messages, guild ''); it is kept on
-- their record of direct messages alone, read in every server. A player
-- who chose languages in several places keeps the one of the record that
-- changed last (its "updated"; of records changed at the same moment, the
-- first by server id, direct messages first): the language of the place
-- they were last active in. The servers' records lose theirs. bbolt's
-- schema 10 (migrate9to10) does the same.

WITH chosen AS (
    SELECT DISTINCT ON (user_id) user_id, record->>'lang' AS lang
    FROM players
    WHERE coalesce(record->>'lang', '') <> ''
    ORDER BY user_id, (record->>'updated')::timestamptz DESC NULLS LAST, guild COLLATE "C"
)
INSERT INTO players (guild, user_id, record)
SELECT '', user_id, json_build_object('guild', '', 'user', user_id, 'lang', lang) FROM chosen
ON CONFLICT (guild, user_id) DO UPDATE
    SET record = (players.record::jsonb || jsonb_build_object('lang', EXCLUDED.record->>'lang'))::json;

UPDATE players SET record = (record::jsonb - 'lang')::json
WHERE guild <> '' AND record->>'lang' IS NOT NULL;
