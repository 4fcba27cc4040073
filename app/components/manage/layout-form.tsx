import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import {
  BOOKMARK_STYLES,
  ENGINE_BG_SIZES,
  LAYOUT_MODES,
  LAYOUT_SWITCHES,
  PAGE_WIDTH_TYPES,
  RELEASED_FIELD,
  SWITCHES_FIELD,
} from '#app/schemas/layout.ts'
import { ThemeColorField } from '#app/components/skin/theme-color-field.tsx'
import { RangeField, useReleaseSave } from './range-field.tsx'
import { SubmitButton } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'layout' }>
type Option = { value: string | number; name: string }

const SWITCH_LABELS: Record<(typeof LAYOUT_SWITCHES)[number], string> = {
  engineVisible: '显示搜索框',
  websiteVisible: '显示书签',
  websitePrivacy: '隐私模式（书签名称模糊显示）',
  websiteRememberCid: '记住上次选中的分类',
  moduleRememberTab: '记住上次选中的模块',
  bookmarkOpenNewTab: '在新标签页打开书签',
  bookmarkChildBadge: '显示文件夹内书签数量',
  bookmarkFolderBadge: '显示文件夹图标',
}

const SIDEBARS: Option[] = [
  { value: 'left', name: '左侧' },
  { value: 'right', name: '右侧' },
  { value: 'none', name: '隐藏' },
]
const ANCHORS: Option[] = [...SIDEBARS.slice(0, 2), { value: 'top', name: '顶部' }, SIDEBARS[2]!]
const BORDERS: Option[] = [
  { value: 0, name: '无边框' },
  { value: 1, name: '细边框' },
  { value: 2, name: '粗边框' },
]
const BANNERS: Option[] = [
  { value: 'default', name: '默认' },
  { value: 'search', name: '仅搜索' },
]
const AREAS: Option[] = [
  { value: 'engine', name: '搜索区域' },
  { value: 'full', name: '整个页面' },
]
const NAVS: Option[] = [
  { value: 'fixed', name: '固定' },
  { value: 'opacity', name: '透明' },
]

/** A labelled group of radios (keyboard: arrows move between them). */
function Radios({ name, legend, options, value, disabled, hint }: { name: string; legend: string; options: readonly Option[]; value: unknown; disabled?: boolean; hint?: string }) {
  return (
    <fieldset className="layout-field" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="layout-options">
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name={name} value={o.value} defaultChecked={String(value) === String(o.value)} /> {o.name}
          </label>
        ))}
      </div>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </fieldset>
  )
}

function ColourField({ name, label, value }: { name: string; label: string; value: unknown }) {
  const id = `layout-${name}`
  return (
    <div className="layout-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={name} defaultValue={String(value ?? '')} placeholder="#dfe3ea" pattern="#([0-9a-fA-F]{3}){1,2}" maxLength={7} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field-hint">
        如 #3366ff；留空沿用主题颜色
      </p>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="layout-section">
      <h3>{title}</h3>
      {children}
    </section>
  )
}

/**
 * The layout settings drawer (spec §2, §3): a plain form, one 保存 for every field (the sliders'
 * values too), and 恢复默认 (clear-website-style). The switches are the owner's (disabled for
 * anyone else, spec §5), as are the background-area and navigation-display radios; a guest's
 * settings are kept in this browser.
 */
