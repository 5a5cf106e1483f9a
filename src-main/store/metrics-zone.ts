// Calendar days in a time zone, for the dashboard's buckets. The zone's rules (its UTC offset and
// daylight saving) come from Intl, so a day that is 23 or 25 hours long (the last Sundays of March
// and October in Europe/Zagreb) starts and ends where the desk's clock says.

/** The desk's time zone as the system names it; Europe/Zagreb when the system names none. */
export function deskTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone === "" || zone === "Etc/Unknown" ? "Europe/Zagreb" : zone
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Throws a RangeError naming the zone when Intl does not know it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone)
  if (cached !== undefined) return cached
  const made = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
  formatters.set(timeZone, made)
  return made
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts = new Map(
    formatterFor(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  )
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  }
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000
}

function dayMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`)
}

/** The local calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function isoDayIn(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone)
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`
}

/** The UTC instant (toISOString form) at which a local day begins in the zone. */
export function localMidnightUtc(iso: string, timeZone: string): string {
  const wall = dayMs(iso)
  // The offset at the wall-clock time read as UTC is right unless a change lies between the two
  // instants; asking again at the first guess settles it (midnight is never skipped in Europe).
  const guess = wall - offsetMs(wall, timeZone)
  return new Date(wall - offsetMs(guess, timeZone)).toISOString()
}

/** A calendar day moved by whole days (labels, not instants: no zone involved). */
export function shiftIsoDay(iso: string, days: number): string {
  return new Date(dayMs(iso) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The Monday of the ISO week a calendar day falls in. */
export function isoWeekMonday(iso: string): string {
  const weekday = (new Date(dayMs(iso)).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return shiftIsoDay(iso, -weekday)
}
