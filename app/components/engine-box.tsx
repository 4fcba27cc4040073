import { type FormEvent, useId } from 'react'
import { useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { DEFAULT_ENGINE, type EngineId, engineOf, ENGINES, engineSearchUrl, isEngineId } from '#app/utils/engines.ts'
import { useScrolledPast } from '#app/utils/use-scrolled-past.ts'

/** The box's state as the root loader reads it from its cookies. */
export type EngineState = { id: EngineId; history: string[] }

/** Where the box's settings are posted (routes/resources.engine.ts). */
export const ENGINE_SETTINGS_ACTION = '/resources/engine'

/** `rel` is not in React's form props; the engine learns neither the opener nor our address. */
const NO_OPENER = { rel: 'noopener noreferrer' } as object

/**
 * The search-engine box (spec §1, §2, issue 13): a picker (radio tabs on the page, a select in the
 * header: both keyboard-usable) and a plain GET form to the engine's own search page, opened in a
 * new tab. Without JavaScript the picker is a small form (切换) posting to /resources/engine and
 * coming back; with it the choice applies at once and is saved by a fetcher, and each search is
 * remembered (the last eight, offered in the field; without JavaScript a search goes straight to
 * the engine and our server never sees it). `fixes`: the page's box stays on screen (fixed at the
 * top) once the page is scrolled past 180 px (spec §4), in the default layout mode.
 */
export function EngineBox({ variant, fixes = false }: { variant: 'header' | 'page'; fixes?: boolean }) {
  const root = useRouteLoaderData('root') as { engine?: EngineState } | undefined
  const location = useLocation()
  const hydrated = useHydrated()
  const picker = useFetcher({ key: 'engine-pick' })
  const recorder = useFetcher({ key: 'engine-history' })
  const scrolled = useScrolledPast()
  const id = useId()
  // The engine just picked shows at once; the cookie follows.
  const pending = picker.formData?.get('engine')
  const engine = engineOf(isEngineId(pending) ? pending : (root?.engine?.id ?? DEFAULT_ENGINE))
  const history = root?.engine?.history ?? []
  const here = `${location.pathname}${location.search}`
  const historyId = `${id}-history`

  const pick = (value: string) => picker.submit({ intent: 'engine', engine: value }, { method: 'post', action: ENGINE_SETTINGS_ACTION })
  const remember = (event: FormEvent<HTMLFormElement>) => {
    const q = new FormData(event.currentTarget).get(engine.param)
    // The browser goes on to open the engine; this only keeps the query.
    if (typeof q === 'string' && q.trim()) recorder.submit({ intent: 'history', q }, { method: 'post', action: ENGINE_SETTINGS_ACTION })
  }
  // Rendered by the server only: a form posted without JavaScript comes back to this page.
  const back = hydrated ? null : <input type="hidden" name="redirectTo" value={here} />

  return (
    <div className={`engine-box engine-box-${variant}`}>
      <picker.Form method="post" action={ENGINE_SETTINGS_ACTION} className="engine-picker">
        <input type="hidden" name="intent" value="engine" />
        {back}
        {variant === 'page' ? (
          <fieldset className="engine-tabs">
            <legend className="visually-hidden">搜索引擎</legend>
            {ENGINES.map((e) => (
              <label key={e.id} className="engine-tab">
                <input type="radio" name="engine" value={e.id} checked={e.id === engine.id} onChange={() => pick(e.id)} />
                <span>{e.name}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <label className="engine-select">
            <span className="visually-hidden">搜索引擎</span>
            <select name="engine" value={engine.id} onChange={(event) => pick(event.target.value)}>
              {ENGINES.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* With JavaScript the choice is saved as it is made. */}
        <button type="submit" className="button button-small" hidden={hydrated}>
          切换
        </button>
      </picker.Form>
      <div className="engine-search-slot">
        <form
          method="get"
          action={engine.action}
          target="_blank"
          {...NO_OPENER}
          role="search"
          aria-label={`用${engine.name}搜索`}
          className={`engine-search${fixes && scrolled ? ' is-fixed' : ''}`}
          onSubmit={remember}
        >
          {Object.entries('fields' in engine ? engine.fields : {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={`${id}-q`} className="visually-hidden">
            搜索内容
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name={engine.param}
            required
            maxLength={200}
            placeholder={`${engine.name}一下`}
            list={history.length ? historyId : undefined}
            autoComplete="off"
            enterKeyHint="search"
          />
          {/* Enter in the field searches: the button is for the pointer, not one more Tab stop (issue 22). */}
          <button type="submit" className="button button-primary" tabIndex={-1}>
            搜索
          </button>
          {history.length ? (
            <datalist id={historyId}>
              {history.map((q) => (
                <option key={q} value={q} />
              ))}
            </datalist>
          ) : null}
        </form>
      </div>
      {variant === 'page' && history.length ? (
        <div className="engine-history">
          <span id={`${id}-recent`} className="engine-history-title">
            最近搜索
          </span>
          <ul aria-labelledby={`${id}-recent`}>
            {history.map((q) => (
              <li key={q}>
                <a href={engineSearchUrl(engine, q)} target="_blank" rel="noopener noreferrer">
                  {q}
                </a>
              </li>
            ))}
          </ul>
          <recorder.Form method="post" action={ENGINE_SETTINGS_ACTION} className="engine-history-clear">
            <input type="hidden" name="intent" value="clear-history" />
            {back}
            <button type="submit" className="button button-small button-ghost">
              清除
            </button>
          </recorder.Form>
        </div>
      ) : null}
    </div>
  )
}
