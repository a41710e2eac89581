CREATE TABLE "user_permissions" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "user_permissions_user_id_role_id_permission_id_pk" PRIMARY KEY("user_id","role_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_role_fk" FOREIGN KEY ("user_id","role_id") REFERENCES "public"."user_roles"("user_id","role_id") ON DELETE cascade ON UPDATE no action;