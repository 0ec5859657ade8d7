import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'

export type MenuEntry = { key: string; label: string; disabled?: boolean; onSelect: () => void }

type IntentionCardMenuPopupProps = {
  id: string
  anchor: HTMLElement
  onClose: () => void
  entries: MenuEntry[]
}

/** The three-dot menu itself (spec 001 §2), loaded on demand by IntentionCardMenu. */
export default function IntentionCardMenuPopup({
  id,
  anchor,
  onClose,
  entries,
}: IntentionCardMenuPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {entries.map(({ key, label, disabled, onSelect }) => (
        <MenuItem
          key={key}
          disabled={disabled}
          onClick={() => {
            onClose()
            onSelect()
          }}
        >
          {label}
        </MenuItem>
      ))}
    </Menu>
  )
}
