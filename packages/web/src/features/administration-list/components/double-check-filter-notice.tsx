import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says the list is filtered on waiting double checks, with the way back to the whole list. */
export function DoubleCheckFilterNotice({ count, onShowAll }: { count: number; onShowAll: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" data-testid="double-check-filter">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text>
          {count === 0
            ? t('administration.checkFilter.none', 'Er wachten geen toedieningen op een dubbele controle.')
            : t(
                'administration.checkFilter.some',
                'Alleen toedieningen die wachten op dubbele controle ({{count}}).',
                {
                  count,
                },
              )}
        </Text>
        <Button variant="default" size="md" onClick={onShowAll} data-testid="double-check-filter-clear">
          {t('administration.checkFilter.showAll', 'Alle toedieningen tonen')}
        </Button>
      </Group>
    </Alert>
  );
}
