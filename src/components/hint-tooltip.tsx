import type TooltipComponent from '@mui/material/Tooltip'
import {
  cloneElement,
  type ReactElement,
  type Ref,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

// MUI's Tooltip brings its Popper and @popperjs/core, about 10 kB gzip that a phone's first wall
// paint does not need (issue 18): most cards and buttons have no hint. Its code is fetched when
// a hint is first rendered; until then the child shows as it is. Attaching the hint remounts
// the child, so focus that had reached it meanwhile is put back on the new element (a keyboard
// member tabbing onto it first keeps their place, and the hint then opens on that focus).
type Tooltip = typeof TooltipComponent
let loaded: Tooltip | null = null
const loadTooltip = () =>
  import('@mui/material/Tooltip').then((module) => (loaded = module.default))

/** A hover and focus hint that describes its child (MUI Tooltip with `describeChild`). */
export function HintTooltip({
  title,
  children,
}: {
  title: string
  children: ReactElement<{ ref?: Ref<HTMLElement> }>
}) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(() => loaded)
  const node = useRef<HTMLElement>(null)
  const refocus = useRef(false)

  useEffect(() => {
    if (Tooltip) return
    let live = true
    void loadTooltip().then((component) => {
      if (!live) return
      refocus.current = node.current?.contains(document.activeElement) ?? false
      setTooltip(() => component)
    })
    return () => {
      live = false
    }
  }, [Tooltip])

  useLayoutEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    node.current?.focus()
  }, [Tooltip])

  const child = cloneElement(children, { ref: node })
  return Tooltip ? (
    <Tooltip title={title} describeChild>
      {child}
    </Tooltip>
  ) : (
    child
  )
}
