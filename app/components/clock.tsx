import { useEffect, useState } from 'react'
import { formatClock, TIME_ZONE_COOKIE } from '#app/utils/clock.ts'

const TICK_MS = 60_000

/**
 * The header clock. The server renders it in the visitor's time zone once a previous visit has
 * told it (the tz cookie); with JavaScript it follows the browser's zone and ticks every 60 s.
 */
export function Clock({ now, timeZone }: { now: number; timeZone: string }) {
  const [state, setState] = useState({ at: now, timeZone })
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (browserZone && browserZone !== timeZone) {
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserZone)}; Path=/; Max-Age=31536000; SameSite=Lax`
    }
    const zone = browserZone || timeZone
    const update = () => setState({ at: Date.now(), timeZone: zone })
    update()
    let interval: ReturnType<typeof setInterval> | undefined
    // Tick on the minute boundary, then every 60 s.
    const first = setTimeout(() => {
      update()
      interval = setInterval(update, TICK_MS)
    }, TICK_MS - (Date.now() % TICK_MS))
    return () => {
      clearTimeout(first)
      clearInterval(interval)
    }
  }, [timeZone])
  const { date, time, weekday } = formatClock(state.at, state.timeZone)
  return (
    <time className="clock" dateTime={new Date(state.at).toISOString()} aria-label={`${date} ${time} ${weekday}`}>
      <span className="clock-time">{time}</span>
      <span className="clock-date">
        {date} {weekday}
      </span>
    </time>
  )
}
