import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useT } from '@/i18n/use-t'
import { accountProfileQueryOptions } from '../api/account-profile'
import { DataExportSection } from './data-export-section'
import { DeleteAccountSection } from './delete-account-section'
import { DevicesList } from './devices-list'
import { DisplayNameForm } from './display-name-form'
import { EmailForm } from './email-form'
import { LanguageSection } from './language-section'
import { LinkedSignInsSection } from './linked-sign-ins-section'
import { PasskeysSection } from './passkeys-section'
import { PasswordForm } from './password-form'
import { TwoStepSection } from './two-step-section'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  )
}

/** /settings/account (issue 39), reached from the member's menu ("Me" on a phone). */
export function AccountPage() {
  const t = useT()
  const profile = useQuery(accountProfileQueryOptions())
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('Account')}
      </Typography>
      {profile.isPending && <CircularProgress aria-label={t('Loading your account')} />}
      {profile.isError && <Alert severity="error">{t('Could not load your account.')}</Alert>}
      {profile.data && (
        <>
          <Section id="account-name-title" title={t('Display name')}>
            <DisplayNameForm current={profile.data.display_name} />
          </Section>
          <Section id="account-language-title" title={t('Language')}>
            <LanguageSection current={profile.data.language} />
          </Section>
          <Section id="account-email-title" title={t('Email')}>
            <EmailForm profile={profile.data} />
          </Section>
          <Section id="account-password-title" title={t('Password')}>
            <PasswordForm hasPassword={profile.data.has_password !== false} />
          </Section>
          <Section id="account-passkeys-title" title={t('Passkeys')}>
            <PasskeysSection hasPassword={profile.data.has_password !== false} />
          </Section>
          <Section id="account-two-step-title" title={t('Two-step sign-in')}>
            <TwoStepSection hasPassword={profile.data.has_password !== false} />
          </Section>
          <Section id="account-linked-title" title={t('Linked sign-ins')}>
            <LinkedSignInsSection />
          </Section>
        </>
      )}
      <Section id="account-devices-title" title={t('Devices')}>
        <DevicesList />
      </Section>
      <Section id="account-data-title" title={t('Your data')}>
        <DataExportSection />
      </Section>
      {profile.data?.display_name && (
        <Section id="account-delete-title" title={t('Delete my account')}>
          <DeleteAccountSection
            displayName={profile.data.display_name}
            hasPassword={profile.data.has_password !== false}
          />
        </Section>
      )}
    </Stack>
  )
}
