import searchPaths from '@mui/icons-material/Search?svg-paths'
import { Link } from '@tanstack/react-router'
import { SvgIcon } from '@/ui/svg-icon'
import iconButton from '@/ui/icon-button.module.css'
import { useT } from '@/i18n/use-t'

/**
 * Issue 43: the way to /search, beside the bell on the phone's top bar and the desktop header.
 * A link drawn as the light icon button (ADR 0025): the search page itself loads when opened.
 */
export function SearchButton() {
  const t = useT()
  return (
    <Link
      to="/search"
      aria-label={t('Search')}
      className={iconButton.iconButton}
      data-size="medium"
      data-color="inherit"
    >
      <SvgIcon paths={searchPaths} />
    </Link>
  )
}
