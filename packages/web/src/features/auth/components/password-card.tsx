import type { ReactNode } from 'react';
import { Anchor, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';

/** The card of a forgotten-password page: its heading, its content, and the way back to the login. */
export function PasswordCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <PageHeading title={title} />
        {children}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin', 'Terug naar inloggen')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
