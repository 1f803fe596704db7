CREATE TABLE "not_me_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_links" ADD COLUMN "deactivated_by_entity_id" integer;--> statement-breakpoint
ALTER TABLE "network_links" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "administrations" ADD COLUMN "timing_reason" text;--> statement-breakpoint
ALTER TABLE "not_me_tokens" ADD CONSTRAINT "not_me_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "not_me_tokens_account_id_index" ON "not_me_tokens" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "network_links" ADD CONSTRAINT "network_links_deactivated_by_entity_id_entities_id_fk" FOREIGN KEY ("deactivated_by_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;