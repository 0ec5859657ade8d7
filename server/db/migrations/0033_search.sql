-- Issue 43, docs/search.md. Trigrams (pg_trgm) find misspellings; unaccent folds accents, in a
-- text-search configuration per language so that matching and ts_headline both fold them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_simple (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_spanish (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_spanish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_portuguese (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_portuguese ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_french (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_french ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_arabic (COPY = arabic);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_arabic ALTER MAPPING FOR hword, hword_part, word WITH unaccent, arabic_stem;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); with the dictionary named it is fixed.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- A member's language (contract/languages.ts) to the configuration a post of theirs is matched in.
CREATE FUNCTION search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE split_part(lower(coalesce(language, '')), '-', 1)
    WHEN 'en' THEN 'public.search_english'::regconfig
    WHEN 'es' THEN 'public.search_spanish'::regconfig
    WHEN 'pt' THEN 'public.search_portuguese'::regconfig
    WHEN 'fr' THEN 'public.search_french'::regconfig
    WHEN 'ar' THEN 'public.search_arabic'::regconfig
    ELSE 'public.search_simple'::regconfig END $$;--> statement-breakpoint
CREATE TABLE "intention_search" (
	"intention_id" uuid PRIMARY KEY NOT NULL,
	"language" "regconfig" NOT NULL,
	"document" "tsvector" NOT NULL,
	"folded" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimony_search" (
	"testimony_id" uuid PRIMARY KEY NOT NULL,
	"language" "regconfig" NOT NULL,
	"document" "tsvector" NOT NULL,
	"folded" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intention_search" ADD CONSTRAINT "intention_search_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimony_search" ADD CONSTRAINT "testimony_search_testimony_id_testimonies_id_fk" FOREIGN KEY ("testimony_id") REFERENCES "public"."testimonies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intention_search_document_idx" ON "intention_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "intention_search_folded_idx" ON "intention_search" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "testimony_search_document_idx" ON "testimony_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "testimony_search_folded_idx" ON "testimony_search" USING gin ("folded" gin_trgm_ops);
--> statement-breakpoint
-- A request's search row, rebuilt from its title, details, tags and updates. Its language is
-- fixed when first built: the author's then, so a later change of theirs re-stems nothing.
CREATE FUNCTION intention_search_refresh(target uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  config regconfig;
BEGIN
  SELECT s.language INTO config FROM intention_search s WHERE s.intention_id = target;
  IF config IS NULL THEN
    SELECT search_config(u.language) INTO config
      FROM intentions i JOIN users u ON u.id = i.author_id WHERE i.id = target;
  END IF;
  IF config IS NULL THEN RETURN; END IF;
  INSERT INTO intention_search (intention_id, language, document, folded)
  SELECT i.id, config,
      setweight(to_tsvector(config, i.title), 'A')
      || setweight(to_tsvector(config, coalesce(tags.names, '')), 'B')
      || setweight(to_tsvector(config, i.details), 'B')
      || setweight(to_tsvector(config, coalesce(updates.texts, '')), 'C'),
      search_fold(i.title || ' ' || i.details)
    FROM intentions i
    LEFT JOIN LATERAL (SELECT string_agg(t.name, ' ') AS names FROM intention_tags it
      JOIN tags t ON t.id = it.tag_id WHERE it.intention_id = i.id) tags ON true
    LEFT JOIN LATERAL (SELECT string_agg(pu.text, ' ') AS texts FROM prayer_updates pu
      WHERE pu.intention_id = i.id) updates ON true
    WHERE i.id = target
  ON CONFLICT (intention_id) DO UPDATE SET document = excluded.document, folded = excluded.folded;
END $$;--> statement-breakpoint
CREATE FUNCTION intention_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'intentions' THEN
    PERFORM intention_search_refresh(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM intention_search_refresh(OLD.intention_id);
  ELSE
    PERFORM intention_search_refresh(NEW.intention_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER intentions_search AFTER INSERT OR UPDATE OF title, details ON intentions
  FOR EACH ROW EXECUTE FUNCTION intention_search_changed();--> statement-breakpoint
CREATE TRIGGER prayer_updates_search AFTER INSERT OR UPDATE OR DELETE ON prayer_updates
  FOR EACH ROW EXECUTE FUNCTION intention_search_changed();--> statement-breakpoint
CREATE TRIGGER intention_tags_search AFTER INSERT OR DELETE ON intention_tags
  FOR EACH ROW EXECUTE FUNCTION intention_search_changed();--> statement-breakpoint
CREATE FUNCTION testimony_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig;
BEGIN
  SELECT s.language INTO config FROM testimony_search s WHERE s.testimony_id = NEW.id;
  IF config IS NULL THEN
    SELECT search_config(u.language) INTO config FROM users u WHERE u.id = NEW.author_id;
  END IF;
  config := coalesce(config, 'public.search_simple'::regconfig);
  INSERT INTO testimony_search (testimony_id, language, document, folded)
  VALUES (NEW.id, config,
      setweight(to_tsvector(config, NEW.title), 'A')
      || setweight(to_tsvector(config, array_to_string(NEW.category_tags, ' ')), 'B')
      || setweight(to_tsvector(config, NEW.text), 'B'),
      search_fold(NEW.title || ' ' || NEW.text))
  ON CONFLICT (testimony_id) DO UPDATE SET document = excluded.document, folded = excluded.folded;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER testimonies_search AFTER INSERT OR UPDATE OF title, text, category_tags ON testimonies
  FOR EACH ROW EXECUTE FUNCTION testimony_search_changed();--> statement-breakpoint
-- What was written before search: built once here, in each author's language of today.
SELECT count(intention_search_refresh(id)) FROM intentions;--> statement-breakpoint
UPDATE testimonies SET category_tags = category_tags;
