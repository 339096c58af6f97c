import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SSO_ERROR_REASONS } from '@clinic/shared';
import { ssoStartUrl, useSsoInfo } from '../api/sso-sign-in';

const LAST_ORG = 'clinic.ssoOrganisation';

/** The reason a single sign-on came back refused (`?sso_error=` on /login), when it is one the app knows. */
function refusalReason(): string | null {
  const reason = new URLSearchParams(window.location.search).get('sso_error');
  return reason && (SSO_ERROR_REASONS as readonly string[]).includes(reason) ? reason : null;
}

/**
 * "Sign in with your organisation": asks the organisation's address (its booking-page address) or the person's work
 * e-mail (remembered for next time) and goes to the API's start address, which sends the browser to the organisation's
 * identity provider.
 */
export function SsoSignInButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [remembered] = useState(() => localStorage.getItem(LAST_ORG) ?? '');
  const [org, setOrg] = useState(remembered);
  const [missing, setMissing] = useState(false);
  const reason = refusalReason();
  // The organisation signed in with last time: its own button, one click away ("Sign in with Contoso").
  const known = useSsoInfo(remembered).data;
  const direct = !open && known?.available === true;

  const go = () => {
    const value = org.trim().toLowerCase();
    if (!value) return setMissing(true);
    localStorage.setItem(LAST_ORG, value);
    window.location.assign(ssoStartUrl(value));
  };

  return (
    <Stack gap="xs" mt="md" data-testid="sso-sign-in">
      {reason && <Alert color="red" variant="light" data-testid="sso-error">{t(`auth.sso.errors.${reason}`)}</Alert>}
      {open && (
        <TextInput
          label={t('auth.sso.organisation')}
          description={t('auth.sso.organisationHint')}
          placeholder={t('auth.sso.organisationPlaceholder')}
          value={org}
          onChange={(e) => { setOrg(e.currentTarget.value); setMissing(false); }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } }}
          error={missing ? t('auth.sso.organisationRequired') : undefined}
          autoFocus
          dir="ltr"
          data-testid="sso-organisation"
        />
      )}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBuildingSkyscraper size={18} />}
        onClick={() => (open || direct ? go() : setOpen(true))}
        data-testid="sso-sign-in-button"
      >
        {open ? t('auth.sso.continue') : (direct && known.label) || t('auth.sso.button')}
      </Button>
      {direct && (
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setOpen(true)} data-testid="sso-other-organisation">
          {t('auth.sso.other')}
        </Anchor>
      )}
    </Stack>
  );
}
