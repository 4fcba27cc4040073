import * as Popover from '@radix-ui/react-popover'
import type { RefObject } from 'react'
import type { WeatherInfo } from '#app/weather/types.ts'
import { CitySelector } from './city-selector.tsx'
import { WeatherReportView } from './weather-report.tsx'

/**
 * The header weather's popover (weather-widget.tsx): the report and the city selector, beside the
 * widget's link. Its own module, so that Radix loads only when someone opens it (ADR 015).
 */
export function WeatherPopover({
  open,
  onOpenChange,
  anchor,
  weather,
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  anchor: RefObject<HTMLAnchorElement | null>
  weather: WeatherInfo
  onSaved: () => void
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLAnchorElement>} />
      <Popover.Portal>
        <Popover.Content
          className="weather-popover"
          aria-label="天气"
          sideOffset={6}
          align="end"
          // No Radix Trigger (the anchor is a link for no-JS browsers): return focus to it by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            anchor.current?.focus()
          }}
        >
          <WeatherReportView weather={weather} />
          <h3 className="weather-select-title">选择城市</h3>
          <CitySelector onSaved={onSaved} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
