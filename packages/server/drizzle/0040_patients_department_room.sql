DROP INDEX "patients_department_id_idx";--> statement-breakpoint
CREATE INDEX "patients_department_room_idx" ON "patients" USING btree ("department_id","room");