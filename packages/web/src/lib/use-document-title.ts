import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The one place that sets document.title: it starts with the page title, e.g. "Personen · Zorgportaal". */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const productName = t('app.name', 'Zorgportaal');
  // A layout effect: the title changes in the same commit as the heading, not a frame later.
  useLayoutEffect(() => {
    document.title = title && title !== productName ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}
