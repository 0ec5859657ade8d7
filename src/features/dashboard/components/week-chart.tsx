import { useId } from 'react'
import type { DashboardUnit } from '@contract/dashboard'
import type { Language } from '@contract/languages'
import { translate } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { formatFigure, formatWeek } from '../figure-format'

type WeekChartProps = {
  label: string
  unit: DashboardUnit
  weeks: readonly string[]
  series: readonly (number | null)[]
}

const WIDTH = 240
const HEIGHT = 72
const GAP = 4

/**
 * A figure's twelve weeks as bars, drawn inline (no chart library: this is all the dashboard
 * needs). Screen readers hear its title and a one-sentence summary; the table beside it holds
 * every value.
 */
export function WeekChart({ label, unit, weeks, series }: WeekChartProps) {
  const t = useT()
  const language = useLanguage()
  const id = useId()
  const known = series.filter((value): value is number => value !== null)
  const top = unit === 'share' ? 1 : Math.max(1, ...known)
  const slot = WIDTH / series.length
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
      preserveAspectRatio="none"
      style={{ display: 'block' }}
    >
      <title id={`${id}-title`}>{t('{label}, week by week', { label })}</title>
      <desc id={`${id}-desc`}>{summary(unit, weeks, series, language)}</desc>
      <line
        x1={0}
        x2={WIDTH}
        y1={HEIGHT - 0.5}
        y2={HEIGHT - 0.5}
        stroke="currentColor"
        strokeOpacity={0.4}
      />
      {series.map((value, index) =>
        value === null ? null : (
          <rect
            key={weeks[index]}
            x={index * slot + GAP / 2}
            width={slot - GAP}
            // A zero week keeps a sliver, so it reads as zero rather than missing.
            y={HEIGHT - Math.max(1, (value / top) * (HEIGHT - 2))}
            height={Math.max(1, (value / top) * (HEIGHT - 2))}
            fill="currentColor"
            fillOpacity={index === series.length - 1 ? 0.55 : 1}
          />
        ),
      )}
    </svg>
  )
}

function summary(
  unit: DashboardUnit,
  weeks: readonly string[],
  series: readonly (number | null)[],
  language: Language,
) {
  const first = weeks[0]
  const last = series.at(-1) ?? null
  const known = series.filter((value): value is number => value !== null)
  if (!first || known.length === 0) return translate(language, 'No data in these weeks.')
  const highest = Math.max(...known)
  return translate(
    language,
    'Weeks from {first}: this week so far {last}, highest {highest}. The data table lists every week.',
    {
      first: formatWeek(first, language),
      last: formatFigure(last, unit, language),
      highest: formatFigure(highest, unit, language),
    },
  )
}
