-- Hand-edited (drizzle-kit generated the ADD/DROP statements only).
-- Application answers move from one column each into one jsonb document per application,
-- checked by the core schema of its type (core/applications/record.ts). The columns the
-- dashboard filters, sorts and searches on stay. Existing rows are converted before the old
-- columns go: the answers of the row's own type, with nulls left out (the schema reads an
-- absent optional answer as '', as the old read path did with null).
ALTER TABLE "applications" ADD COLUMN "answers" jsonb;--> statement-breakpoint
UPDATE "applications" SET "answers" = jsonb_strip_nulls(jsonb_build_object(
	'age', "age",
	'activityLevel', "activity_level",
	'otherServers', "other_servers",
	'whyChooseYou', "why_choose_you",
	'scenarioOne', "scenario_one",
	'scenarioTwo', "scenario_two",
	'scenarioThree', "scenario_three",
	'scenarioFour', "scenario_four",
	'questionsForUs', "questions_for_us",
	'questionsBenefits', "questions_benefits",
	'additionalInfo', "additional_info",
	'agreeTerms', "agree_terms"
)) WHERE "type" = 'moderator';--> statement-breakpoint
UPDATE "applications" SET "answers" = jsonb_strip_nulls(jsonb_build_object(
	'age', "age",
	'activityLevel', "activity_level",
	'designStyle', "design_style",
	'tools', "tools",
	'designProcess', "design_process",
	'designChallenges', "design_challenges",
	'questionsForUs', "questions_for_us",
	'questionsBenefits', "questions_benefits",
	'additionalInfo', "additional_info",
	'agreeTerms', "agree_terms"
)) WHERE "type" = 'designer';--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "answers" SET NOT NULL;--> statement-breakpoint
-- End of the hand-written part; the rest is as generated.
ALTER TABLE "applications" DROP COLUMN "age";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "activity_level";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "scenario_one";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "scenario_two";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "scenario_three";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "scenario_four";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "other_servers";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "why_choose_you";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "questions_for_us";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "questions_benefits";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "additional_info";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "design_style";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "tools";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "design_process";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "design_challenges";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "agree_terms";--> statement-breakpoint
-- Whether QC passed is what the order's state (and its events) say; the orders logic derives
-- it there, and no code wrote this copy yet.
ALTER TABLE "orders" DROP COLUMN "qc_passed";
