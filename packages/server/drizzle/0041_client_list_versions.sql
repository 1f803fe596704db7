CREATE TABLE "client_list_versions" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
