import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentDetailSchema, documentListSchema, type DocumentCategory } from '@zorgportaal/contract';
import { api, request } from '../../../lib/api-client.ts';
import { documentKeys } from './query-keys.ts';

export interface DocumentQuery {
  q?: string;
  category?: DocumentCategory;
}

/** GET /api/documents: own documents and those shared by partners in the care network. */
export const documentsQueryOptions = (query: DocumentQuery) =>
  queryOptions({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/api/documents', { schema: documentListSchema, query: { ...query }, signal }),
  });

export const useDocuments = (query: DocumentQuery) =>
  useQuery({ ...documentsQueryOptions(query), placeholderData: keepPreviousData });

/** GET /api/documents/{id}: one document with every version. */
export const useDocument = (id: number | null) =>
  useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/documents/${id}`, { schema: documentDetailSchema, signal }),
    enabled: id !== null,
  });

/** GET /api/documents/trash: deleted documents of the own organisation. */
export const useDeletedDocuments = (enabled: boolean) =>
  useQuery({
    queryKey: documentKeys.trash(),
    queryFn: ({ signal }) => api.get('/api/documents/trash', { schema: documentListSchema, signal }),
    enabled,
  });

export interface UploadValues {
  Title: string;
  Category: DocumentCategory | '';
  Shared: boolean;
  File: File | null;
}

function uploadForm(values: Partial<UploadValues>): FormData {
  const form = new FormData();
  // Text fields first: the server reads them before the file streams in.
  if (values.Title !== undefined) form.append('Title', values.Title);
  if (values.Category !== undefined) form.append('Category', values.Category);
  if (values.Shared !== undefined) form.append('Shared', String(values.Shared));
  if (values.File) form.append('File', values.File, values.File.name);
  return form;
}

function useInvalidatingMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** POST /api/documents (multipart). */
export const useUploadDocument = () =>
  useInvalidatingMutation((values: UploadValues) =>
    request('/api/documents', { method: 'POST', formData: uploadForm(values), schema: documentDetailSchema }),
  );

/** POST /api/documents/{id}/versions (multipart): the next version. */
export const useUploadVersion = () =>
  useInvalidatingMutation(({ id, file }: { id: number; file: File }) =>
    request(`/api/documents/${id}/versions`, {
      method: 'POST',
      formData: uploadForm({ File: file }),
      schema: documentDetailSchema,
    }),
  );

/** DELETE /api/documents/{id}: to the trash. */
export const useDeleteDocument = () =>
  useInvalidatingMutation((id: number) => api.delete(`/api/documents/${id}`));

/** POST /api/documents/{id}/restore. */
export const useRestoreDocument = () =>
  useInvalidatingMutation((id: number) =>
    api.post(`/api/documents/${id}/restore`, undefined, { schema: documentDetailSchema }),
  );

/** GET /api/documents/{id}/download: the file, through the API client (bearer token). */
export const useDownloadDocument = () =>
  useMutation({
    mutationFn: ({ id, version }: { id: number; version?: number }) =>
      request<Blob>(`/api/documents/${id}/download`, { method: 'GET', query: { version }, blob: true }),
  });
