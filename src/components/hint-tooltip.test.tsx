import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HintTooltip } from './hint-tooltip'

// The tooltip's code arrives when the test says so: the hint attaches after the child has
// already been focused, the case a keyboard member on a slow network meets.
const arrival = vi.hoisted(() => {
  let release = () => {}
  const arrived = new Promise<void>((resolve) => (release = resolve))
  return { arrived, release }
})
vi.mock('@mui/material/Tooltip', async (importOriginal) => {
  await arrival.arrived
  return importOriginal()
})

describe('HintTooltip', () => {
  it('shows its child at once, and keeps the focus that reached it before the hint attached', async () => {
    const user = userEvent.setup()
    render(
      <HintTooltip title="Closed with reason">
        <button type="button">Released in Peace</button>
      </HintTooltip>,
    )
    await user.tab()
    expect(screen.getByRole('button', { name: 'Released in Peace' })).toHaveFocus()

    await act(async () => arrival.release())
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Released in Peace' })).toHaveAccessibleDescription(
        'Closed with reason',
      ),
    )
    expect(screen.getByRole('button', { name: 'Released in Peace' })).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Closed with reason')
  })
})
