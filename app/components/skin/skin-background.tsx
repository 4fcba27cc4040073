import type { SubmissionResult } from '@conform-to/react'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import { RangeField, useReleaseSave } from '#app/components/manage/range-field.tsx'
import type { ManageDialogData } from '#app/components/manage/types.ts'
import {
  applyPick,
  backgroundVars,
  BLUR_LOADING_MS,
  COLOR_GROUPS,
  FUZZY_MAX,
  FUZZY_STEP,
  fuzzyLevel,
  PickSchema,
  SKIN_REPEATS,
  SKIN_TABS,
  type SkinBackground,
} from '#app/schemas/skin-background.ts'
import { SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'
import { FieldError } from '#app/components/manage/fields.tsx'
import { useSkinForm } from './skin-form.tsx'

type Data = Extract<ManageDialogData, { dialog: 'skin' }>
type Reply = SubmissionResult<string[]> | null | undefined

/**
 * The skin drawer's background part (spec §2 Skin panel): three sources as tabs — the library's
 * pictures by category, the 15 colour groups, the viewer's uploads — then opacity and blur, all
 * plain forms posting to the page (dialogs/skin.server.ts; the upload to /api/skin/upload),
 * the same with and without JavaScript. A picture is saved with how it fills the page (铺满 or
 * 平铺, spec §3 repeat). With JavaScript, a picture or colour picked shows on the page before it is
 * saved (until the drawer closes), and the sliders preview on the page and save when let go.
 */
export function SkinBackgroundPanel({ data, background, lastResult }: { data: Data; background: SkinBackground; lastResult: Reply }) {
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const pick = useSkinForm('pick-skin', lastResult)
  const previewPick = usePickPreview(data, background)
  // A pick's refusal, whichever field it names, under the tab shown (the no-JavaScript page comes back to the address it was posted from).
  const pickError = pick.errors('skin_id', 'image', 'color', 'repeat', 'opacity', 'fuzzy', '')
  const hid = <input type="hidden" name="homepageId" value={data.homepageId} />
  return (
    <section className="skin-section skin-background" aria-labelledby="skin-bg-title">
      <h3 id="skin-bg-title">背景</h3>
      <nav className="skin-tabs" aria-label="背景来源">
        {SKIN_TABS.map((t) => (
          <Link key={t.value} to={dialogHref(location, 'skin', { tab: t.value })} preventScrollReset aria-current={data.tab === t.value ? 'page' : undefined}>
            {t.name}
          </Link>
        ))}
      </nav>
      {data.tab === 'image' ? (
        <>
          <nav className="skin-tabs skin-categories" aria-label="图片分类">
            {data.categories.map((c) => (
              <Link key={c.cate_id} to={dialogHref(location, 'skin', { tab: 'image', cid: c.cate_id })} preventScrollReset aria-current={data.cid === c.cate_id ? 'page' : undefined}>
                {c.name}
              </Link>
            ))}
          </nav>
          <pick.fetcher.Form method="post" className="skin-pick" onChange={previewPick} key={`image:${data.cid}:${background.skin_id}:${background.repeat}`}>
            <input type="hidden" name="intent" value="pick-skin" />
            {hid}
            <fieldset className="skin-pictures" aria-describedby={pickError ? 'skin-pick-error' : undefined}>
              <legend>{data.categories.find((c) => c.cate_id === data.cid)?.name}</legend>
              {data.pictures.map((p) => (
                <label key={p.skin_id} className="skin-picture">
                  <input type="radio" name="skin_id" value={p.skin_id} defaultChecked={background.type === 'image' && background.skin_id === p.skin_id} />
                  <img src={p.thumb_url} alt="" width={150} height={100} loading="lazy" style={{ background: p.color }} />
                  <span>{p.name}</span>
                </label>
              ))}
            </fieldset>
            <RepeatField value={background.repeat} />
            <FieldError id="skin-pick-error" errors={pickError} />
            <button type="submit" className="button button-primary" disabled={pick.busy}>
              使用图片
            </button>
          </pick.fetcher.Form>
        </>
      ) : data.tab === 'color' ? (
        <pick.fetcher.Form method="post" className="skin-pick" onChange={previewPick} key={`color:${background.color}`}>
          <input type="hidden" name="intent" value="pick-skin" />
          {hid}
          {COLOR_GROUPS.map((g) => (
            <fieldset key={g.name} className="skin-colors">
              <legend>{g.name}</legend>
              {g.colors.map((c) => (
                <label key={c} className="skin-swatch" title={c}>
                  <input type="radio" name="color" value={c} defaultChecked={background.type === 'color' && background.color === c} />
                  <span style={{ background: c }} aria-hidden="true" />
                  <span className="visually-hidden">{`${g.name} ${c}`}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <FieldError id="skin-pick-error" errors={pickError} />
          <button type="submit" className="button button-primary" disabled={pick.busy}>
            使用颜色
          </button>
        </pick.fetcher.Form>
      ) : data.signIn === null ? (
        <CustomTab data={data} background={background} here={here} pick={pick} error={pickError} onPick={previewPick} />
      ) : (
        <p className="field-hint">
          {SIGNED_IN_ONLY_MSG}。<a href={data.signIn}>登录</a>
        </p>
      )}
      <Effects data={data} background={background} lastResult={lastResult} />
    </section>
  )
}

/** How a picture fills the page (spec §3 Skin repeat: cover or repeat), sent with the picture picked. */
function RepeatField({ value }: { value: SkinBackground['repeat'] }) {
  return (
    <fieldset className="skin-repeat">
      <legend>显示方式</legend>
      {SKIN_REPEATS.map((r) => (
        <label key={r.value} className="skin-choice">
          <input type="radio" name="repeat" value={r.value} defaultChecked={value === r.value} />
          <span>{r.name}</span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * The viewer's uploads and the upload form (multipart, no JavaScript needed). The uploads are a
 * radio group like the library's pictures, used with 铺满 or 平铺; each one's 删除 button belongs
 * to a one-click form of its own (the `form` attribute: forms do not nest).
 */
function CustomTab({
  data,
  background,
  here,
  pick,
  error,
  onPick,
}: {
  data: Data
  background: SkinBackground
  here: string
  pick: ReturnType<typeof useSkinForm>
  error: string[] | undefined
  onPick: (event: FormEvent<HTMLFormElement>) => void
}) {
  const remove = useSkinForm('delete-skin-history', null)
  return (
    <div className="skin-custom">
      <form method="post" action={`/api/skin/upload?redirectTo=${encodeURIComponent(here)}`} encType="multipart/form-data" className="skin-upload">
        <label htmlFor="skin-file">上传图片（JPG、PNG、WebP，不超过 3M）</label>
        <input id="skin-file" type="file" name="file" accept="image/jpeg,image/png,image/webp" required />
        <button type="submit" className="button button-primary">
          上传
        </button>
      </form>
      {data.history.length ? (
        <>
          <pick.fetcher.Form method="post" className="skin-pick" onChange={onPick} key={`custom:${background.image}:${background.repeat}`}>
            <input type="hidden" name="intent" value="pick-skin" />
            <input type="hidden" name="homepageId" value={data.homepageId} />
            <fieldset className="skin-pictures skin-history" aria-describedby={error ? 'skin-pick-error' : undefined}>
              <legend>上传记录</legend>
              {data.history.map((h, i) => (
                <div key={h.id} className="skin-history-item">
                  <label className="skin-picture">
                    <input type="radio" name="image" value={h.key} defaultChecked={background.type === 'custom' && background.image === h.key} />
                    <img src={h.url} alt={`上传的图片 ${i + 1}`} width={503} height={198} loading="lazy" />
                  </label>
                  <button type="submit" form={`skin-delete-${h.id}`} className="button button-small" aria-label={`删除上传的图片 ${i + 1}`} disabled={remove.busy}>
                    删除
                  </button>
                </div>
              ))}
            </fieldset>
            <RepeatField value={background.repeat} />
            <FieldError id="skin-pick-error" errors={error} />
            <button type="submit" className="button button-primary" disabled={pick.busy}>
              使用图片
            </button>
          </pick.fetcher.Form>
          {/* The 删除 buttons' forms: nothing to show of their own. */}
          <div hidden>
            {data.history.map((h) => (
              <remove.fetcher.Form key={h.id} id={`skin-delete-${h.id}`} method="post">
                <input type="hidden" name="intent" value="delete-skin-history" />
                <input type="hidden" name="id" value={h.id} />
              </remove.fetcher.Form>
            ))}
          </div>
        </>
      ) : (
        <p className="field-hint">还没有上传过图片。</p>
      )}
    </div>
  )
}

/** The page wrapper whose background the drawer previews (homepage/layout.css draws it). */
const pageWrapper = () => document.querySelector<HTMLElement>('.homepage')

/** The wrapper's custom properties a background sets (schemas/skin-background.ts backgroundVars). */
const SKIN_VARS = ['--skin-background', '--skin-size', '--skin-repeat', '--skin-opacity', '--skin-blur'] as const

/**
 * Draws a background on the page wrapper, as the server would: its custom properties and
 * data-skin. React leaves them alone until the page's own values change (a save), so drawing the
 * page's values back ends a preview cleanly.
 */
function drawBackground(background: SkinBackground) {
  const page = pageWrapper()
  if (!page) return
  const vars = backgroundVars(background)
  for (const name of SKIN_VARS) {
    const value = vars[name]
    if (value) page.style.setProperty(name, value)
    else page.style.removeProperty(name)
  }
  if (background.type === 'none') page.removeAttribute('data-skin')
  else page.setAttribute('data-skin', background.type)
}

/**
 * With JavaScript: a picture, upload, colour or 铺满/平铺 picked in one of the pick forms shows on
 * the page at once, as saving it would (applyPick: a picture at full opacity gets 80); closing the
 * drawer draws the page's own background again, the saved one if it was saved.
 */
function usePickPreview(data: Data, background: SkinBackground) {
  const shown = useRef(background)
  shown.current = background
  useEffect(() => () => drawBackground(shown.current), [])
  return (event: FormEvent<HTMLFormElement>) => {
    const picked = PickSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    if (picked.success) drawBackground(applyPick(shown.current, picked.data, (id) => data.pictures.find((p) => p.skin_id === id)?.img_url))
  }
}

/** Sets the page's background custom properties while a slider moves (the page's own values come back with the next render). */
function preview(name: 'opacity' | 'fuzzy', value: number) {
  const page = pageWrapper()
  if (!page) return
  if (name === 'opacity') page.style.setProperty('--skin-opacity', String(value / 100))
  else page.style.setProperty('--skin-blur', `${fuzzyLevel(value) * 2}px`)
}

/**
 * Spec §4, §9: a new blur shows as loading for 1.5 s — the page wrapper is aria-busy and the drawer
 * says 加载中… (a polite live region). JavaScript only: without it the blur is saved with the button.
 */
function useBlurLoading() {
  const [loading, setLoading] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const done = useCallback(() => {
    setLoading(false)
    pageWrapper()?.removeAttribute('aria-busy')
  }, [])
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      pageWrapper()?.removeAttribute('aria-busy')
    },
    [],
  )
  const start = useCallback(() => {
    clearTimeout(timer.current)
    setLoading(true)
    pageWrapper()?.setAttribute('aria-busy', 'true')
    timer.current = setTimeout(done, BLUR_LOADING_MS)
  }, [done])
  return { loading, start }
}

/**
 * Opacity 0–100 and blur 0–30 in steps of 5 (spec §9): a button without JavaScript; with it, saved
 * when a slider is let go (RangeField). Not remounted by a save: focus stays on the slider.
 */
function Effects({ data, background, lastResult }: { data: Data; background: SkinBackground; lastResult: Reply }) {
  const form = useSkinForm('save-skin-effects', lastResult)
  const { schedule, cancel } = useReleaseSave((el) => void form.fetcher.submit(el, { method: 'post', preventScrollReset: true }))
  const blur = useBlurLoading()
  return (
    <form.fetcher.Form method="post" className="skin-effects" preventScrollReset onSubmit={cancel}>
      <input type="hidden" name="intent" value="save-skin-effects" />
      <input type="hidden" name="homepageId" value={data.homepageId} />
      <RangeField
        id="skin-opacity"
        name="opacity"
        label="透明度"
        min={0}
        max={100}
        value={background.opacity}
        errors={form.errors('opacity')}
        preview={(v) => preview('opacity', Number(v))}
        onRelease={schedule}
      />
      <RangeField
        id="skin-fuzzy"
        name="fuzzy"
        label="模糊度"
        min={0}
        max={FUZZY_MAX}
        step={FUZZY_STEP}
        value={background.fuzzy}
        errors={form.errors('fuzzy')}
        preview={(v) => {
          preview('fuzzy', Number(v))
          blur.start()
        }}
        onRelease={schedule}
      />
      <p className="skin-loading" aria-live="polite">
        {blur.loading ? '加载中…' : ''}
      </p>
      <FieldError id="skin-effects-error" errors={form.errors('')} />
      <button type="submit" className="button" disabled={form.busy}>
        保存透明度和模糊度
      </button>
    </form.fetcher.Form>
  )
}
