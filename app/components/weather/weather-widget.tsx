import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import type { WeatherInfo } from '#app/weather/types.ts'
import { lazyPart } from '../lazy-part.tsx'
import { isPlainClick } from '#app/utils/plain-click.ts'

/** The popover (Radix, the report, the city selector) loads when it is first opened, or hovered (ADR 015). */
const WeatherPopover = lazyPart(() => import('./weather-popover.tsx').then((m) => m.WeatherPopover))

/** A start page stays open for hours: the weather is asked again when the cache would have turned. */
const REFRESH_MS = 30 * 60_000

/** get-info's answer, or null when it could not be read (the shown data then stays as it was). */
async function fetchInfo(): Promise<{ code: number; msg: string; data: WeatherInfo | null } | null> {
  try {
    return (await (await fetch('/api/weather/get-info')).json()) as { code: number; msg: string; data: WeatherInfo | null }
  } catch {
    return null
  }
}

/**
 * The header weather (spec §2): today's weather of the chosen city, or 选择城市. It is a link to
 * /weather (the popover as a page, for no-JS browsers); with JavaScript it opens the popover.
 * Data comes from the root loader, so the header needs nothing but this component.
 */
export function WeatherWidget() {
  const root = useRouteLoaderData('root') as { weather?: WeatherInfo } | undefined
  const [fresh, setFresh] = useState<WeatherInfo | null>(null)
  const weather = fresh ?? root?.weather
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const anchor = useRef<HTMLAnchorElement>(null)
  const close = useCallback(() => setOpen(false), [])
  // New loader data (a save, a navigation) replaces what the widget fetched itself.
  useEffect(() => setFresh(null), [root?.weather])

  const refresh = useCallback(async () => {
    const answer = await fetchInfo()
    if (!answer) return
    // Spec §8: the session has ended elsewhere; the server has cleared its cookie, go home signed out.
    if (answer.data?.logout) return window.location.assign('/')
    setFresh((was) => {
      const base = was ?? root?.weather
      if (answer.code === 1 && answer.data) return answer.data
      return base ? { ...base, today: null, lives: null, forecasts: [], error: answer.msg } : null
    })
  }, [root?.weather])
  useEffect(() => {
    const timer = setInterval(() => void refresh(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])
  // The page brought only what was cached (it never waits for the provider): ask for the rest now.
  const missing = Boolean(root?.weather?.city && !root.weather.lives && !root.weather.error)
  useEffect(() => {
    if (missing) void refresh()
  }, [missing, refresh])
  if (!weather) return null
  const label = !weather.city
    ? '选择城市'
    : weather.lives
      ? `${weather.city.area} ${weather.lives.info} ${weather.lives.temperature}°C`
      : `${weather.city.area} 天气`
  return (
    <>
      <Link
        ref={anchor}
        to="/weather"
        className="weather-widget"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={WeatherPopover.preload}
        onFocus={WeatherPopover.preload}
        onClick={(event) => {
          // Ctrl / ⌘ / middle click: /weather in a new tab, as any link.
          if (!isPlainClick(event)) return
          event.preventDefault()
          if (!open) void refresh()
          setUsed(true)
          setOpen(!open)
        }}
      >
        {weather.lives ? <><span className="weather-icon" data-icon={weather.lives.icon} aria-hidden="true" />{' '}</> : null}
        {label}
      </Link>
      {/* Drawn from its first opening on, so that it can close (and give focus back) as before. */}
      {used ? <WeatherPopover open={open} onOpenChange={setOpen} anchor={anchor} weather={weather} onSaved={close} /> : null}
    </>
  )
}
