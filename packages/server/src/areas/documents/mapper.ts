import type { Document, DocumentDetail, DocumentVersion } from '@zorgportaal/contract';
import type { Caller } from '../../platform/types.ts';
import type { DocumentRow, VersionRow } from './queries/index.ts';

export function toVersion(row: VersionRow): DocumentVersion {
  return {
    Version: row.version,
    FileName: row.fileName,
    ContentType: row.contentType,
    Size: row.size,
    UploadedBy: row.uploadedByName,
    UploadedAt: row.uploadedAt.toISOString(),
  };
}

export function toDocument(
  caller: Caller,
  { document, entityName, version }: { document: DocumentRow; entityName: string; version: VersionRow },
): Document {
  return {
    Id: document.id,
    Title: document.title,
    Category: document.category,
    Shared: document.shared,
    EntityId: document.entityId,
    EntityName: entityName,
    Own: document.entityId === caller.entityId,
    Version: toVersion(version),
  };
}

export function toDocumentDetail(
  caller: Caller,
  found: { document: DocumentRow; entityName: string; versions: VersionRow[] },
): DocumentDetail {
  return {
    ...toDocument(caller, { ...found, version: found.versions[0]! }),
    Versions: found.versions.map(toVersion),
  };
}
