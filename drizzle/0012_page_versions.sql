-- The page cache's one read for every request that arrived together (app/page-cache/versions.server.ts):
-- the versions of the homepages asked, and each live session's user at that user's version. A
-- function, because its plan is then made once per connection instead of on every call: as a
-- plain statement, planning took four times as long as running it (PGlite, EXPLAIN ANALYZE).
CREATE FUNCTION qy_page_versions(homepage_ids integer[], session_hashes text[])
RETURNS TABLE (hash text, id integer, version float8, seen float8) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT NULL::text, h.id, h.render_version::float8, NULL::float8
      FROM homepages h WHERE h.id = ANY (homepage_ids)
    UNION ALL
    SELECT s.id_hash, u.id, u.render_version::float8, extract(epoch FROM s.last_seen_at)::float8 * 1000
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = ANY (session_hashes) AND s.expires_at > now();
END $$;
