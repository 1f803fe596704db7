import '@mantine/core/styles/Avatar.css';
import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 256 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

interface AvatarInputProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** The person's photo: PNG, JPEG or WebP up to 256 kB, sent as a data URL (personBodySchema.Avatar). */
export function AvatarInput({ value, onChange, error }: AvatarInputProps) {
  const { t } = useTranslation();
  const [localError, setLocalError] = useState<string>();

  const choose = async (file: File | null) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      setLocalError(t('persons.form.avatarType', 'Kies een PNG-, JPEG- of WebP-afbeelding.'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setLocalError(t('persons.form.avatarSize', 'De afbeelding is te groot (maximaal 256 kB).'));
      return;
    }
    setLocalError(undefined);
    onChange(await readAsDataUrl(file));
  };

  return (
    <Input.Wrapper label={t('persons.form.avatar', 'Foto')} error={localError ?? error}>
      <Group gap="sm" mt={4}>
        <Avatar src={value} size="lg" radius="xl" alt="" />
        <FileButton onChange={(file) => void choose(file)} accept={TYPES.join(',')}>
          {(props) => (
            <Button variant="default" size="xs" {...props} data-testid="person-form-avatar">
              {t('persons.form.avatarChoose', 'Foto kiezen')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" size="xs" color="red" onClick={() => onChange(null)}>
            {t('persons.form.avatarRemove', 'Foto verwijderen')}
          </Button>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
