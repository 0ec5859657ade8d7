import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { LightTabs } from './light-tabs'

const TABS = [
  { value: 'wall', label: 'Prayer Wall', id: 'tab-wall' },
  { value: 'groups', label: 'My Groups', id: 'tab-groups' },
  { value: 'answered', label: 'Answered', id: 'tab-answered' },
] as const

function Views() {
  const [value, setValue] = useState<(typeof TABS)[number]['value']>('wall')
  return (
    <>
      <LightTabs
        aria-label="Prayer wall views"
        tabs={TABS}
        value={value}
        onChange={setValue}
        controls="panel"
      />
      <div role="tabpanel" id="panel" aria-labelledby={`tab-${value}`}>
        {value}
      </div>
    </>
  )
}

describe('LightTabs', () => {
  it('is a tablist with the selected tab alone in the Tab order', () => {
    render(<Views />)
    expect(screen.getByRole('tablist', { name: 'Prayer wall views' })).toBeVisible()
    const selected = screen.getByRole('tab', { name: 'Prayer Wall', selected: true })
    expect(selected).toHaveAttribute('tabindex', '0')
    expect(selected).toHaveAttribute('aria-controls', 'panel')
    expect(screen.getByRole('tab', { name: 'My Groups', selected: false })).toHaveAttribute(
      'tabindex',
      '-1',
    )
    expect(screen.getByRole('tabpanel', { name: 'Prayer Wall' })).toHaveTextContent('wall')
  })

  it('moves the focus with the arrow keys, Home and End, and selects on Enter or a click', async () => {
    const user = userEvent.setup()
    render(<Views />)
    await user.tab()
    expect(screen.getByRole('tab', { name: 'Prayer Wall' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'My Groups' })).toHaveFocus()
    // Focus alone does not select (manual activation).
    expect(screen.getByRole('tab', { name: 'Prayer Wall', selected: true })).toBeVisible()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Answered' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Prayer Wall' })).toHaveFocus()
    await user.keyboard('{End}{Enter}')
    expect(screen.getByRole('tab', { name: 'Answered', selected: true })).toHaveFocus()
    expect(screen.getByRole('tabpanel', { name: 'Answered' })).toHaveTextContent('answered')
    await user.click(screen.getByRole('tab', { name: 'My Groups' }))
    expect(screen.getByRole('tab', { name: 'My Groups', selected: true })).toBeVisible()
  })

  it('reads from the right in a right-to-left page: the left arrow goes to the next tab', async () => {
    const user = userEvent.setup()
    document.documentElement.dir = 'rtl'
    try {
      render(<Views />)
      await user.tab()
      await user.keyboard('{ArrowLeft}')
      expect(screen.getByRole('tab', { name: 'My Groups' })).toHaveFocus()
      await user.keyboard('{ArrowRight}{ArrowRight}')
      expect(screen.getByRole('tab', { name: 'Answered' })).toHaveFocus()
    } finally {
      document.documentElement.dir = 'ltr'
    }
  })
})
