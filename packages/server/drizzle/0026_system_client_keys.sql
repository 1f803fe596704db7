CREATE TABLE "system_client_assertions" (
	"client_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "system_client_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
ALTER TABLE "system_clients" ALTER COLUMN "secret_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "system_clients" ADD COLUMN "auth_method" text DEFAULT 'client_secret' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_clients" ADD COLUMN "public_keys" jsonb;--> statement-breakpoint
ALTER TABLE "system_client_assertions" ADD CONSTRAINT "system_client_assertions_client_id_system_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_client_assertions_expires_at_index" ON "system_client_assertions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_credential_check" CHECK (("system_clients"."auth_method" = 'client_secret' and "system_clients"."secret_hash" is not null and "system_clients"."public_keys" is null) or ("system_clients"."auth_method" = 'private_key_jwt' and "system_clients"."secret_hash" is null and "system_clients"."public_keys" is not null));