import { TwoStepMessage, type TotpSetup } from '@contract/two-step'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { t as translate, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import {
  twoStepQueryOptions,
  useConfirmTwoStep,
  useStartTwoStep,
  useTurnOffTwoStep,
} from '../api/two-step'
import { refusalOf } from './problem-fields'

/** The key in groups of four, as authenticator apps show a typed key. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}

/** The otpauth URL as a QR code image; drawn on use, so the screen's first paint never waits. */
function QrCode({ url }: { url: string }) {
  const t = useT()
  const [image, setImage] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 192 }))
      .then((data) => current && setImage(data))
      .catch(() => current && setImage(null))
    return () => {
      current = false
    }
  }, [url])
  return image ? (
    <img
      src={image}
      width={192}
      height={192}
      alt={t('QR code to scan with your authenticator app')}
    />
  ) : (
    <CircularProgress aria-label={t('Drawing the QR code')} />
  )
}

function downloadCodes(codes: string[]) {
  const text = `${translate('Recovery codes for two-step sign-in. Each works once.')}\n\n${codes.join('\n')}\n`
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  link.download = 'recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(link.href)
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT()
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success">{t('Two-step sign-in is on.')}</Alert>
      <Typography>
        {t(
          'Keep these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only now.',
        )}
      </Typography>
      <Typography
        component="ol"
        aria-label={t('Recovery codes')}
        sx={{ fontFamily: 'monospace', columns: 2, paddingInlineStart: 3, m: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => downloadCodes(codes)}>
          {t('Download codes')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('I have saved them')}
        </Button>
      </Stack>
    </Stack>
  )
}

function Setup({ setup, onCancel }: { setup: TotpSetup; onCancel: () => void }) {
  const t = useT()
  const confirm = useConfirmTwoStep()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  if (codes) return <RecoveryCodes codes={codes} onDone={onCancel} />

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setError(TwoStepMessage.codeFormat)
    setError(null)
    try {
      setCodes((await confirm.mutateAsync(code.trim())).recovery_codes)
    } catch (failure) {
      const refused = refusalOf(failure, ['code'] as const)
      setError(refused.fields.code ?? refused.form)
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography>
        {t(
          'Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or type the key into it.',
        )}
      </Typography>
      <QrCode url={setup.otpauth_url} />
      <Typography>
        {t('Key:')}{' '}
        <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {grouped(setup.secret)}
        </Typography>
      </Typography>
      <TextField
        label={t('Code from the app')}
        name="code"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== null}
        helperText={error ? translateText(error) : t('The six digits the app shows now.')}
        sx={{ maxWidth: 240 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          {t('Turn on')}
        </Button>
        <Button onClick={onCancel}>{t('Cancel')}</Button>
      </Stack>
    </Stack>
  )
}

function TurnOff({ hasPassword, onCancel }: { hasPassword: boolean; onCancel: () => void }) {
  const t = useT()
  const turnOff = useTurnOffTwoStep()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (hasPassword && password === '') return setError(TwoStepMessage.passwordRequired)
    setError(null)
    try {
      await turnOff.mutateAsync(hasPassword ? password : undefined)
      onCancel()
    } catch (failure) {
      const refused = refusalOf(failure, ['password'] as const)
      setError(refused.fields.password ?? refused.form)
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {hasPassword ? (
        <TextField
          label={t('Current password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error !== null}
          helperText={error ? translateText(error) : ' '}
        />
      ) : (
        error && <Alert severity="error">{translateText(error)}</Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" color="error" variant="outlined" loading={turnOff.isPending}>
          {t('Turn off two-step sign-in')}
        </Button>
        <Button onClick={onCancel}>{t('Cancel')}</Button>
      </Stack>
    </Stack>
  )
}

/**
 * Issue 39: two-step sign-in with an authenticator app. Members may turn it on; moderators and
 * admins must before their screens open (the server answers second_factor_required).
 */
export function TwoStepSection({ hasPassword }: { hasPassword: boolean }) {
  const t = useT()
  const status = useQuery(twoStepQueryOptions())
  const start = useStartTwoStep()
  const [mode, setMode] = useState<'idle' | 'setup' | 'off'>('idle')

  if (status.isPending) return <CircularProgress aria-label={t('Loading two-step sign-in')} />
  if (status.isError) return <Alert severity="error">{t('Could not load two-step sign-in.')}</Alert>
  if (mode === 'setup' && start.data)
    return <Setup setup={start.data} onCancel={() => setMode('idle')} />
  if (mode === 'off') return <TurnOff hasPassword={hasPassword} onCancel={() => setMode('idle')} />

  const { enabled, recovery_codes_left: left } = status.data
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        {enabled
          ? t('Two-step sign-in is on (recovery codes left)', { count: left })
          : t(
              'After your password, ask for a code from an authenticator app on your phone. Moderators and administrators need it to moderate.',
            )}
      </Typography>
      {start.isError && (
        <Alert severity="error">{translateText(refusalOf(start.error, []).form ?? '')}</Alert>
      )}
      {enabled ? (
        <Button variant="outlined" onClick={() => setMode('off')}>
          {t('Turn off')}
        </Button>
      ) : (
        <Button
          variant="contained"
          loading={start.isPending}
          onClick={() =>
            void start.mutateAsync().then(
              () => setMode('setup'),
              () => undefined,
            )
          }
        >
          {t('Set up two-step sign-in')}
        </Button>
      )}
    </Stack>
  )
}
