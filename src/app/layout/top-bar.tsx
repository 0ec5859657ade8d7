import type { ReactNode } from 'react'
import styles from './top-bar.module.css'

/**
 * The frame of every header, the spec's and the phone's compact one (issue 17): it stays on top
 * while the page scrolls and keeps its content out of the notch and the status bar. Plain markup
 * and a CSS module, not MUI's AppBar: the phone's bar is on the wall's first screen (ADR 0025),
 * and the pre-rendered landing hydrates the same class names.
 */
export function TopBar({ children }: { children: ReactNode }) {
  return <header className={styles.topBar}>{children}</header>
}
