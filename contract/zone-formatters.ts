/**
 * One Intl.DateTimeFormat per time zone, built on first use: building one costs far more than
 * using it, and the reminder job and the room form ask for the same zones over and over.
 */
export function formatterPerZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>()
  return (timeZone) => {
    let format = formatters.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      formatters.set(timeZone, format)
    }
    return format
  }
}
