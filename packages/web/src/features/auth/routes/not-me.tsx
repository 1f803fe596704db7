import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage, ApiRequestError } from '../../../lib/api-errors.ts';
import { reportNotMe } from '../api/not-me.ts';
import { PasswordCard } from '../components/password-card.tsx';

/**
 * /not-me/:token: the link in the "uw e-mailadres is gewijzigd" notice. One deliberate click (a mail
 * scanner that follows links must not end the sessions) ends every session of the account.
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();

  const submit = async () => {
    setLoading(true);
    try {
      await reportNotMe(token);
      setOutcome({
        ok: true,
        message: t(
          'notMe.done',
          'Alle sessies van uw account zijn beëindigd. Neem contact op met uw beheerder om uw e-mailadres en wachtwoord te controleren.',
        ),
      });
    } catch (failure) {
      setOutcome({
        ok: false,
        message:
          failure instanceof ApiRequestError && failure.status === 400
            ? t(
                'notMe.invalid',
                'Deze link is ongeldig, al gebruikt of verlopen. Neem contact op met uw beheerder.',
              )
            : apiErrorMessage(t, failure),
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <PasswordCard title={t('notMe.title', 'Dit was ik niet')}>
      <Stack gap="md">
        {outcome ? (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            variant="light"
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="not-me-outcome"
          >
            {outcome.message}
          </Alert>
        ) : (
          <>
            <Text size="sm">
              {t(
                'notMe.intro',
                'Is het e-mailadres van uw account gewijzigd zonder dat u dat deed? Beëindig dan hier direct alle sessies van uw account.',
              )}
            </Text>
            <Button
              color="red.8"
              loading={loading}
              onClick={() => void submit()}
              data-testid="not-me-confirm"
            >
              {t('notMe.confirm', 'Alle sessies beëindigen')}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('notMe.toLogin', 'Naar inloggen')}
        </Anchor>
      </Stack>
    </PasswordCard>
  );
}
