import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { DASHBOARD_FIGURES, type DashboardFigure } from '@contract/dashboard'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { formatFigure, formatWeek } from '../figure-format'
import { WeekChart } from './week-chart'

type FigureCardProps = { figure: DashboardFigure; weeks: readonly string[] }

/** One figure: its headline value, its twelve weeks as a chart, and the same as a table. */
export function FigureCard({ figure, weeks }: FigureCardProps) {
  const t = useT()
  const language = useLanguage()
  const figureWords = DASHBOARD_FIGURES[figure.key]
  const { unit } = figureWords
  // The contract's English words, in the reader's language.
  const label = translateText(figureWords.label)
  const headline = translateText(figureWords.headline)
  const headingId = useId()
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, height: '100%' }}
    >
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        <Box component="span" sx={{ fontSize: '2rem', fontWeight: 600, marginInlineEnd: 1 }}>
          {figure.value === null ? t('No data') : formatFigure(figure.value, unit, language)}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {headline}
        </Box>
      </Typography>
      <Box sx={{ color: 'primary.main' }}>
        <WeekChart label={label} unit={unit} weeks={weeks} series={figure.series} />
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
          {t('Data table')}
        </Box>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mt: 1 }}>
          <caption style={{ textAlign: 'start' }}>
            {t('{label}, by week (the last row is this week so far)', { label })}
          </caption>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ textAlign: 'start' }}>
                {t('Week of')}
              </Box>
              <Box component="th" scope="col" sx={{ textAlign: 'end' }}>
                {label}
              </Box>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week}>
                <Box component="th" scope="row" sx={{ textAlign: 'start', fontWeight: 400 }}>
                  {formatWeek(week, language)}
                </Box>
                <Box component="td" sx={{ textAlign: 'end' }}>
                  {formatFigure(figure.series[index] ?? null, unit, language)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Paper>
  )
}
