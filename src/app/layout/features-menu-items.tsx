import { MenuItemLink } from '@/components/menu-item-link'
import type { useT } from '@/i18n/use-t'

/**
 * spec 000 §2: the Features menu's items, Prayer Wall and Testimonies, exact. The desktop
 * header's Features menu and the phone top bar's Menu both list them. An array, not a
 * fragment: a Menu's children must be its items.
 */
export function featuresMenuItems(onClose: () => void, t: ReturnType<typeof useT>) {
  return [
    <MenuItemLink key="/prayerwall" to="/prayerwall" onClick={onClose}>
      {t('Prayer Wall')}
    </MenuItemLink>,
    <MenuItemLink key="/testimonies" to="/testimonies" onClick={onClose}>
      {t('Testimonies')}
    </MenuItemLink>,
  ]
}
