import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { DASHBOARD_FIGURES, type DashboardFigure } from '@contract/dashboard'
import { formatFigure, formatWeek } from '../figure-format'
import { WeekChart } from './week-chart'

type FigureCardProps = { figure: DashboardFigure; weeks: readonly string[] }

/** One figure: its headline value, its twelve weeks as a chart, and the same as a table. */
export function FigureCard({ figure, weeks }: FigureCardProps) {
  const { label, headline, unit } = DASHBOARD_FIGURES[figure.key]
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
        <Box component="span" sx={{ fontSize: '2rem', fontWeight: 600, mr: 1 }}>
          {figure.value === null ? 'No data' : formatFigure(figure.value, unit)}
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
          Data table
        </Box>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mt: 1 }}>
          <caption style={{ textAlign: 'left' }}>
            {label}, by week (the last row is this week so far)
          </caption>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ textAlign: 'left' }}>
                Week of
              </Box>
              <Box component="th" scope="col" sx={{ textAlign: 'right' }}>
                {label}
              </Box>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week}>
                <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400 }}>
                  {formatWeek(week)}
                </Box>
                <Box component="td" sx={{ textAlign: 'right' }}>
                  {formatFigure(figure.series[index] ?? null, unit)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Paper>
  )
}
