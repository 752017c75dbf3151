-- Team members become unique by Discord username in any case. Members the old,
-- case-sensitive constraint let in twice (crNx1 and CRNX1, or one name added by two
-- executives at once) are settled first: an exact copy of the earliest member (same name,
-- role, specialty, images and quote) is merged into it, its categories kept; any other is
-- kept under its username with "_<id>" added, for an executive to rename or delete.
WITH keepers AS (
	SELECT lower(discord_username) AS username, min(id) AS id FROM team_members GROUP BY 1 HAVING count(*) > 1
), copies AS (
	SELECT m.id AS copy_id, k.id AS keep_id
	FROM team_members m
	JOIN keepers k ON lower(m.discord_username) = k.username AND m.id <> k.id
	JOIN team_members kept ON kept.id = k.id
	WHERE (m.name, m.role, m.specialty, m.pfp_url, m.banner_url, m.quote)
		IS NOT DISTINCT FROM (kept.name, kept.role, kept.specialty, kept.pfp_url, kept.banner_url, kept.quote)
)
INSERT INTO team_category_members (category_id, member_id, position)
SELECT l.category_id, c.keep_id, l.position FROM team_category_members l JOIN copies c ON c.copy_id = l.member_id
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM team_members m
USING team_members kept
WHERE lower(kept.discord_username) = lower(m.discord_username) AND kept.id < m.id
	AND kept.id = (SELECT min(id) FROM team_members o WHERE lower(o.discord_username) = lower(m.discord_username))
	AND (m.name, m.role, m.specialty, m.pfp_url, m.banner_url, m.quote)
		IS NOT DISTINCT FROM (kept.name, kept.role, kept.specialty, kept.pfp_url, kept.banner_url, kept.quote);--> statement-breakpoint
UPDATE team_members m SET discord_username = m.discord_username || '_' || m.id
WHERE EXISTS (
	SELECT 1 FROM team_members o WHERE lower(o.discord_username) = lower(m.discord_username) AND o.id < m.id
);--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_discord_username_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_discord_username_lower_idx" ON "team_members" USING btree (lower("discord_username"));
