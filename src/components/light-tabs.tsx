import { type KeyboardEvent, useEffect, useRef } from 'react'
import styles from './light-tabs.module.css'

/** One tab: its value, its label and its element id (the panel's aria-labelledby). */
export type LightTab<T extends string> = { value: T; label: string; id: string }

type LightTabsProps<T extends string> = {
  tabs: readonly LightTab<T>[]
  value: T
  onChange: (value: T) => void
  'aria-label': string
  /** The id of the panel the tabs switch. */
  controls: string
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

const MIRRORED: Record<string, string> = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' }

/**
 * A row of tabs for a page's first screen (issue 18): MUI's Tabs measures every tab's box when
 * it mounts (a forced layout that showed in the wall's first-render profile on a throttled
 * phone) and brings scroll buttons a row of three never needs. This keeps the WAI-ARIA tabs
 * pattern: one tab in the Tab order, arrow keys, Home and End move the focus, Enter or Space
 * (a click) selects.
 */
export function LightTabs<T extends string>({
  tabs,
  value,
  onChange,
  controls,
  'aria-label': ariaLabel,
}: LightTabsProps<T>) {
  const list = useRef<HTMLDivElement>(null)

  // The selected tab is kept in view when the row scrolls sideways (issue 47): a member landing on
  // a later tab sees which one they are on. The first tab is in view unscrolled: nothing is
  // measured then, so the wall's usual first screen pays no forced layout.
  const first = tabs[0]?.value
  useEffect(() => {
    if (value === first) return
    const row = list.current
    const selected = row?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!row || !selected || row.scrollWidth <= row.clientWidth) return
    const box = row.getBoundingClientRect()
    const tab = selected.getBoundingClientRect()
    // Measured on screen, so it holds right to left too (scrollLeft counts the same way).
    if (tab.left < box.left) row.scrollLeft += tab.left - box.left
    else if (tab.right > box.right) row.scrollLeft += tab.right - box.right
  }, [value, first])

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    // Right to left (issue 42), the row reads from the right: the arrows follow what is seen.
    const rtl = document.documentElement.dir === 'rtl'
    const key = rtl ? (MIRRORED[event.key] ?? event.key) : event.key
    const next = NEXT[key]
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])]
    const index = buttons.indexOf(document.activeElement as HTMLElement)
    if (!next || index < 0) return
    event.preventDefault()
    buttons[next(index, buttons.length)]?.focus()
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={ariaLabel}
      onKeyDown={moveFocus}
      className={styles.list}
    >
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          className={styles.tab}
          role="tab"
          id={tab.id}
          aria-selected={tab.value === value}
          aria-controls={controls}
          tabIndex={tab.value === value ? 0 : -1}
          // A tab scrolled out of the row comes into view when the keyboard reaches it.
          onFocus={(event) =>
            event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
          }
          onClick={() => {
            if (tab.value !== value) onChange(tab.value)
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
