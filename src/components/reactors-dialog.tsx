import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

// Spec 001 §2 "Reactions list": one dialog for a prayer (Prayed, Amen, Candle) and for a comment
// (Like, Amen). The caller owns the wire format; this dialog only pages and shows names.

export const REACTORS_LOAD_ERROR: MessageId = "We couldn't load reactions. Try again."

export type ReactorsTab<K extends string> = { key: K; label: string; emptyText: string }
export type ReactorListEntry = {
  id: string
  display_name: string
  is_you: boolean
  created_at: string
}
export type ReactorListPage = { items: ReactorListEntry[]; next_cursor: string | null }

type ReactorsDialogProps<K extends string> = {
  open: boolean
  onClose: () => void
  title: string
  tabs: readonly ReactorsTab<K>[]
  activeTab: K
  onTabChange: (tab: K) => void
  /** The caller's query key for this subject (from its queryOptions factory); the tab is appended. */
  queryKey: readonly unknown[]
  fetchPage: (tab: K, cursor: string | null, signal: AbortSignal) => Promise<ReactorListPage>
}

export function ReactorsDialog<K extends string>({
  open,
  onClose,
  title,
  tabs,
  activeTab,
  onTabChange,
  queryKey,
  fetchPage,
}: ReactorsDialogProps<K>) {
  const t = useT()
  const titleId = useId()
  const panelId = useId()
  const tab = tabs.find((candidate) => candidate.key === activeTab) ?? tabs[0]
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Tabs
        value={tab?.key}
        onChange={(_event, key: K) => onTabChange(key)}
        variant="fullWidth"
        aria-label={title}
      >
        {tabs.map((candidate) => (
          <Tab
            key={candidate.key}
            value={candidate.key}
            label={candidate.label}
            id={`${panelId}-${candidate.key}`}
            aria-controls={panelId}
          />
        ))}
      </Tabs>
      <DialogContent
        id={panelId}
        role="tabpanel"
        aria-labelledby={tab ? `${panelId}-${tab.key}` : undefined}
        sx={{ minHeight: 160 }}
      >
        {open && tab && (
          <ReactorsList key={tab.key} tab={tab} queryKey={queryKey} fetchPage={fetchPage} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

function ReactorsList<K extends string>({
  tab,
  queryKey,
  fetchPage,
}: {
  tab: ReactorsTab<K>
  queryKey: readonly unknown[]
  fetchPage: ReactorsDialogProps<K>['fetchPage']
}) {
  const t = useT()
  const query = useInfiniteQuery({
    queryKey: [...queryKey, tab.key],
    queryFn: ({ pageParam, signal }) => fetchPage(tab.key, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Who reacted changes while the dialog is closed; a reopened list starts fresh.
    staleTime: 0,
  })

  if (query.isPending) {
    return (
      <Stack sx={{ py: 3, alignItems: 'center' }}>
        <CircularProgress aria-label={t('Loading reactions')} size={28} />
      </Stack>
    )
  }
  if (query.isError && !query.data) {
    return (
      <Stack spacing={1} role="alert" sx={{ alignItems: 'flex-start' }}>
        <Typography>{t(REACTORS_LOAD_ERROR)}</Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    )
  }
  const reactors = query.data.pages.flatMap((page) => page.items)
  if (reactors.length === 0) return <Typography color="textSecondary">{tab.emptyText}</Typography>
  return (
    <>
      <List dense aria-label={t('Reactors list', { tab: tab.label })}>
        {reactors.map((reactor) => (
          <ListItem key={reactor.id} disableGutters>
            <ListItemText
              primary={
                reactor.is_you
                  ? t('Name (You)', { name: reactor.display_name })
                  : reactor.display_name
              }
            />
          </ListItem>
        ))}
      </List>
      {query.isFetchNextPageError && (
        <Typography role="alert" color="error">
          {t(REACTORS_LOAD_ERROR)}
        </Typography>
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('Load more')}
        </Button>
      )}
    </>
  )
}
