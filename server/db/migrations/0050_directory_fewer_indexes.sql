-- A descending sort is the ascending one reversed (every key, NULLs first): a backward scan of its one index, so no sort keeps a descending twin (docs/decisions/0239).
DROP INDEX "member_directory_sur_name_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_first_name_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_dob_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_gender_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_marital_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_employment_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_state_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_email_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_created_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_disabled_desc_idx";