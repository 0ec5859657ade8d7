-- Issue 43, docs/search.md. Folding accents before stemming (0033) stems some words apart that
-- the language's stemmer joins ("operación" and "operaciones" in Spanish), and stemming first
-- leaves accents in the stems ("oração"). A post's document now holds both: its words stemmed
-- then folded, and folded then stemmed; a query is parsed both ways, or-ed. `language` is now
-- the language's own configuration (`spanish`), its folding twin `search_spanish`.
CREATE FUNCTION search_folding(language regconfig) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE language
    WHEN 'english'::regconfig THEN 'public.search_english'::regconfig
    WHEN 'spanish'::regconfig THEN 'public.search_spanish'::regconfig
    WHEN 'portuguese'::regconfig THEN 'public.search_portuguese'::regconfig
    WHEN 'french'::regconfig THEN 'public.search_french'::regconfig
    WHEN 'arabic'::regconfig THEN 'public.search_arabic'::regconfig
    ELSE 'public.search_simple'::regconfig END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE split_part(lower(coalesce(language, '')), '-', 1)
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig
    WHEN 'pt' THEN 'portuguese'::regconfig
    WHEN 'fr' THEN 'french'::regconfig
    WHEN 'ar' THEN 'arabic'::regconfig
    ELSE 'simple'::regconfig END $$;--> statement-breakpoint
-- A tsvector's text form re-read after folding: equal lexemes merge, positions and weights stay.
CREATE FUNCTION search_document(language regconfig, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT search_fold(to_tsvector(language, body)::text)::tsvector
    || to_tsvector(search_folding(language), body) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION intention_search_refresh(target uuid) RETURNS void LANGUAGE plpgsql AS $$
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
      setweight(search_document(config, i.title), 'A')
      || setweight(search_document(config, coalesce(tags.names, '')), 'B')
      || setweight(search_document(config, i.details), 'B')
      || setweight(search_document(config, coalesce(updates.texts, '')), 'C'),
      search_fold(i.title || ' ' || i.details)
    FROM intentions i
    LEFT JOIN LATERAL (SELECT string_agg(t.name, ' ') AS names FROM intention_tags it
      JOIN tags t ON t.id = it.tag_id WHERE it.intention_id = i.id) tags ON true
    LEFT JOIN LATERAL (SELECT string_agg(pu.text, ' ') AS texts FROM prayer_updates pu
      WHERE pu.intention_id = i.id) updates ON true
    WHERE i.id = target
  ON CONFLICT (intention_id) DO UPDATE SET document = excluded.document, folded = excluded.folded;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION testimony_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig;
BEGIN
  SELECT s.language INTO config FROM testimony_search s WHERE s.testimony_id = NEW.id;
  IF config IS NULL THEN
    SELECT search_config(u.language) INTO config FROM users u WHERE u.id = NEW.author_id;
  END IF;
  config := coalesce(config, 'simple'::regconfig);
  INSERT INTO testimony_search (testimony_id, language, document, folded)
  VALUES (NEW.id, config,
      setweight(search_document(config, NEW.title), 'A')
      || setweight(search_document(config, array_to_string(NEW.category_tags, ' ')), 'B')
      || setweight(search_document(config, NEW.text), 'B'),
      search_fold(NEW.title || ' ' || NEW.text))
  ON CONFLICT (testimony_id) DO UPDATE SET document = excluded.document, folded = excluded.folded;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE intention_search SET language = CASE language
  WHEN 'search_english'::regconfig THEN 'english'::regconfig
  WHEN 'search_spanish'::regconfig THEN 'spanish'::regconfig
  WHEN 'search_portuguese'::regconfig THEN 'portuguese'::regconfig
  WHEN 'search_french'::regconfig THEN 'french'::regconfig
  WHEN 'search_arabic'::regconfig THEN 'arabic'::regconfig
  ELSE 'simple'::regconfig END;--> statement-breakpoint
UPDATE testimony_search SET language = CASE language
  WHEN 'search_english'::regconfig THEN 'english'::regconfig
  WHEN 'search_spanish'::regconfig THEN 'spanish'::regconfig
  WHEN 'search_portuguese'::regconfig THEN 'portuguese'::regconfig
  WHEN 'search_french'::regconfig THEN 'french'::regconfig
  WHEN 'search_arabic'::regconfig THEN 'arabic'::regconfig
  ELSE 'simple'::regconfig END;--> statement-breakpoint
SELECT count(intention_search_refresh(id)) FROM intentions;--> statement-breakpoint
UPDATE testimonies SET category_tags = category_tags;
