ALTER TABLE "message_threads" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "inr_value_id" integer;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_inr_value_id_inr_values_id_fk" FOREIGN KEY ("inr_value_id") REFERENCES "public"."inr_values"("id") ON DELETE no action ON UPDATE no action;