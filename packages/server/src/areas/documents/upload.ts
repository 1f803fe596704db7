import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_MAX_BYTES,
  documentFieldsSchema,
  type DocumentContentType,
  type DocumentFields,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Caller } from '../../platform/types.ts';
import { storeFile, type StoredFile } from './file-store.ts';
import { discardAbandonedFiles, discardFile, uploaderName, type NewVersion } from './queries/index.ts';

const TOO_LARGE = `Het bestand is groter dan ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;
const WRONG_TYPE =
  'Dit soort bestand kan niet worden opgeslagen. Kies een PDF, afbeelding of Office-bestand.';
const NO_FILE = 'Kies een bestand.';
const MULTIPART_OVERHEAD = 64 * 1024;
const ONE_FILE = 'Stuur één bestand per keer.';

export const fileError = (
  status: number,
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE',
  message: string,
) => new HttpError(status, code, message, { Fields: { File: message } });

/** The sniffed type of the first bytes, or a 415 naming the field: the name and the client's type are never trusted. */
async function sniff(head: Buffer): Promise<DocumentContentType> {
  if (head.length === 0) throw fileError(400, 'VALIDATION_FAILED', NO_FILE);
  const found = await fileTypeFromBuffer(head);
  if (!found || !Object.hasOwn(DOCUMENT_FILE_TYPES, found.mime))
    throw fileError(415, 'UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE);
  return found.mime as DocumentContentType;
}

/** A file name safe to show and to send back in Content-Disposition: no path, no control characters, the sniffed extension. */
export function safeFileName(name: string | undefined, contentType: DocumentContentType): string {
  const ext = DOCUMENT_FILE_TYPES[contentType];
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'document'}.${ext}`;
}

export interface Upload {
  file: StoredFile & { contentType: DocumentContentType; fileName: string };
  fields: Record<string, string>;
}

/** Multipart errors of @fastify/multipart, as our error body naming the field. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fileError(400, 'VALIDATION_FAILED', ONE_FILE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Stuur het bestand als multipart/form-data.');
    default:
      return error;
  }
}

/**
 * Reads a multipart upload: the text fields, and one file `File` streamed into the database as it
 * arrives (sniffed on its first chunk). A refused or broken upload leaves nothing behind.
 */
export async function readUpload(request: FastifyRequest, entityId: number): Promise<Upload> {
  const db = request.server.db;
  // A declared length far over the limit is refused before a byte is stored (the form fields
  // around the file take a few kilobytes at most); a chunked upload meets the limit while streaming.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD)
    throw fileError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
  await discardAbandonedFiles(db);
  const fields: Record<string, string> = {};
  let file: Upload['file'] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'File' || file) {
        part.file.resume();
        throw fileError(400, 'VALIDATION_FAILED', ONE_FILE);
      }
      const stored = await storeFile(db, entityId, part.file, sniff);
      const contentType = stored.kind as DocumentContentType;
      file = { ...stored, contentType, fileName: safeFileName(part.filename, contentType) };
    }
  } catch (error) {
    if (file) await discardFile(db, file.fileId);
    throw multipartError(error);
  }
  if (!file) throw fileError(400, 'VALIDATION_FAILED', NO_FILE);
  return { file, fields };
}

/** The text fields of an upload, validated by the contract schema; a failure names the field. */
export function parseFields(fields: Record<string, string>): DocumentFields {
  const shared = fields.Shared;
  const parsed = documentFieldsSchema.safeParse({
    Title: fields.Title,
    Category: fields.Category,
    Shared:
      shared === undefined || shared === ''
        ? undefined
        : shared === 'true'
          ? true
          : shared === 'false'
            ? false
            : shared,
  });
  if (!parsed.success)
    throw new HttpError(400, 'VALIDATION_FAILED', 'De invoer is ongeldig.', {
      Fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'body'), i.message])),
    });
  return parsed.data;
}

/**
 * Hands a stored upload to `store` (which makes a document or a version of it). When that fails (a
 * bad field, a document gone meanwhile) the stored file is discarded and the error goes on.
 */
export async function keepUpload<T>(
  db: Db,
  caller: Caller,
  file: Upload['file'],
  store: (version: NewVersion) => Promise<T>,
): Promise<T> {
  try {
    return await store({
      fileId: file.fileId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      uploadedByName: await uploaderName(db, caller),
    });
  } catch (error) {
    await discardFile(db, file.fileId);
    throw error;
  }
}
