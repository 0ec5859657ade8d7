import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { orderPrayerList } from '@contract/prayer-list'
import { useMemo } from 'react'
import { useLanguage, useT } from '@/i18n/use-t'
import { usePrayerList, usePrayFromList, useSetOnPrayerList } from '../api/prayer-list'
import { PrayerListEntry } from './prayer-list-entry'
import { ReminderSettingsSection } from './reminder-settings'

/**
 * Issue 20, /prayerlist: the requests the member promised to pray for, from the device when
 * offline. Not yet prayed today (on the device's clock) first, then the longest since.
 */
export function PrayerListPage() {
  const t = useT()
  const language = useLanguage()
  // One formatter for the whole list: making one is costly on a phone (src/lib/date-formats.ts).
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  )
  const { data, isError } = usePrayerList()
  const pray = usePrayFromList()
  const setListed = useSetOnPrayerList()
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const now = new Date()
  const items = data ? orderPrayerList(data.items, timeZone, now) : []
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
      <Typography variant="h5" component="h1">
        {t('My Prayer List')}
      </Typography>
      {isError && !data && (
        <Alert severity="error">{t('Your prayer list could not be loaded.')}</Alert>
      )}
      {data && items.length === 0 && (
        <Typography color="textSecondary">
          {t('Prayer list empty', { action: t('Add to my prayer list') })}
        </Typography>
      )}
      <Stack spacing={2}>
        {items.map((entry) => (
          <PrayerListEntry
            key={entry.intention.intention_id}
            entry={entry}
            timeZone={timeZone}
            now={now}
            dateTime={dateTime}
            onPray={() => pray.mutate(entry.intention.intention_id)}
            onDismiss={() => setListed.mutate({ intention: entry.intention, listed: false })}
          />
        ))}
      </Stack>
      <ReminderSettingsSection />
    </Stack>
  )
}
