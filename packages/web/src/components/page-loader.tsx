import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Skeleton state of a whole page (while a lazy chunk or the translations load). */
export function PageLoader() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={ready ? t('app.loading', 'Laden…') : undefined} />
    </Center>
  );
}
