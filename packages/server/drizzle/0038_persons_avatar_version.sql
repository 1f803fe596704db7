-- A person's photo version (what the Toedienlijst puts in a photo's URL) kept with the photo: the list's build
-- read every client's photo (a data URL of up to 300 KB, stored out of line) and hashed it on every build;
-- now it reads this column. Written by the database whenever the photo is, by every path that writes one
-- (profile, person form, seed, purge), and recomputed if anything writes the version itself. The same value
-- as administration/photo-version.ts `photoVersion`: SHA-256 of the data URL, base64url, 16 characters.
ALTER TABLE "persons" ADD COLUMN "avatar_version" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION persons_avatar_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.avatar_version := CASE WHEN coalesce(NEW.avatar, '') = '' THEN NULL
    ELSE translate(left(encode(sha256(convert_to(NEW.avatar, 'UTF8')), 'base64'), 16), '+/', '-_') END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER persons_avatar_version BEFORE INSERT OR UPDATE OF avatar, avatar_version ON persons
  FOR EACH ROW EXECUTE FUNCTION persons_avatar_version();--> statement-breakpoint
UPDATE persons SET avatar = avatar WHERE coalesce(avatar, '') <> '';
