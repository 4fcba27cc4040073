import * as Popover from '@radix-ui/react-popover'
import { useCallback, useState } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { ICON_EMOJI } from '#app/weather/codes.ts'
import type { WeatherInfo } from '#app/weather/types.ts'
import { CitySelector } from './city-selector.tsx'
import { WeatherReportView } from './weather-report.tsx'

/**
 * The header weather (spec §2): today's weather of the chosen city, or 选择城市. It is a link to
 * /weather (the popover as a page, for no-JS browsers); with JavaScript it opens the popover.
 * Data comes from the root loader, so the header needs nothing but this component.
 */
export function WeatherWidget() {
  const root = useRouteLoaderData('root') as { weather?: WeatherInfo } | undefined
  const weather = root?.weather
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  if (!weather) return null
  const label = !weather.city
    ? '选择城市'
    : weather.lives
      ? `${weather.city.area} ${weather.lives.info} ${weather.lives.temperature}°C`
      : `${weather.city.area} 天气暂不可用`
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <Link
          to="/weather"
          className="weather-widget"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault()
            setOpen((was) => !was)
          }}
        >
          {weather.lives ? <span aria-hidden="true">{ICON_EMOJI[weather.lives.icon]} </span> : null}
          {label}
        </Link>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content className="weather-popover" aria-label="天气" sideOffset={6} align="end">
          <WeatherReportView weather={weather} />
          <h3 className="weather-select-title">选择城市</h3>
          <CitySelector onSaved={close} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
