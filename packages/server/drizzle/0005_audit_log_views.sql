ALTER TABLE "audit_log" ADD COLUMN "related_patient_ids" integer[];--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changed_fields" text[];--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "view_key" text;--> statement-breakpoint
CREATE INDEX "audit_log_related_patients_idx" ON "audit_log" USING gin ("related_patient_ids");