import type { Intention } from '@contract/intentions'
import { usePrayerList, useSetOnPrayerList } from '../api/prayer-list'

/** "Add to my prayer list" for the wall's card menus (composed in by the route). */
export function usePrayerListActions() {
  const { data } = usePrayerList()
  const setListed = useSetOnPrayerList()
  const isOnPrayerList = (intention: Intention) =>
    data?.items.some((entry) => entry.intention.intention_id === intention.intention_id) ?? false
  return {
    isOnPrayerList,
    onTogglePrayerList: (intention: Intention) =>
      setListed.mutate({ intention, listed: !isOnPrayerList(intention) }),
  }
}
