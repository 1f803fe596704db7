import { z } from 'zod';
import { boundedInt, idSchema, text } from './fields.ts';

/** Documents (domain.md "Documents"): protocols, manuals and forms an organisation keeps for its staff. */
export const DOCUMENT_CATEGORIES = ['protocol', 'handleiding', 'formulier', 'overig'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The largest file one upload may carry (20 MB). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The file types a document may have, as sniffed from the content (never from the name): PDF,
 * images and Office documents (Office Open XML and OpenDocument). Key: the sniffed MIME type.
 */
export const DOCUMENT_FILE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
} as const satisfies Record<string, string>;
export type DocumentContentType = keyof typeof DOCUMENT_FILE_TYPES;

/** What the file picker offers (the server decides by content, this only helps the user pick). */
export const DOCUMENT_ACCEPT = [
  ...Object.keys(DOCUMENT_FILE_TYPES),
  ...Object.values(DOCUMENT_FILE_TYPES).map((ext) => `.${ext}`),
].join(',');

const TITLE_REQUIRED = 'Vul een titel in.';
const CATEGORY_MESSAGE = 'Kies een categorie.';

const titleSchema = text({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, 'Maximaal 200 tekens.');
const categorySchema = z.enum(DOCUMENT_CATEGORIES, { error: CATEGORY_MESSAGE });
const sharedSchema = z.boolean({ error: 'Kies ja of nee.' });

/** The text fields of an upload (multipart form fields). */
export const documentFieldsSchema = z.object({
  Title: titleSchema,
  Category: categorySchema,
  /** Shared with the organisation's partners in the care network (active links either way). */
  Shared: sharedSchema.default(false),
});
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

/** A change of an own document (JSON): any of the fields, at least one. */
export const documentUpdateSchema = z
  .object({ Title: titleSchema, Category: categorySchema, Shared: sharedSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Geef minstens één veld om te wijzigen.' });
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

export const documentListQuerySchema = z.object({
  q: text().trim().max(100, 'Maximaal 100 tekens.').optional(),
  category: z.enum(DOCUMENT_CATEGORIES, { error: CATEGORY_MESSAGE }).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentDownloadQuerySchema = z.object({
  version: boundedInt(1, 100_000).optional(),
});

export const documentVersionSchema = z.object({
  Version: z.number().int(),
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.number().int(),
  UploadedBy: z.string(),
  UploadedAt: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Category: z.enum(DOCUMENT_CATEGORIES),
  Shared: z.boolean(),
  EntityId: z.number().int(),
  EntityName: z.string(),
  /** True when the caller's organisation owns it (only the owner changes or deletes it). */
  Own: z.boolean(),
  /** The current (latest) version. */
  Version: documentVersionSchema,
});
export type Document = z.infer<typeof documentSchema>;

export const documentDetailSchema = documentSchema.extend({
  Versions: z.array(documentVersionSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentListSchema = z.object({ Rows: z.array(documentSchema) });

export const documentIdParamSchema = z.object({ id: idSchema });
