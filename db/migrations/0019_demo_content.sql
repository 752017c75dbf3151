ALTER TABLE "blog_posts" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_profiles" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "portfolio_profiles" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "portfolio_profiles" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing installs: the rows the demo seed wrote (db/seed.ts, core/team/members.ts,
-- core/portfolio/portfolio.ts, core/blog/seed-post.ts), known by the key and the name it gave
-- them; a row the studio renamed is its own now and stays unmarked.
UPDATE "team_members" SET "demo" = true
WHERE (lower("discord_username"), "name") IN (VALUES
  ('ashgfx', 'Ash'), ('miragefx', 'Mirage'), ('pixelrook', 'Rook'), ('lunavale', 'Vale'),
  ('zerohex', 'Hex'), ('sunnydraws', 'Sunny'), ('marshalco', 'Marshal'), ('tailorbyte', 'Tailor'),
  ('bluelinedsgn', 'Blueline'), ('crestfall', 'Crest'), ('sirenworks', 'Siren'),
  ('chromefox', 'Chrome'), ('torquee', 'Torque'), ('redlightgfx', 'Redlight'), ('novadev', 'Nova'),
  ('stackd', 'Stack'), ('emberly', 'Ember'), ('circuitbots', 'Circuit'));--> statement-breakpoint
UPDATE "portfolio_profiles" SET "demo" = true
WHERE ("username", "name") IN (VALUES ('novadev', 'Nova'), ('ashgfx', 'Ash'));--> statement-breakpoint
UPDATE "blog_posts" SET "demo" = true
WHERE "slug" = 'welcome-to-lunar' AND "title" = 'Welcome to Lunar' AND "published_on" = '2024-03-19';
