ALTER TABLE "network_links" ADD COLUMN "deactivated_by_entity_id" integer;--> statement-breakpoint
ALTER TABLE "network_links" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "administrations" ADD COLUMN "timing_reason" text;--> statement-breakpoint
ALTER TABLE "network_links" ADD CONSTRAINT "network_links_deactivated_by_entity_id_entities_id_fk" FOREIGN KEY ("deactivated_by_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;