import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'

/**
 * Below 600 px a signed-in member gets the app shell: compact top bar and bottom bar (issue 17).
 * Read on the first render (noSsr), so a phone never paints the desktop header first. Visitors'
 * pages are pre-rendered and keep the one responsive header.
 */
export function usePhoneLayout(): boolean {
  const theme = useTheme()
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
}
