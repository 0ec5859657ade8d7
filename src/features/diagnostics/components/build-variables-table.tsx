import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { publicBuildVariables } from '../public-build-variables'

export function BuildVariablesTable() {
  const rows = publicBuildVariables(import.meta.env)
  return (
    <Table size="small" aria-label="Build variables">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Name
          </TableCell>
          <TableCell component="th" scope="col">
            Value
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
              {name}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value || '(empty)'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
