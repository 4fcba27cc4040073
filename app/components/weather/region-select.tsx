import type { SelectHTMLAttributes } from 'react'
import { AREA_MSG } from '#app/schemas/weather.ts'

export type RegionOption = { id: number; name: string }

/** Province, city, area (spec §5 City): each level's label and its empty choice. */
const LEVELS = [
  { label: '省份', empty: '请选择省份' },
  { label: '城市', empty: '请选择城市' },
  { label: '区县', empty: AREA_MSG },
] as const

/**
 * One level of the city selector, a label and a select with its options: the popover (with
 * JavaScript) and the /weather steps (without) draw the same three.
 */
export function RegionSelect({
  level,
  id,
  label,
  options,
  ...select
}: { level: 0 | 1 | 2; id: string; label?: string; options: readonly RegionOption[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { label: name, empty } = LEVELS[level]
  return (
    <>
      <label htmlFor={id}>{label ?? name}</label>
      <select id={id} {...select}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </>
  )
}
