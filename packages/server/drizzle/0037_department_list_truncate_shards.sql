-- A truncate changes every client of every ward, so it moves every shard's counter, not only shard 0's: a kept
-- list whose counters moved in a few shards is patched for the clients of those shards alone
-- (administration/kept-list.ts), and after a truncate every client's part has to be read again.
CREATE OR REPLACE FUNCTION department_list_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM department_list_bump(array(SELECT d.id FROM departments d, generate_series(0, 63) s ORDER BY d.id, s),
    array(SELECT s FROM departments d, generate_series(0, 63) s ORDER BY d.id, s));
  RETURN NULL;
END;
$$;
