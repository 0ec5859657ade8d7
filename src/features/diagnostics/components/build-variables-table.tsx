import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { publicBuildVariables } from '../public-build-variables'
import { useT } from '@/i18n/use-t'

export function BuildVariablesTable() {
  const t = useT()
  const rows = publicBuildVariables(import.meta.env)
  return (
    <Table size="small" aria-label={t('Build variables')}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('Name (build variable)')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('Value (build variable)')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
              {name}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {value || t('(empty)')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
