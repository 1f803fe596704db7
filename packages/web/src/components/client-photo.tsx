import '@mantine/core/styles/Avatar.css';
import { Avatar } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client.ts';
import { useObjectUrl } from '../lib/object-url.ts';
import { clientPhotoKeys } from '../lib/query-keys.ts';

/** Initials of a screen name ("M. de Vries-Jansen" → "MV"): first letter of the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s.]+/).filter((w) => /^\p{Lu}/u.test(w));
  const first = words[0]?.[0] ?? name.trim()[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return (first + last).toUpperCase();
}

interface ClientPhotoProps {
  patientId: number;
  /** The list's PhotoVersion; null: the client has no photo, initials are shown. */
  version: string | null | undefined;
  name: string;
  size?: number;
}

/**
 * The client's photo, so the nurse recognises the person at a glance, or the initials when there is none.
 * An <img> cannot send the bearer token: the image is fetched with the API client as a blob, once per
 * version (the URL carries it), and shown through an object URL shared by every card of that client
 * (`useObjectUrl`), released with the last of them.
 */
export function ClientPhoto({ patientId, version, name, size = 56 }: ClientPhotoProps) {
  const { t } = useTranslation();
  const photo = useQuery({
    queryKey: clientPhotoKeys.photo(patientId, version ?? ''),
    queryFn: ({ signal }) =>
      api.get<Blob>(`/api/administration/photo/${patientId}`, { query: { v: version }, blob: true, signal }),
    enabled: Boolean(version),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
    retry: false,
  });
  const src = useObjectUrl(photo.data);
  const alt = t('administration.photoOf', 'Foto van {{name}}', { name });
  return (
    <Avatar
      src={src}
      alt={alt}
      size={size}
      radius="md"
      color="blue"
      data-testid="client-photo"
      data-photo={src ? 'image' : 'initials'}
      // Initials only: the whole avatar is the image, named like the photo would be.
      role={src ? undefined : 'img'}
      aria-label={src ? undefined : alt}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
