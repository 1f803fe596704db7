import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The encrypted archive format (streamed, so an archive never has to fit in memory):
 *
 *   header  = "ZPBACKUP" | version 0x01 | salt (32 bytes) | key check (16 bytes)
 *   record* = final flag (1 byte) | length (uint32 BE, at most CHUNK) | AES-256-GCM ciphertext | tag (16 bytes)
 *
 * The archive key is HKDF-SHA256(BACKUP_KEY, salt): fresh per archive, so the record index can be the nonce.
 * Every record's additional data is the header, its index and its final flag, and exactly one record (the last)
 * is final: a changed byte, a changed header, reordered or dropped records, a cut-off end and bytes after the
 * end all fail authentication. The key check tells "another BACKUP_KEY" apart from "changed".
 */
const MAGIC = Buffer.from('ZPBACKUP', 'ascii');
const VERSION = 1;
const SALT_BYTES = 32;
const CHECK_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + CHECK_BYTES;
const TAG_BYTES = 16;
const RECORD_HEAD = 5;
/** Plaintext bytes per record. */
export const CHUNK = 64 * 1024;

/** Why an archive cannot be read: the restore prints the message and changes nothing. */
export class BackupAuthError extends Error {
  constructor(readonly reason: 'not-a-backup' | 'wrong-key' | 'changed' | 'truncated') {
    super(reason);
  }
}

/**
 * BACKUP_KEY: 64 hex characters, or the base64 (or base64url) of 32 bytes — `openssl rand -hex 32` makes one.
 * Anything else is null (the configuration names the variable).
 */
export function parseBackupKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

function deriveKeys(backupKey: Buffer, salt: Buffer): { key: Buffer; check: Buffer } {
  const key = Buffer.from(hkdfSync('sha256', backupKey, salt, 'zorgportaal backup v1 aes-256-gcm', 32));
  const check = createHmac('sha256', key)
    .update('zorgportaal backup key check')
    .digest()
    .subarray(0, CHECK_BYTES);
  return { key, check };
}

const nonceOf = (index: number): Buffer => {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
};

const aadOf = (header: Buffer, index: number, final: boolean): Buffer => {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail.writeUInt8(final ? 1 : 0, 8);
  return Buffer.concat([header, tail]);
};

/** Plaintext in, encrypted archive out. */
export function encryptStream(backupKey: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const { key, check } = deriveKeys(backupKey, salt);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, check]);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;

  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(index));
    cipher.setAAD(aadOf(header, index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(RECORD_HEAD);
    head.writeUInt8(final ? 1 : 0, 0);
    head.writeUInt32BE(plain.length, 1);
    index++;
    return Buffer.concat([head, body, cipher.getAuthTag()]);
  };

  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > CHUNK) {
        let all = Buffer.concat(pending);
        // Keep at least one byte back: the last record, sealed as final in flush, is never empty by accident.
        while (all.length > CHUNK) {
          this.push(seal(all.subarray(0, CHUNK), false));
          all = all.subarray(CHUNK);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
}

/**
 * Encrypted archive in, plaintext out. Each record is released only after its tag checked; the stream errors
 * with BackupAuthError on any mismatch and on an end without the final record.
 */
export function decryptStream(backupKey: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let index = 0;
  let finished = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      try {
        if (!header) {
          if (buffered.length < HEADER_BYTES) {
            // Too short for a header: decide now only if it cannot be ours.
            if (!MAGIC.subarray(0, buffered.length).equals(buffered.subarray(0, MAGIC.length)))
              throw new BackupAuthError('not-a-backup');
            return callback();
          }
          const candidate = buffered.subarray(0, HEADER_BYTES);
          if (!candidate.subarray(0, MAGIC.length).equals(MAGIC) || candidate[MAGIC.length] !== VERSION)
            throw new BackupAuthError('not-a-backup');
          const salt = candidate.subarray(MAGIC.length + 1, MAGIC.length + 1 + SALT_BYTES);
          const derived = deriveKeys(backupKey, salt);
          if (!timingSafeEqual(derived.check, candidate.subarray(HEADER_BYTES - CHECK_BYTES)))
            throw new BackupAuthError('wrong-key');
          header = Buffer.from(candidate);
          key = derived.key;
          buffered = buffered.subarray(HEADER_BYTES);
        }
        while (buffered.length >= RECORD_HEAD) {
          if (finished) throw new BackupAuthError('changed');
          const flag = buffered.readUInt8(0);
          const length = buffered.readUInt32BE(1);
          if (flag > 1 || length > CHUNK) throw new BackupAuthError('changed');
          const total = RECORD_HEAD + length + TAG_BYTES;
          if (buffered.length < total) break;
          const final = flag === 1;
          const decipher = createDecipheriv('aes-256-gcm', key!, nonceOf(index));
          decipher.setAAD(aadOf(header, index, final));
          decipher.setAuthTag(buffered.subarray(RECORD_HEAD + length, total));
          let plain: Buffer;
          try {
            plain = Buffer.concat([
              decipher.update(buffered.subarray(RECORD_HEAD, RECORD_HEAD + length)),
              decipher.final(),
            ]);
          } catch {
            throw new BackupAuthError('changed');
          }
          buffered = buffered.subarray(total);
          index++;
          finished = final;
          this.push(plain);
        }
        if (finished && buffered.length > 0) throw new BackupAuthError('changed');
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback: TransformCallback) {
      if (!header) return callback(new BackupAuthError('not-a-backup'));
      callback(finished && buffered.length === 0 ? null : new BackupAuthError('truncated'));
    },
  });
}
