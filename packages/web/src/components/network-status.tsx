import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNetworkState } from '../lib/network-state.ts';
import classes from './network-status.module.css';

/**
 * The thin bar along the header's lower edge while a screen loads (its lazy chunk, its data) or any
 * request is on its way — so a tap on a slow connection visibly does something. It lies on the
 * header, never over the page.
 */
export function NetworkProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pending } = useNetworkState();
  if (navigation.state !== 'loading' && pending === 0) return null;
  return (
    <div
      className={classes.progress}
      role="progressbar"
      aria-label={t('app.loading', 'Laden…')}
      data-testid="network-progress"
    />
  );
}

/**
 * In the header: "Geen verbinding" while the browser is offline or a request got no answer, and
 * "Bezig… de verbinding is traag" while a request has waited more than a few seconds.
 */
export function NetworkStatus() {
  const { t } = useTranslation();
  const { offline, slow } = useNetworkState();
  return (
    <span role="status" aria-live="polite" className={classes.status}>
      {offline ? (
        <span className={classes.offline} data-testid="offline-indicator">
          {t('connection.offline', 'Geen verbinding')}
        </span>
      ) : slow ? (
        <span className={classes.slow} data-testid="slow-indicator">
          {t('connection.slow', 'Bezig… de verbinding is traag')}
        </span>
      ) : null}
    </span>
  );
}
