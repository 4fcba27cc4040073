ALTER TABLE "users" ADD COLUMN "render_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homepages" ADD COLUMN "render_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The page cache's versions (app/page-cache/): every write that changes how a homepage renders
-- bumps homepages.render_version, and every write that changes what a user's own pages show
-- bumps users.render_version. Triggers, not service calls, so that no write path can forget one.
-- A row's own update bumps it, unless the statement set the version itself (a bump from below).
CREATE FUNCTION qy_bump_own_render_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.render_version IS NOT DISTINCT FROM OLD.render_version THEN
    NEW.render_version := OLD.render_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER homepages_render_version BEFORE UPDATE ON homepages FOR EACH ROW EXECUTE FUNCTION qy_bump_own_render_version();--> statement-breakpoint
CREATE TRIGGER users_render_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION qy_bump_own_render_version();--> statement-breakpoint
-- Rows that carry homepage_id: one UPDATE of homepages per statement, whatever its size.
-- (Transition tables allow one event per trigger, hence three triggers per table.)
CREATE FUNCTION qy_bump_homepages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE homepages SET render_version = render_version + 1 WHERE id IN (SELECT homepage_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE homepages SET render_version = render_version + 1 WHERE id IN (SELECT homepage_id FROM old_rows);
  ELSE
    UPDATE homepages SET render_version = render_version + 1
    WHERE id IN (SELECT homepage_id FROM new_rows UNION SELECT homepage_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows that carry bag_id (a category's share and follows).
CREATE FUNCTION qy_bump_homepages_of_bags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE homepages SET render_version = render_version + 1
    WHERE id IN (SELECT homepage_id FROM bags WHERE id IN (SELECT bag_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE homepages SET render_version = render_version + 1
    WHERE id IN (SELECT homepage_id FROM bags WHERE id IN (SELECT bag_id FROM old_rows));
  ELSE
    UPDATE homepages SET render_version = render_version + 1
    WHERE id IN (SELECT homepage_id FROM bags WHERE id IN (SELECT bag_id FROM new_rows UNION SELECT bag_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows that carry user_id and change that user's pages: notices (the header's count), and the
-- homepages themselves (which one '/' shows, the owner's lists).
CREATE FUNCTION qy_bump_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET render_version = render_version + 1 WHERE id IN (SELECT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET render_version = render_version + 1 WHERE id IN (SELECT user_id FROM old_rows);
  ELSE
    UPDATE users SET render_version = render_version + 1
    WHERE id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A member's or owner's name and avatar show on the homepages they belong to.
CREATE FUNCTION qy_bump_homepages_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE homepages SET render_version = render_version + 1
  WHERE user_id = NEW.id OR id IN (SELECT homepage_id FROM homepage_members WHERE user_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_profile_render_version AFTER UPDATE OF nickname, avatar ON users FOR EACH ROW
  WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.avatar IS DISTINCT FROM NEW.avatar)
  EXECUTE FUNCTION qy_bump_homepages_of_user();--> statement-breakpoint
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('modules', 'qy_bump_homepages'), ('bags', 'qy_bump_homepages'), ('sources', 'qy_bump_homepages'),
      ('homepage_members', 'qy_bump_homepages'), ('homepage_follows', 'qy_bump_homepages'),
      ('bag_shares', 'qy_bump_homepages_of_bags'), ('bag_follows', 'qy_bump_homepages_of_bags'),
      ('notices', 'qy_bump_users'), ('homepages', 'qy_bump_users')
    ) AS t(tbl, fn)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.tbl || '_render_insert', target.tbl, target.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.tbl || '_render_update', target.tbl, target.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      target.tbl || '_render_delete', target.tbl, target.fn);
  END LOOP;
END $$;