export function LayoutForm({ data }: ManageFormProps<Data>) {
  const fetcher = useFetcher()
  const reset = useFetcher()
  const v = data.values
  // The root font previewed while its slider moves; the page's own rule again once the drawer closes.
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty('font-size')
    },
    [],
  )
  const previewFont = (size: string) => document.documentElement.style.setProperty('font-size', `${size}px`)
  // A released slider saves the whole form and keeps the drawer open (RELEASED_FIELD); arrow keys
  // fire a change per press, so presses close together save once, with the last value.
  const released = fetcher.formData?.get(RELEASED_FIELD) === '1'
  const busy = (fetcher.state !== 'idle' && !released) || reset.state !== 'idle'
  const { schedule: save, cancel: cancelSave } = useReleaseSave((form) => {
    const data = new FormData(form)
    data.set(RELEASED_FIELD, '1')
    void fetcher.submit(data, { method: 'post', preventScrollReset: true })
  })
  // 保存设置 while a slider's save is waiting or on its way is not lost (the button stays enabled):
  // the waiting one is dropped, and the whole form is sent once the one on its way has answered,
  // so the server never gets the older values last.
  const queued = useRef<HTMLFormElement | null>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !queued.current) return
    const form = queued.current
    queued.current = null
    void fetcher.submit(form, { method: 'post', preventScrollReset: true })
  }, [fetcher.state, fetcher])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    cancelSave()
    if (fetcher.state === 'idle') return
    event.preventDefault()
    queued.current = event.currentTarget
  }
  return (
    <div className="layout-drawer">
      <fetcher.Form method="post" className="manage-form layout-form" preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="save-layout" />
        <input type="hidden" name="homepageId" value={data.homepageId} />
        {data.owner ? <input type="hidden" name={SWITCHES_FIELD} value={LAYOUT_SWITCHES.join(',')} /> : null}
        {data.owner ? null : <p className="field-hint">未登录时，设置只保存在这个浏览器里。</p>}
        <Section title="页面">
          <Radios name="mode" legend="布局模式" options={LAYOUT_MODES} value={v.mode} hint="简约模式仅限登录后使用" />
          <Radios name="pageWidthType" legend="页面宽度（仅此设备）" options={PAGE_WIDTH_TYPES} value={data.pageWidthType} />
          <RangeField id="layout-rootFontSize" name="rootFontSize" label="字体大小" min={14} max={19} value={v.rootFontSize} unit="px" preview={previewFont} onRelease={save} />
          <Radios name="sidebarPosition" legend="侧边按钮位置" options={SIDEBARS} value={v.sidebarPosition} />
          <Radios name="anchorPosition" legend="分类导航位置" options={ANCHORS} value={v.anchorPosition} />
          <Radios name="navigationDisplay" legend="顶部导航" options={NAVS} value={v.navigationDisplay} disabled={!data.owner} />
        </Section>
        <Section title="搜索区域">
          <Radios name="bannerMode" legend="横幅模式" options={BANNERS} value={v.bannerMode} />
          <Radios name="engineBgSize" legend="搜索区域大小" options={ENGINE_BG_SIZES} value={v.engineBgSize} />
          <Radios name="backgroundArea" legend="背景范围" options={AREAS} value={v.backgroundArea} disabled={!data.owner} hint="默认与简约模式下背景铺满整个页面" />
          <RangeField id="layout-screenSliderWidth" name="screenSliderWidth" label="全屏模式侧栏加宽" min={0} max={100} value={v.screenSliderWidth} unit="px" onRelease={save} />
        </Section>
        <Section title="书签">
          <Radios name="websiteBookmarkStyle" legend="书签样式" options={BOOKMARK_STYLES} value={v.websiteBookmarkStyle} />
          <RangeField id="layout-websiteBookmarkColumn" name="websiteBookmarkColumn" label="每行最多书签数" min={1} max={12} value={v.websiteBookmarkColumn} onRelease={save} />
          <RangeField id="layout-maxColumnHeight" name="maxColumnHeight" label="每个分类最多显示行数" min={1} max={20} value={v.maxColumnHeight} onRelease={save} />
          <Radios name="cardBorderWidth" legend="卡片边框" options={BORDERS} value={v.cardBorderWidth} />
          <ColourField name="cardBorderColor" label="卡片边框颜色" value={v.cardBorderColor} />
          <ColourField name="cardBgColor" label="卡片背景颜色" value={v.cardBgColor} />
        </Section>
        <Section title="颜色">
          <ThemeColorField value={Number(v.themeColorId)} />
        </Section>
        <Section title="开关">
          {data.owner ? null : <p className="field-hint">以下开关仅主页创建者可以修改。</p>}
          {LAYOUT_SWITCHES.map((name) => (
            <label key={name} className="layout-switch">
              <input type="checkbox" role="switch" name={name} value="true" defaultChecked={v[name] === true} disabled={!data.owner} /> {SWITCH_LABELS[name]}
            </label>
          ))}
        </Section>
        <div className="form-actions">
          <SubmitButton busy={busy} label="保存设置" />
        </div>
      </fetcher.Form>
      <reset.Form method="post" className="layout-reset" preventScrollReset>
        <input type="hidden" name="intent" value="clear-layout" />
        <input type="hidden" name="homepageId" value={data.homepageId} />
        <button type="submit" className="button" disabled={busy}>
          恢复默认布局
        </button>
      </reset.Form>
    </div>
  )
}
