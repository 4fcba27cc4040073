-- A session's end (sign-out, "end this session", a password reset, expiry clean-up) bumps its
-- user's render_version: a page kept for a signed-in viewer is then checked by the user's
-- version alone, without reading the session (app/page-cache/versions.server.ts, ADR 013).
CREATE TRIGGER sessions_render_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_users();--> statement-breakpoint
DROP FUNCTION qy_page_versions(integer[], text[]);--> statement-breakpoint
-- The page cache's one read for every request that arrived together: the versions of the
-- homepages and users asked, and each live session asked with its user at that user's version.
-- kind: 'h' homepage, 'u' user, 's' session. A function: its plan is made once per connection.
CREATE FUNCTION qy_page_versions(homepage_ids integer[], session_hashes text[], user_ids integer[])
RETURNS TABLE (kind text, hash text, id integer, version float8, seen float8, expires float8) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT 'h'::text, NULL::text, h.id, h.render_version::float8, NULL::float8, NULL::float8
      FROM homepages h WHERE h.id = ANY (homepage_ids)
    UNION ALL
    SELECT 'u'::text, NULL::text, u.id, u.render_version::float8, NULL::float8, NULL::float8
      FROM users u WHERE u.id = ANY (user_ids)
    UNION ALL
    SELECT 's'::text, s.id_hash, u.id, u.render_version::float8,
           extract(epoch FROM s.last_seen_at)::float8 * 1000, extract(epoch FROM s.expires_at)::float8 * 1000
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = ANY (session_hashes) AND s.expires_at > now();
END $$;
