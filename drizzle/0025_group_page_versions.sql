ALTER TABLE "groups" ADD COLUMN "render_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A group's page is kept by the page cache like a start page (ADR 013, ADR 032): every write to
-- what it shows bumps groups.render_version, by triggers, so no write path can forget one. Lock
-- order (ADR 029): the group services lock the group's row first; these lock groups in
-- ascending id before they write.
CREATE TRIGGER groups_render_version BEFORE UPDATE ON groups FOR EACH ROW EXECUTE FUNCTION qy_bump_own_render_version();--> statement-breakpoint
CREATE FUNCTION qy_bump_group_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM groups WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE groups SET render_version = render_version + 1 WHERE id = ANY (ids);
END $$;--> statement-breakpoint
CREATE FUNCTION qy_bump_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qy_bump_group_ids(ARRAY(SELECT DISTINCT group_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qy_bump_group_ids(ARRAY(SELECT DISTINCT group_id FROM old_rows));
  ELSE
    PERFORM qy_bump_group_ids(ARRAY(SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['group_categories', 'group_bookmarks', 'group_members', 'group_applies', 'group_stars', 'group_invites']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_groups()', tbl || '_render_insert', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_groups()', tbl || '_render_update', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_groups()', tbl || '_render_delete', tbl);
  END LOOP;
END $$;--> statement-breakpoint
-- A new nickname or avatar shows on the groups the user owns or added bookmarks to.
CREATE FUNCTION qy_bump_groups_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qy_bump_group_ids(ARRAY(
    SELECT id FROM groups WHERE user_id = NEW.id UNION SELECT group_id FROM group_bookmarks WHERE user_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_profile_group_render_version AFTER UPDATE OF nickname, avatar ON users FOR EACH ROW
  WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.avatar IS DISTINCT FROM NEW.avatar)
  EXECUTE FUNCTION qy_bump_groups_of_user();--> statement-breakpoint
DROP FUNCTION qy_page_versions(integer[], text[], integer[]);--> statement-breakpoint
-- The page cache's one read (0014), with the groups asked: kind 'g'.
CREATE FUNCTION qy_page_versions(homepage_ids integer[], session_hashes text[], user_ids integer[], group_ids integer[])
RETURNS TABLE (kind text, hash text, id integer, version float8, seen float8, expires float8) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT 'h'::text, NULL::text, h.id, h.render_version::float8, NULL::float8, NULL::float8
      FROM homepages h WHERE h.id = ANY (homepage_ids)
    UNION ALL
    SELECT 'g'::text, NULL::text, g.id, g.render_version::float8, NULL::float8, NULL::float8
      FROM groups g WHERE g.id = ANY (group_ids)
    UNION ALL
    SELECT 'u'::text, NULL::text, u.id, u.render_version::float8, NULL::float8, NULL::float8
      FROM users u WHERE u.id = ANY (user_ids)
    UNION ALL
    SELECT 's'::text, s.id_hash, u.id, u.render_version::float8,
           extract(epoch FROM s.last_seen_at)::float8 * 1000, extract(epoch FROM s.expires_at)::float8 * 1000
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = ANY (session_hashes) AND s.expires_at > now();
END $$;
