import { GENDER_LABELS, GENDERS, type Profile } from '@contract/users'
import { EmailChangeMessage } from '@contract/users-email-change'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useProfileForm } from '../hooks/use-profile-form'
import { BirthDateFields } from './birth-date-fields'
import { CountryField } from './country-field'
import { DisplayNameNotice } from './display-name-notice'

type OnboardingFormProps = {
  profile: Profile
  onSaved: (saved: Profile) => void
}

// Spec 000 §2 and §5: the profile-completion form. Labels, autocomplete tokens and the error
// wiring (helperText is the field's aria-describedby) make it usable by keyboard, screen reader
// and browser autofill alike.
export function OnboardingForm({ profile, onSaved }: OnboardingFormProps) {
  const t = useT()
  const form = useProfileForm({ profile, onSaved })
  const text = (name: Parameters<typeof form.field>[0]) => {
    const { value, error, onChange, onBlur, inputRef } = form.field(name)
    return {
      id: `onboarding-${name.replace('_', '-')}`,
      name,
      value,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      onBlur,
      inputRef,
      error: error !== undefined,
      helperText: error && translateText(error),
      fullWidth: true,
    }
  }
  const country = form.field('country_iso2')

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={form.onSubmit}
      spacing={2.5}
      aria-label={t('Your profile')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...text('first_name')}
          label={t('First Name')}
          required
          slotProps={{ htmlInput: { autoComplete: 'given-name' } }}
        />
        <TextField
          {...text('last_name')}
          label={t('Last Name')}
          required
          slotProps={{ htmlInput: { autoComplete: 'family-name' } }}
        />
      </Stack>
      <TextField
        {...text('email')}
        label={t('Email Address')}
        type="email"
        required
        slotProps={{ htmlInput: { autoComplete: 'email' } }}
      />
      {form.password && (
        <TextField
          id="onboarding-current-password"
          name="current_password"
          label={translateText(EmailChangeMessage.passwordLabel)}
          type="password"
          required
          fullWidth
          value={form.password.value}
          onChange={(event) => form.password?.onChange(event.target.value)}
          inputRef={form.password.inputRef}
          error={form.password.error !== null}
          helperText={translateText(form.password.error ?? EmailChangeMessage.passwordRequired)}
          slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
        />
      )}
      <TextField
        {...text('phone_number')}
        label={t('Phone Number (optional)')}
        type="tel"
        slotProps={{ htmlInput: { autoComplete: 'tel', inputMode: 'tel' } }}
      />
      <TextField
        {...text('gender')}
        label={t('Gender')}
        select
        required
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { autoComplete: 'sex' },
        }}
      >
        <option value="" disabled>
          {t('Select a gender')}
        </option>
        {GENDERS.map((value) => (
          // The value stays the contract's code; only the label is translated.
          <option key={value} value={value}>
            {translateText(GENDER_LABELS[value])}
          </option>
        ))}
      </TextField>
      <CountryField
        value={country.value}
        onChange={country.onChange}
        onBlur={country.onBlur}
        error={country.error}
        inputRef={country.inputRef}
      />
      <BirthDateFields month={form.field('birth_month')} day={form.field('birth_day')} />
      <DisplayNameNotice displayName={form.displayName} />
      {form.failure && <Alert severity="error">{translateText(form.failure)}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.isSaving}>
        {t('Update profile and Continue')}
      </Button>
    </Stack>
  )
}
