-- The email is unique: its descending sort reads member_directory_email_idx backwards (docs/decisions/0239).
DROP INDEX "member_directory_email_desc_idx";
