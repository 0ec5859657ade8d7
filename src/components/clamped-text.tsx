import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useId, useLayoutEffect, useRef, useState } from 'react'

const LINES = 4

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
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [text, expanded])

  return (
    <div>
      <Typography
        ref={ref}
        id={id}
        sx={{
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          ...(!expanded && {
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: LINES,
            overflow: 'hidden',
          }),
        }}
      >
        {text}
      </Typography>
      {(overflows || expanded) && (
        <Link
          component="button"
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          sx={{ minHeight: 44 }}
        >
          {expanded ? 'Show less' : 'Read more'}
        </Link>
      )}
    </div>
  )
}
