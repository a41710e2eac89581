CREATE TABLE "cih_idempotent_saves" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cih_idempotent_saves_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "cih_idempotent_saves" ADD CONSTRAINT "cih_idempotent_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cih_idempotent_saves_created_idx" ON "cih_idempotent_saves" USING btree ("created_at");