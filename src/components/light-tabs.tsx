import { type KeyboardEvent, useRef } from 'react'
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

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT[event.key]
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
