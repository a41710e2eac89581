CREATE TABLE "custom_field_values" (
	"field_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"date_value" date,
	"bool_value" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_values_pkey" PRIMARY KEY("field_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"visibility" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_values_user_idx" ON "custom_field_values" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("field_id","text_value","user_id") WHERE "custom_field_values"."text_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_number_idx" ON "custom_field_values" USING btree ("field_id","number_value","user_id") WHERE "custom_field_values"."number_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_date_idx" ON "custom_field_values" USING btree ("field_id","date_value","user_id") WHERE "custom_field_values"."date_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_bool_idx" ON "custom_field_values" USING btree ("field_id","bool_value","user_id") WHERE "custom_field_values"."bool_value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_name_key" ON "custom_fields" USING btree (lower("name"));