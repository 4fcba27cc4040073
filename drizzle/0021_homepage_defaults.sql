-- Issue 22: every homepage gets what a new one is now born with (app/services/homepage-defaults.server.ts),
-- so that 编辑 → 保存 works untouched: the title it showed only by fallback (nickname + 的主页, the
-- nickname cut to fit 20 characters), the default icon, and, if not in the trash, a free personal
-- domain from the owner's e-mail (else the nickname's letters; SQL has no pinyin), numbered when
-- taken or reserved. Nothing becomes public by this: is_open is left as it is.
UPDATE homepages SET title = left(btrim(u.nickname), 17) || '的主页'
FROM users u
WHERE u.id = homepages.user_id AND btrim(homepages.title) = '';--> statement-breakpoint
UPDATE homepages SET icon = 'tabler:home' WHERE icon = '';--> statement-breakpoint
DO $$
DECLARE
  reserved text[] := ARRAY['api', 'assets', 'blog', 'c', 'collection', 'discover', 'editor', 'err', 'favicon', 'forget',
    'friend-links', 'group', 'help', 'index', 'invite', 'login', 'logout', 'mobile', 'note', 'notes', 'oauth', 'plugin',
    'preview', 'register', 'resources', 'robots', 's', 'search', 'site', 'sitemap', 'super', 'tool', 'tools', 'upload',
    'uploads', 'user', 'admin', 'static', 'public', 'www', 'write', 'import', 'export', 'weather', 'email', 'terms',
    'privacy'];
  r record;
  part text;
  seed text;
  candidate text;
  n integer;
BEGIN
  FOR r IN
    SELECT h.id, u.email, u.nickname FROM homepages h JOIN users u ON u.id = h.user_id
    WHERE h.code IS NULL AND h.deleted_at IS NULL ORDER BY h.id
  LOOP
    -- Letters, digits and single hyphens, lower case, a letter first (codeCharacters in the service).
    FOREACH part IN ARRAY ARRAY[split_part(coalesce(r.email, ''), '@', 1), r.nickname] LOOP
      seed := rtrim(regexp_replace(regexp_replace(regexp_replace(lower(normalize(part, NFKC)), '[^a-z0-9-]+', '', 'g'), '-+', '-', 'g'), '^[^a-z]+', ''), '-');
      EXIT WHEN seed <> '';
    END LOOP;
    seed := rtrim(left(seed, 20), '-');
    IF length(seed) < 4 THEN
      seed := CASE WHEN seed = '' THEN 'home' ELSE seed || '-home' END;
    END IF;
    candidate := seed;
    n := 1;
    WHILE candidate = ANY (reserved) OR EXISTS (
      SELECT 1 FROM homepages WHERE lower(code) = candidate AND code IS NOT NULL AND deleted_at IS NULL
    ) LOOP
      n := n + 1;
      candidate := rtrim(left(seed, 20 - length(n::text)), '-') || n;
    END LOOP;
    UPDATE homepages SET code = candidate WHERE id = r.id;
  END LOOP;
END $$;
