import { useId, useLayoutEffect, useRef, useState } from 'react'
import { cx } from '@/ui/class-names'
import { Text } from '@/ui/text'
import styles from './clamped-text.module.css'
import linkStyles from './text-link.module.css'
import { watchOverflow } from './overflow-watch'
import { withViewTransition } from '@/lib/view-transition'
import { useT } from '@/i18n/use-t'

/**
 * Long text shows its first four lines and "Read more" (issue 17: a typical card stays under
 * half a phone screen); its card opens to the whole text and closes with a view transition. Whether it overflows is measured, so short text never shows the link.
 */
export function ClampedText({ text }: { text: string }) {
  const t = useT()
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)
  const ref = useRef<HTMLParagraphElement>(null)
  const id = useId()

  useLayoutEffect(() => {
    const element = ref.current
    if (!element || expanded) return
    return watchOverflow(element, setOverflows)
  }, [text, expanded])

  return (
    <div>
      {/* A member's words: their own direction, whatever the page's (issue 42). */}
      <Text ref={ref} id={id} dir="auto" className={cx(styles.text, !expanded && styles.clamped)}>
        {text}
      </Text>
      {(overflows || expanded) && (
        <button
          type="button"
          className={cx(linkStyles.link, linkStyles.asButton, styles.toggle)}
          aria-expanded={expanded}
          aria-controls={id}
          // The card opens to its whole text and back with a view transition (issue 47).
          onClick={(event) =>
            withViewTransition(event.currentTarget.closest('article'), () =>
              setExpanded((open) => !open),
            )
          }
        >
          {t(expanded ? 'Show less' : 'Read more')}
        </button>
      )}
    </div>
  )
}
