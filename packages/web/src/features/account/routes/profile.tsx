import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Divider, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { screenName } from '@zorgportaal/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useProfile } from '../api/get-profile.ts';
import { AvatarEditor } from '../components/avatar-editor.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .filter((_, index, all) => index === 0 || index === all.length - 1)
    .join('');

/** /user/profile (Profiel): the caller's own name, date of birth, e-mail addresses and photo. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <Stack gap="lg" maw={720}>
      <PageHeading title={t('routes.profile', 'Profiel')} />
      {profile.isPending ? (
        <Stack gap="md" data-testid="profile-skeleton" aria-busy="true">
          <Skeleton height={96} circle />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : profile.isError ? (
        <LoadError
          message={t('profile.loadError', 'Uw profiel kon niet worden geladen.')}
          error={profile.error}
          onRetry={() => void profile.refetch()}
          data-testid="profile-error"
        />
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="lg">
            <AvatarEditor
              personId={profile.data.PersonId}
              initials={initialsOf(screenName(profile.data.NameInformation))}
            />
            <Divider />
            <ProfileForm key={profile.data.PersonId} profile={profile.data} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
