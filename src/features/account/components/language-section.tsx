import { isLanguage, type Language } from '@contract/languages'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { deviceLanguage, saveDeviceLanguage } from '@/i18n/device-language'
import { activateLanguage } from '@/i18n/i18n'
import { LanguageSelect } from '@/i18n/language-select'
import { useT } from '@/i18n/use-t'
import { useChangeLanguage } from '../api/change-language'

/**
 * Issue 42: the member's language, kept on their account for the app, their mail and pushes.
 * Saved first, then the open page changes to it (no reload); this device remembers it too.
 */
export function LanguageSection({ current }: { current: unknown }) {
  const t = useT()
  const change = useChangeLanguage()
  const [chosen, setChosen] = useState<Language | null>(isLanguage(current) ? current : null)
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null)
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <LanguageSelect
        value={chosen}
        disabled={change.isPending}
        onChange={async (language) => {
          setOutcome(null)
          try {
            await change.mutateAsync(language)
          } catch {
            return setOutcome('failed')
          }
          setChosen(language)
          saveDeviceLanguage(language)
          await activateLanguage(deviceLanguage()).catch(() => undefined)
          setOutcome('saved')
        }}
      />
      {outcome === 'saved' && <Alert severity="success">{t('Language saved.')}</Alert>}
      {outcome === 'failed' && (
        <Alert severity="error">{t('The language could not be saved. Please try again.')}</Alert>
      )}
    </Stack>
  )
}
