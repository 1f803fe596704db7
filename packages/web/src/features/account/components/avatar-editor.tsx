import { useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_PX } from '@zorgportaal/contract';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAvatar } from '../api/get-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';
import { AVATAR_MAX_FILE_BYTES, AVATAR_TYPES, resizeImage } from '../utils/resize-image.ts';

interface AvatarEditorProps {
  personId: number;
  /** Shown when there is no photo. */
  initials: string;
}

/** The profile photo: choose an image, see the resized preview (≤ 256 px), then save it. */
export function AvatarEditor({ personId, initials }: AvatarEditorProps) {
  const { t } = useTranslation();
  const avatar = useAvatar(personId);
  const upload = useUploadAvatar(personId);
  const [preview, setPreview] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type))
      return toastError(t('profile.avatar.wrongType', 'Kies een afbeelding (PNG, JPEG of WebP).'));
    if (file.size > AVATAR_MAX_FILE_BYTES)
      return toastError(
        t('profile.avatar.tooLarge', 'Deze afbeelding is te groot. Kies een kleiner bestand.'),
      );
    setReading(true);
    try {
      setPreview(await resizeImage(file));
    } catch {
      toastError(t('profile.avatar.unreadable', 'Deze afbeelding kon niet worden gelezen.'));
    } finally {
      setReading(false);
    }
  };

  const save = () => {
    if (!preview) return;
    void withFeedback(upload.mutateAsync(preview), {
      onSuccess: () => {
        setPreview(null);
        toastSuccess(t('profile.avatar.saved', 'Uw foto is opgeslagen.'));
      },
      onError: (error) => toastError(errorMessage(t, error)),
    });
  };

  const shown = preview ?? avatar.data?.data ?? null;
  return (
    <Group gap="lg" align="center" data-testid="avatar-editor">
      <Avatar
        src={shown}
        alt={
          preview
            ? t('profile.avatar.preview', 'Voorbeeld van de nieuwe foto')
            : t('profile.avatar.alt', 'Uw foto')
        }
        size={96}
        radius={96}
        color="blue"
        data-testid={preview ? 'avatar-preview' : 'avatar-image'}
      >
        {initials}
      </Avatar>
      <Stack gap="xs">
        {preview ? (
          <Group gap="sm">
            <Button onClick={save} loading={upload.isPending} data-testid="avatar-save">
              {t('profile.avatar.save', 'Foto opslaan')}
            </Button>
            <Button variant="default" onClick={() => setPreview(null)} disabled={upload.isPending}>
              {t('common.cancel', 'Annuleren')}
            </Button>
          </Group>
        ) : (
          <FileButton
            onChange={(file) => void choose(file)}
            accept={AVATAR_TYPES.join(',')}
            resetRef={resetRef}
            inputProps={{ 'data-testid': 'avatar-input' } as Record<string, string>}
          >
            {(props) => (
              <Button variant="default" loading={reading} {...props} data-testid="avatar-choose">
                {t('profile.avatar.choose', 'Foto kiezen')}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dark.6">
          {t('profile.avatar.help', 'De foto wordt verkleind tot maximaal {{max}} × {{max}} pixels.', {
            max: AVATAR_MAX_PX,
          })}
        </Text>
      </Stack>
    </Group>
  );
}
