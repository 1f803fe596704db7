CREATE TABLE "planned_moments" (
	"agreement_id" integer NOT NULL,
	"day" date NOT NULL,
	"slots" jsonb NOT NULL,
	CONSTRAINT "planned_moments_agreement_id_day_pk" PRIMARY KEY("agreement_id","day")
);
--> statement-breakpoint
ALTER TABLE "planned_moments" ADD CONSTRAINT "planned_moments_agreement_id_medication_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."medication_agreements"("id") ON DELETE cascade ON UPDATE no action;