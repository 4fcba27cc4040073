-- A user's name and avatar also show in their own header on every page they open (someone else's
-- public homepage too), whose cached copies are keyed by the viewer's render_version: bump it as well.
CREATE OR REPLACE FUNCTION qy_bump_homepages_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE homepages SET render_version = render_version + 1
  WHERE user_id = NEW.id OR id IN (SELECT homepage_id FROM homepage_members WHERE user_id = NEW.id);
  UPDATE users SET render_version = render_version + 1 WHERE id = NEW.id;
  RETURN NULL;
END $$;
