-- A department holds about a ward's clients (~20). Without this, the planner's estimate for "the clients of
-- some department" (a prepared statement's generic plan: the Toedienlijst's version and data) is the average
-- department, so one large department (a waiting list, home care) made every ward's statements plan as if
-- for hundreds of clients, or be planned again on every call (docs/performance.md).
ALTER TABLE "patients" ALTER COLUMN "department_id" SET (n_distinct = -0.05);--> statement-breakpoint
ANALYZE "patients";
