-- Issue 37: a TestimonyCreated raised before this release named the testimony's author and
-- carried both ids even when its prayer or its story was anonymous, tying the two together
-- (server/notifications/testimony-events.ts now raises them as below). The rows still on the
-- panel are rewritten the same way: no name, no title, and only the anonymous side's id.
UPDATE "notifications" AS n
SET
	"message" = 'Someone shared a testimony about a prayer you prayed for',
	"source_user_display_name" = 'Someone',
	"source_testimony_id" = CASE WHEN t."visibility" = 'anonymous' THEN n."source_testimony_id" END,
	"source_intention_id" = CASE WHEN i."identity_mode" = 'anonymous' THEN n."source_intention_id" END
FROM "testimonies" AS t
LEFT JOIN "intentions" AS i ON i."id" = t."intention_id"
WHERE n."type" = 'TestimonyCreated'
	AND t."id" = n."source_testimony_id"
	AND (t."visibility" = 'anonymous' OR i."identity_mode" = 'anonymous');
