ALTER TABLE "persons" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_names || ' ' || coalesce(last_name_prefix, '') || ' ' || last_name || ' ' || coalesce(partner_prefix, '') || ' ' || coalesce(partner_last_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "persons_live_name_idx" ON "persons" USING btree ("entity_id",lower("last_name"),lower("first_names"),"id") WHERE not "persons"."deleted";--> statement-breakpoint
CREATE INDEX "persons_live_dob_idx" ON "persons" USING btree ("entity_id","date_of_birth","id") WHERE not "persons"."deleted";--> statement-breakpoint
CREATE INDEX "persons_trash_idx" ON "persons" USING btree ("entity_id","deleted_at") WHERE "persons"."deleted" and "persons"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_person_idx" ON "accounts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "audit_log_keyset_idx" ON "audit_log" USING btree ("entity_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_keyset_idx" ON "audit_log" USING btree ("entity_id","user_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_object_keyset_idx" ON "audit_log" USING btree ("entity_id","object_type","object_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_patient_keyset_idx" ON "audit_log" USING btree ("entity_id","patient_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);