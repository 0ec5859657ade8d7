import { type ChangeEvent, useId, useRef, useState } from 'react'
import { LOGO_ACCEPT, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@contract/community-logo'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type MessageId, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useCommunityIcons, useUploadLogo } from '../api/community-logo'

// Message ids, translated where they show.
const LOGO_TEXT = {
  title: 'Logo (community settings)',
  help: 'PNG, JPEG, WebP or SVG, up to 2 MB. A square image works best; the app cuts every icon from it.',
  choose: 'Choose a logo',
  uploading: 'Uploading the logo…',
  preview: 'The app icon now',
  previewMaskable: 'The app icon on a phone’s home screen',
  saved: 'The new logo is in place. Installed apps show it after their next update.',
  failed: 'Could not upload the logo. Check your connection and try again.',
} as const satisfies Record<string, MessageId>

/**
 * The community's logo (issue 38): uploaded on its own the moment a file is chosen (it is not
 * part of the settings form's Save), with the current icons as the preview.
 */
export function LogoField() {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const helpId = useId()
  const icons = useCommunityIcons()
  const upload = useUploadLogo()
  const [tooLarge, setTooLarge] = useState(false)

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // the same file may be chosen again after a refusal
    if (!file) return
    // Refused here as the server would, without sending 2 MB over a phone's connection.
    setTooLarge(file.size > LOGO_MAX_BYTES)
    if (file.size > LOGO_MAX_BYTES) return
    upload.mutate(file)
  }
  const error = tooLarge
    ? translateText(LOGO_MESSAGES.tooLarge)
    : upload.isError
      ? upload.error instanceof ApiError
        ? translateText(upload.error.detail)
        : t(LOGO_TEXT.failed)
      : null
  const any = icons.data?.icons.find((icon) => icon.purpose === 'any' && icon.sizes !== 'any')
  const maskable = icons.data?.icons.find((icon) => icon.purpose === 'maskable')

  return (
    <Stack
      component="fieldset"
      spacing={1.5}
      sx={{ border: 0, p: 0, m: 0 }}
      aria-describedby={helpId}
    >
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t(LOGO_TEXT.title)}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {any && <img src={any.src} alt={t(LOGO_TEXT.preview)} width={64} height={64} />}
        {maskable && (
          <img
            src={maskable.src}
            alt={t(LOGO_TEXT.previewMaskable)}
            width={64}
            height={64}
            style={{ borderRadius: '50%' }}
          />
        )}
      </Stack>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {t(LOGO_TEXT.help)}
      </Typography>
      {/* A real button opens the hidden file input: a label styled as a button around the
          input nested one control in another (axe's nested-interactive) and took two tab stops. */}
      <input
        ref={input}
        type="file"
        hidden
        accept={LOGO_ACCEPT}
        onChange={choose}
        aria-label={t(LOGO_TEXT.choose)}
      />
      <Button
        variant="outlined"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={helpId}
        sx={{ alignSelf: 'flex-start', minHeight: 48 }}
      >
        {t(LOGO_TEXT.choose)}
      </Button>
      {upload.isPending && <LinearProgress aria-label={t(LOGO_TEXT.uploading)} />}
      <div role="status">
        {upload.isPending && <Typography variant="body2">{t(LOGO_TEXT.uploading)}</Typography>}
        {upload.isSuccess && !tooLarge && <Alert severity="success">{t(LOGO_TEXT.saved)}</Alert>}
      </div>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  )
}
