import { useEffect, useId, useRef, useState } from 'react'
import { Form, useRevalidator } from 'react-router'
import { type RegionOption, RegionSelect } from './region-select.tsx'


/** The options under `parentId` (the provinces without one); none when the call fails. */
async function options(parentId?: number): Promise<RegionOption[]> {
  const query = parentId ? `?parentId=${parentId}` : ''
  try {
    const answer = (await (await fetch(`/api/weather/get-city-option${query}`)).json()) as { code: number; data: RegionOption[] | null }
    return answer.code === 1 && answer.data ? answer.data : []
  } catch {
    return []
  }
}

/**
 * The city selector of the popover (spec §2, 400px; §5 City): three selects fed by
 * get-city-option. Picking a province clears city and area; picking a city clears the areas;
 * save stays disabled until an area is picked. It posts to /weather like the no-JS form.
 */
export function CitySelector({ onSaved }: { onSaved?: () => void }) {
  const id = useId()
  const revalidator = useRevalidator()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const [provinces, setProvinces] = useState<RegionOption[]>([])
  const [cities, setCities] = useState<RegionOption[]>([])
  const [areas, setAreas] = useState<RegionOption[]>([])
  const [province, setProvince] = useState('')
  const [city, setCity] = useState('')
  const [area, setArea] = useState('')
  // The parent whose options each list waits for: an answer for a parent since left (a quick
  // second pick) is dropped, so a slow 广东省 never fills the cities of 北京市.
  const wanted = useRef({ cities: '', areas: '' })

  function load(list: 'cities' | 'areas', parent: string, set: (o: RegionOption[]) => void) {
    wanted.current[list] = parent
    if (parent) void options(Number(parent)).then((o) => wanted.current[list] === parent && set(o))
  }

  useEffect(() => {
    void options().then(setProvinces)
  }, [])

  // Saved through the JSON call, then the page's data reloads in place (the header shows the
  // new city); the form's own action is the no-JS path.
  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaving(true)
    setError('')
    try {
      const response = await fetch('/api/weather/save-city', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cityId: Number(area) }) })
      const answer = (await response.json()) as { code: number; msg: string }
      if (answer.code !== 1) return setError(answer.msg)
      await revalidator.revalidate()
      onSaved?.()
    } catch {
      setError('操作失败')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form method="post" action="/weather" className="city-selector" onSubmit={save}>
      <RegionSelect
        level={0}
        id={`${id}-p`}
        options={provinces}
        value={province}
        onChange={(e) => {
          setProvince(e.target.value)
          setCity('')
          setArea('')
          setCities([])
          setAreas([])
          load('cities', e.target.value, setCities)
          load('areas', '', setAreas)
        }}
      />
      <RegionSelect
        level={1}
        id={`${id}-c`}
        options={cities}
        value={city}
        disabled={cities.length === 0}
        onChange={(e) => {
          setCity(e.target.value)
          setArea('')
          setAreas([])
          load('areas', e.target.value, setAreas)
        }}
      />
      <RegionSelect level={2} id={`${id}-a`} name="cityId" options={areas} value={area} disabled={areas.length === 0} onChange={(e) => setArea(e.target.value)} />
      <button type="submit" className="button button-primary" disabled={!area || saving}>
        保存
      </button>
      {error ? (
        <p role="alert" className="city-selector-error">
          {error}
        </p>
      ) : null}
    </Form>
  )
}
