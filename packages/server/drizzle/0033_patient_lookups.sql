CREATE INDEX "medication_agreements_patient_id_idx" ON "medication_agreements" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patients_department_id_idx" ON "patients" USING btree ("department_id");
