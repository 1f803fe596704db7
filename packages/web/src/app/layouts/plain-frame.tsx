import type { ReactNode } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** The frame of the public pages (spec §1: unauthenticated users see a plain layout). */
export function PlainFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="md" py="sm">
        <Text fw={700} size="lg" c="blue.9">
          {t('app.name', 'Zorgportaal')}
        </Text>
        <LanguageSwitch />
      </Group>
      <Container component="main" id="main" size={440} py="xl">
        {children}
      </Container>
    </Box>
  );
}
