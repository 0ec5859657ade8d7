import { useId, useLayoutEffect, useRef, useState } from 'react'
import { cx } from '@/ui/class-names'
import { Text } from '@/ui/text'
import styles from './clamped-text.module.css'
import linkStyles from './text-link.module.css'
import { watchOverflow } from './overflow-watch'

/**
 * Long text shows its first four lines and "Read more" (issue 17: a typical card stays under
 * half a phone screen). Whether it overflows is measured, so short text never shows the link.
 */
export function ClampedText({ text }: { text: string }) {
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
      <Text ref={ref} id={id} className={cx(styles.text, !expanded && styles.clamped)}>
        {text}
      </Text>
      {(overflows || expanded) && (
        <button
          type="button"
          className={cx(linkStyles.link, linkStyles.asButton, styles.toggle)}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
    </div>
  )
}
