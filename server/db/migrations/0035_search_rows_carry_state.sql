-- Issue 43, docs/search.md. A search row carries what the visibility rule, the filters and the
-- order read (created_at, group, held or removed, status), so that matches are filtered and
-- ranked without reading the request or testimony, and by created_at a page ranks only the
-- matches that can be on it. search_words lists every folded word, for the misspelling fallback
-- (similar words by trigrams, then those words by full text). A post whose author chose no
-- language gets the one its text is detected in.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intention_search" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intention_search" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "intention_search" ADD COLUMN "hidden" boolean;--> statement-breakpoint
ALTER TABLE "intention_search" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "testimony_search" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimony_search" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "testimony_search" ADD COLUMN "hidden" boolean;--> statement-breakpoint
UPDATE "intention_search" s SET "created_at" = i.created_at, "group_id" = i.group_id,
  "hidden" = (i.removed_at IS NOT NULL OR i.held_at IS NOT NULL), "status" = i.status
  FROM intentions i WHERE i.id = s.intention_id;--> statement-breakpoint
UPDATE "testimony_search" s SET "created_at" = t.created_at, "group_id" = t.group_id,
  "hidden" = (t.removed_at IS NOT NULL OR t.held_at IS NOT NULL)
  FROM testimonies t WHERE t.id = s.testimony_id;--> statement-breakpoint
