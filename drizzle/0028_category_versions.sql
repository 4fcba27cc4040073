CREATE TABLE "bag_versions" (
	"bag_id" integer PRIMARY KEY NOT NULL,
	"render_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bag_versions" ADD CONSTRAINT "bag_versions_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A category's bookmarks have their own version (ADR 036): a statement on bookmarks bumps the
-- versions of the categories it touched, and the homepage's own version only for starred rows
-- (the star module and its tab are part of the page around the categories). Everything else that
-- bumped a homepage still does (0009, 0022). One function takes every lock in ADR 029's order: the
-- owners, then the homepages, then the categories' versions, each in ascending id.
CREATE FUNCTION qy_bump_bag_ids(homepage_ids integer[], bag_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched integer[] := ARRAY(SELECT homepage_id FROM bags WHERE id = ANY (bag_ids) UNION SELECT unnest(homepage_ids));
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM homepages WHERE id = ANY (touched)) ORDER BY id FOR NO KEY UPDATE OF users;
  PERFORM 1 FROM homepages WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  IF cardinality(homepage_ids) > 0 THEN
    UPDATE homepages SET render_version = render_version + 1 WHERE id = ANY (homepage_ids);
  END IF;
  INSERT INTO bag_versions (bag_id, render_version)
    SELECT id, 1 FROM bags WHERE id = ANY (bag_ids) ORDER BY id
    ON CONFLICT (bag_id) DO UPDATE SET render_version = bag_versions.render_version + 1;
END $$;--> statement-breakpoint
CREATE FUNCTION qy_bump_bags_of_sources() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qy_bump_bag_ids(ARRAY(SELECT DISTINCT homepage_id FROM new_rows WHERE liked), ARRAY(SELECT DISTINCT bag_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qy_bump_bag_ids(ARRAY(SELECT DISTINCT homepage_id FROM old_rows WHERE liked), ARRAY(SELECT DISTINCT bag_id FROM old_rows));
  ELSE
    PERFORM qy_bump_bag_ids(
      ARRAY(SELECT homepage_id FROM new_rows WHERE liked UNION SELECT homepage_id FROM old_rows WHERE liked),
      ARRAY(SELECT bag_id FROM new_rows UNION SELECT bag_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER sources_render_insert ON sources;--> statement-breakpoint
DROP TRIGGER sources_render_update ON sources;--> statement-breakpoint
DROP TRIGGER sources_render_delete ON sources;--> statement-breakpoint
CREATE TRIGGER sources_render_insert AFTER INSERT ON sources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_bags_of_sources();--> statement-breakpoint
CREATE TRIGGER sources_render_update AFTER UPDATE ON sources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_bags_of_sources();--> statement-breakpoint
CREATE TRIGGER sources_render_delete AFTER DELETE ON sources REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qy_bump_bags_of_sources();--> statement-breakpoint
DROP FUNCTION qy_page_versions(integer[], text[], integer[], integer[]);--> statement-breakpoint
-- The page cache's one read (0025), with the categories asked: kind 'b' (a category gone is not returned).
CREATE FUNCTION qy_page_versions(homepage_ids integer[], session_hashes text[], user_ids integer[], group_ids integer[], bag_ids integer[])
RETURNS TABLE (kind text, hash text, id integer, version float8, seen float8, expires float8) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT 'h'::text, NULL::text, h.id, h.render_version::float8, NULL::float8, NULL::float8
      FROM homepages h WHERE h.id = ANY (homepage_ids)
    UNION ALL
    SELECT 'b'::text, NULL::text, b.id, coalesce(v.render_version, 0)::float8, NULL::float8, NULL::float8
      FROM bags b LEFT JOIN bag_versions v ON v.bag_id = b.id WHERE b.id = ANY (bag_ids)
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
