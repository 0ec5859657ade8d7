// The API host is set per environment (spec 000 §7); empty means same origin. The notifications
// service may live on its own host (DESIGN §2 NOTIFICATIONS_URL), defaulting to the API's.
const apiBase = import.meta.env.VITE_API_URL ?? ''
const notificationsBase = import.meta.env.VITE_NOTIFICATIONS_URL ?? apiBase

export type ApiHost = 'api' | 'notifications'

export function apiUrl(path: string, host: ApiHost = 'api'): string {
  return `${host === 'api' ? apiBase : notificationsBase}${path}`
}
