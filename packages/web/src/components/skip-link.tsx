import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** Lets keyboard users jump past the header and the long navigation to the page content (#main). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skipLink} data-testid="skip-link">
      {t('app.skipToContent', 'Naar de inhoud')}
    </a>
  );
}
