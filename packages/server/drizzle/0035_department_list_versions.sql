CREATE TABLE "department_list_versions" (
	"department_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "department_list_versions_department_id_shard_pk" PRIMARY KEY("department_id","shard")
);
