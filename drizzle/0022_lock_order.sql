-- One lock order for the page versions' triggers (ADR 029): users, then homepages, each in
-- ascending id — the order the services take (docs/data-model.md §6: lockUser, homepageAccess
-- with lock). Until now a bookmark's trigger updated its homepage and then, by the homepages'
-- own trigger, the owner, while a service holding the owner's row waited for that homepage:
-- one user's writes at once died with "deadlock detected" (40P01) on PostgreSQL.
-- Every bump now goes through these two functions, which lock before they write: the owners of
-- the homepages first, then the homepages. The homepages' own statement trigger still bumps the
-- owners, whose rows this statement then already holds.
CREATE FUNCTION qy_bump_user_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET render_version = render_version + 1 WHERE id = ANY (ids);
END $$;--> statement-breakpoint
CREATE FUNCTION qy_bump_homepage_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM homepages WHERE id = ANY (ids)) ORDER BY id FOR NO KEY UPDATE OF users;
  PERFORM 1 FROM homepages WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE homepages SET render_version = render_version + 1 WHERE id = ANY (ids);
END $$;--> statement-breakpoint
-- The trigger functions of 0009, 0011 and 0014, same rows, through the functions above.
CREATE OR REPLACE FUNCTION qy_bump_homepages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT DISTINCT homepage_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT DISTINCT homepage_id FROM old_rows));
  ELSE
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT homepage_id FROM new_rows UNION SELECT homepage_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION qy_bump_homepages_of_bags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT DISTINCT homepage_id FROM bags WHERE id IN (SELECT bag_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT DISTINCT homepage_id FROM bags WHERE id IN (SELECT bag_id FROM old_rows)));
  ELSE
    PERFORM qy_bump_homepage_ids(ARRAY(SELECT DISTINCT homepage_id FROM bags
      WHERE id IN (SELECT bag_id FROM new_rows UNION SELECT bag_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION qy_bump_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qy_bump_user_ids(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qy_bump_user_ids(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  ELSE
    PERFORM qy_bump_user_ids(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new nickname or avatar: the statement holds this user's row already; the homepages they
-- own or belong to, and those homepages' owners, are locked in the order above.
CREATE OR REPLACE FUNCTION qy_bump_homepages_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qy_bump_homepage_ids(ARRAY(
    SELECT id FROM homepages WHERE user_id = NEW.id UNION SELECT homepage_id FROM homepage_members WHERE user_id = NEW.id));
  PERFORM qy_bump_user_ids(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
