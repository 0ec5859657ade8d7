import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { REACTORS_LOAD_ERROR, type ReactorListPage, ReactorsDialog } from './reactors-dialog'

type Tab = 'like' | 'amen'
const TABS = [
  { key: 'like', label: 'Like', emptyText: 'No Likes on this comment yet.' },
  { key: 'amen', label: 'Amen', emptyText: 'No Amen on this comment yet.' },
] as const

const reactor = (name: string, isYou = false) => ({
  id: name,
  display_name: name,
  is_you: isYou,
  created_at: '2026-06-01T10:00:00Z',
})

function renderDialog(fetchPage: (tab: Tab, cursor: string | null) => Promise<ReactorListPage>) {
  const fetchSpy = vi.fn(fetchPage)
  function Harness() {
    const [tab, setTab] = useState<Tab>('like')
    return (
      <ReactorsDialog
        open
        onClose={() => {}}
        title="Who reacted"
        tabs={TABS}
        activeTab={tab}
        onTabChange={setTab}
        queryKey={['test-reactors']}
        fetchPage={(type, cursor) => fetchSpy(type, cursor)}
      />
    )
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  )
  return { fetchSpy, user: userEvent.setup() }
}

describe('the reactors dialog', () => {
  it('pages with Load more and marks the viewer with (You)', async () => {
    const { fetchSpy, user } = renderDialog(async (_tab, cursor) =>
      cursor === null
        ? { items: [reactor('Gentle Lark', true)], next_cursor: 'c2' }
        : { items: [reactor('Quiet Dove')], next_cursor: null },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Who reacted' })
    expect(await within(dialog).findByText('Gentle Lark (You)')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))
    expect(await within(dialog).findByText('Quiet Dove')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(fetchSpy).toHaveBeenLastCalledWith('like', 'c2')
  })

  it('shows each tab its own empty text', async () => {
    const { user } = renderDialog(async () => ({ items: [], next_cursor: null }))
    expect(await screen.findByText('No Likes on this comment yet.')).toBeVisible()
    await user.click(screen.getByRole('tab', { name: 'Amen' }))
    expect(await screen.findByText('No Amen on this comment yet.')).toBeVisible()
  })

  it('says when the list failed and tries again', async () => {
    let calls = 0
    const { user } = renderDialog(async () => {
      calls += 1
      if (calls === 1) throw new Error('offline')
      return { items: [reactor('Bright Wren')], next_cursor: null }
    })
    expect(await screen.findByText(REACTORS_LOAD_ERROR)).toBeVisible()
    expect(REACTORS_LOAD_ERROR).toBe("We couldn't load reactions. Try again.")
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Bright Wren')).toBeVisible()
  })
})
