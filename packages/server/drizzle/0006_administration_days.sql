CREATE TABLE "administration_days" (
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"department_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"medication_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	"late" integer NOT NULL,
	"awaiting" integer NOT NULL,
	CONSTRAINT "administration_days_entity_id_day_department_id_patient_id_medication_id_status_pk" PRIMARY KEY("entity_id","day","department_id","patient_id","medication_id","status")
);
--> statement-breakpoint
CREATE INDEX "administration_days_patient_idx" ON "administration_days" USING btree ("patient_id","day");