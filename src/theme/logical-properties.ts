// Issue 42, right to left: MUI writes its styles with physical sides (`margin-left: 8px` beside
// an input's adornment, `left: 0` for a drawer). Rewritten to logical ones as emotion inserts
// them (`margin-inline-start`), they follow `<html dir>`: Arabic mirrors without a second set
// of styles, a reload, or a provider on the first screen (scripts/emotion-default-cache.mjs puts
// this in emotion's default cache). A flipping plugin (stylis-plugin-rtl) would need the
// direction known when a style is first inserted, and a new cache when it changes.
// A stylis plugin: it sets a declaration's output (`return`); stylis prints the rest as written.

type StylisElement = { type: string; props: string | string[]; children: unknown; return: string }

const SIDES: Record<string, string> = { left: 'start', right: 'end' }
const CORNERS: Record<string, string> = {
  'top-left': 'start-start',
  'top-right': 'start-end',
  'bottom-left': 'end-start',
  'bottom-right': 'end-end',
}

/** The logical property for a physical one, or null when it has no side. */
function logicalProperty(property: string): string | null {
  let match = /^(margin|padding)-(left|right)$/.exec(property)
  if (match) return `${match[1]}-inline-${SIDES[match[2]!]}`
  match = /^border-(left|right)(-width|-style|-color)?$/.exec(property)
  if (match) return `border-inline-${SIDES[match[1]!]}${match[2] ?? ''}`
  match = /^border-(top-left|top-right|bottom-left|bottom-right)-radius$/.exec(property)
  if (match) return `border-${CORNERS[match[1]!]}-radius`
  if (property === 'left' || property === 'right') return `inset-inline-${SIDES[property]}`
  return null
}

/** `margin: 1px 2px 3px 4px` with different sides, as four logical longhands. */
function logicalShorthand(property: string, value: string): string | null {
  if (property !== 'margin' && property !== 'padding') return null
  // A function's spaces (calc) would split it: such a value is left as written.
  if (value.includes('(')) return null
  const [top, right, bottom, left] = value.trim().split(/\s+/)
  if (left === undefined || left === right) return null
  return (
    `${property}-block-start:${top};${property}-inline-end:${right};` +
    `${property}-block-end:${bottom};${property}-inline-start:${left};`
  )
}

/** A declaration's logical form, or null to print it as written. */
export function logicalDeclaration(property: string, value: string): string | null {
  const important = /\s*!important\s*$/.exec(value)
  const bare = important ? value.slice(0, important.index) : value
  const logical = logicalProperty(property)
  if (logical) return `${logical}:${value};`
  if ((property === 'text-align' || property === 'float' || property === 'clear') && SIDES[bare]) {
    const side = property === 'text-align' ? SIDES[bare] : `inline-${SIDES[bare]}`
    return `${property}:${side}${important?.[0] ?? ''};`
  }
  return important ? null : logicalShorthand(property, bare)
}

export function logicalProperties(element: StylisElement): void {
  if (element.type !== 'decl' || element.return) return
  const property = element.props as string
  const logical = logicalDeclaration(property, element.children as string)
  if (logical) element.return = logical
}