ALTER TABLE "intention_search" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "intention_search" ALTER COLUMN "hidden" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "intention_search" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "testimony_search" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "testimony_search" ALTER COLUMN "hidden" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "intention_search_created_at_idx" ON "intention_search" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "testimony_search_created_at_idx" ON "testimony_search" USING btree ("created_at");--> statement-breakpoint
-- The language of a text whose author chose none: Arabic by its script, else the one of
-- English, Spanish, Portuguese and French whose stop words (the database's own lists) it uses
-- most, at least two and more than any other; `simple` when none stands out.
CREATE FUNCTION search_detect(body text) RETURNS regconfig LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE
    WHEN length(regexp_replace(body, '[^\u0600-\u06FF]', '', 'g'))
      > length(regexp_replace(body, '[^a-zA-Z\u00C0-\u024F]', '', 'g')) THEN 'arabic'::regconfig
    ELSE coalesce((SELECT CASE WHEN stops[1] >= 2 AND stops[1] > coalesce(stops[2], 0) THEN configs[1] END
      FROM (SELECT array_agg(l.config ORDER BY n.stops DESC) AS configs,
          array_agg(n.stops ORDER BY n.stops DESC) AS stops
        FROM (VALUES ('english'::regconfig, 'english_stem'::regdictionary),
          ('spanish'::regconfig, 'spanish_stem'::regdictionary),
          ('portuguese'::regconfig, 'portuguese_stem'::regdictionary),
          ('french'::regconfig, 'french_stem'::regdictionary)) l(config, dictionary)
        CROSS JOIN LATERAL (SELECT count(*) AS stops
          FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, body))) word
          WHERE ts_lexize(l.dictionary, word) = '{}') n) ranked), 'simple'::regconfig) END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION intention_search_refresh(target uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  config regconfig;
BEGIN
  SELECT s.language INTO config FROM intention_search s WHERE s.intention_id = target;
  IF config IS NULL THEN
    SELECT CASE WHEN u.language IS NULL THEN search_detect(i.title || ' ' || i.details)
        ELSE search_config(u.language) END INTO config
      FROM intentions i JOIN users u ON u.id = i.author_id WHERE i.id = target;
  END IF;
  IF config IS NULL THEN RETURN; END IF;
  INSERT INTO intention_search (intention_id, language, document, folded, created_at, group_id, hidden, status)
  SELECT i.id, config,
      setweight(search_document(config, i.title), 'A')
      || setweight(search_document(config, coalesce(tags.names, '')), 'B')
      || setweight(search_document(config, i.details), 'B')
      || setweight(search_document(config, coalesce(updates.texts, '')), 'C'),
      search_fold(i.title || ' ' || i.details),
      i.created_at, i.group_id, (i.removed_at IS NOT NULL OR i.held_at IS NOT NULL), i.status
    FROM intentions i
    LEFT JOIN LATERAL (SELECT string_agg(t.name, ' ') AS names FROM intention_tags it
      JOIN tags t ON t.id = it.tag_id WHERE it.intention_id = i.id) tags ON true
    LEFT JOIN LATERAL (SELECT string_agg(pu.text, ' ') AS texts FROM prayer_updates pu
      WHERE pu.intention_id = i.id) updates ON true
    WHERE i.id = target
  ON CONFLICT (intention_id) DO UPDATE SET document = excluded.document, folded = excluded.folded,
    created_at = excluded.created_at, group_id = excluded.group_id, hidden = excluded.hidden,
    status = excluded.status;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION testimony_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig;
BEGIN
  SELECT s.language INTO config FROM testimony_search s WHERE s.testimony_id = NEW.id;
  IF config IS NULL THEN
    SELECT CASE WHEN u.language IS NULL THEN search_detect(NEW.title || ' ' || NEW.text)
        ELSE search_config(u.language) END INTO config
      FROM users u WHERE u.id = NEW.author_id;
  END IF;
  config := coalesce(config, 'simple'::regconfig);
  INSERT INTO testimony_search (testimony_id, language, document, folded, created_at, group_id, hidden)
  VALUES (NEW.id, config,
      setweight(search_document(config, NEW.title), 'A')
      || setweight(search_document(config, array_to_string(NEW.category_tags, ' ')), 'B')
      || setweight(search_document(config, NEW.text), 'B'),
      search_fold(NEW.title || ' ' || NEW.text),
      NEW.created_at, NEW.group_id, (NEW.removed_at IS NOT NULL OR NEW.held_at IS NOT NULL))
  ON CONFLICT (testimony_id) DO UPDATE SET document = excluded.document, folded = excluded.folded,
    created_at = excluded.created_at, group_id = excluded.group_id, hidden = excluded.hidden;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Holding, removing, moving or closing a post now changes its search row too.
DROP TRIGGER intentions_search ON intentions;--> statement-breakpoint
CREATE TRIGGER intentions_search AFTER INSERT OR UPDATE OF title, details, created_at, group_id,
  removed_at, held_at, status ON intentions
  FOR EACH ROW EXECUTE FUNCTION intention_search_changed();--> statement-breakpoint
DROP TRIGGER testimonies_search ON testimonies;--> statement-breakpoint
CREATE TRIGGER testimonies_search AFTER INSERT OR UPDATE OF title, text, category_tags, created_at,
  group_id, removed_at, held_at ON testimonies
  FOR EACH ROW EXECUTE FUNCTION testimony_search_changed();--> statement-breakpoint
-- The words of a search row's folded text, added to search_words as it is written.
CREATE FUNCTION search_words_of(folded text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, folded))) word
  WHERE length(word) BETWEEN 2 AND 40
  ON CONFLICT (word) DO NOTHING $$;--> statement-breakpoint
CREATE FUNCTION search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_of(NEW.folded);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER intention_search_words AFTER INSERT OR UPDATE OF folded ON intention_search
  FOR EACH ROW EXECUTE FUNCTION search_words_changed();--> statement-breakpoint
CREATE TRIGGER testimony_search_words AFTER INSERT OR UPDATE OF folded ON testimony_search
  FOR EACH ROW EXECUTE FUNCTION search_words_changed();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM (SELECT folded FROM intention_search UNION ALL SELECT folded FROM testimony_search) s,
    unnest(tsvector_to_array(to_tsvector('simple'::regconfig, s.folded))) word
  WHERE length(word) BETWEEN 2 AND 40
  ON CONFLICT (word) DO NOTHING;
